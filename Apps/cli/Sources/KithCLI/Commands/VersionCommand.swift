import Console

/// `version`: which kith this is. Needs no database, so it answers even when the file is unusable.
enum VersionCommand {
    static let version = "0.1.0"

    static let command = Command("version", summary: "Show the version of kith") { _, _ in
        .value(VersionJSON(version: version), text: "kith \(version)")
    }

    /// The same output without a registry or a shell, for the start-up path.
    static func text(json: Bool) -> String {
        json ? "{\"version\":\"\(version)\"}" : "kith \(version)"
    }

    struct VersionJSON: Encodable, Sendable {
        let version: String
    }
}
