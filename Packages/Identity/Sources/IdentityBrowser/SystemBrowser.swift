import Foundation

/// The person's own browser, for the sign-ins a command line hands to it (Google's and Apple's pages, the passkey
/// page).
public enum SystemBrowser {
    /// Opens `url` with `xdg-open` when `environment` names a display; without one (a server, a terminal over SSH)
    /// nothing opens, and the URL the caller printed is the way in.
    public static func open(_ url: String, environment: [String: String]) {
        guard environment["DISPLAY"].map({ !$0.isEmpty }) == true || environment["WAYLAND_DISPLAY"] != nil else {
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
