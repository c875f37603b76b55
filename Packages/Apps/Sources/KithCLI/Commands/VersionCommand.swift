import Console

/// `version`: which app this is. Needs no database, so it answers even when the file is unusable.
public enum VersionCommand {
    /// Kith's own version, which `kith` shows.
    public static let version = "0.1.0"

    static func command(app: KithApp) -> Command {
        Command("version", summary: "Show the version of \(app.name)") { _, _ in
            .value(VersionJSON(version: app.version), text: app.versionText(json: false))
        }
    }

    struct VersionJSON: Encodable, Sendable {
        let version: String
    }
}
