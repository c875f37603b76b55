import Storage

/// Where the database file lives when no path is given on the command line.
public enum DatabaseLocation {
    /// `--db` wins, then `KITH_DB`, then `$XDG_DATA_HOME/kith/kith.sqlite`, then `~/.local/share/kith/kith.sqlite`.
    public static func resolve(explicitPath: String?, environment: [String: String]) -> String {
        if let explicitPath, !explicitPath.isEmpty { return explicitPath }
        if let path = environment["KITH_DB"], !path.isEmpty { return path }
        return dataDirectory(environment: environment) + "/kith/kith.sqlite"
    }

    /// `$XDG_DATA_HOME`, or `~/.local/share` as the XDG base directory specification says.
    public static func dataDirectory(environment: [String: String]) -> String {
        if let dir = environment["XDG_DATA_HOME"], dir.hasPrefix("/") { return dir }
        return home(environment) + "/.local/share"
    }

    /// `$XDG_STATE_HOME`, or `~/.local/state`.
    public static func stateDirectory(environment: [String: String]) -> String {
        if let dir = environment["XDG_STATE_HOME"], dir.hasPrefix("/") { return dir }
        return home(environment) + "/.local/state"
    }

    private static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }
}
