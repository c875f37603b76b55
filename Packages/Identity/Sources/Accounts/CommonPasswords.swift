import Foundation

/// The 10,000 most common passwords (`Resources/common-passwords.txt`: its source and licence head the file), which
/// no new password may be: NIST SP 800-63B's check against known-bad passwords, compared ignoring case.
public enum CommonPasswords {
    /// Whether `password`, lower-cased, is on the list; nil when the list cannot be read (see `location`).
    public static func contains(_ password: String) -> Bool? {
        list.map { $0.contains(password.lowercased()) }
    }

    /// The list, read once; nil when it is missing.
    private static let list: Set<String>? = location.flatMap { url in
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        let entries = text.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { $0 != "#" && !$0.hasPrefix("# ") }
            .map(String.init)
        return entries.isEmpty ? nil : Set(entries)
    }

    /// Where SwiftPM puts the list: in `Identity_Accounts.resources` beside the executable, or in the build folder it
    /// was built in. Looked for here rather than through the generated `Bundle.module`, which stops the process
    /// when its bundle is missing; a missing list refuses new passwords instead (`IdentityError.passwordListMissing`).
    private static var location: URL? {
        let name = "Identity_Accounts.resources/common-passwords.txt"
        let folders = [
            Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent(),
            Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
        ].compactMap { $0 }
        return folders.map { $0.appending(path: name) }.first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
