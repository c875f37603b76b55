/// The relying party passkeys are made for (`--passkey-rp-id`) and the origins its pages are served from
/// (`--passkey-origin`).
public struct PasskeyRelyingParty: Sendable, Hashable {
    /// The name the creation options show.
    public static let name = "Kith"

    /// A host name, lower case.
    public let id: String
    /// Serialized origins (`scheme://host[:port]`, lower case, no default port) that client data may name.
    public let origins: [String]

    /// A configuration error: why the rp id or an origin cannot be used, as a sentence.
    public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
    }

    /// The relying party `id` for `origins`. Origins are https, or http on `localhost` or `127.0.0.1`; each one's host
    /// is the rp id or a subdomain of it (WebAuthn's rule for an rp id).
    public init(id: String, origins: [String]) throws(ConfigurationError) {
        let id = id.lowercased()
        guard Self.isHostName(id) else {
            throw ConfigurationError(
                description: "The passkey relying party id \"\(id)\" is not a host name (like example.com).")
        }
        guard !origins.isEmpty else {
            throw ConfigurationError(description: "Passkeys need at least one --passkey-origin.")
        }
        var normalized = [String]()
        for origin in origins {
            let parsed = try Self.origin(origin)
            guard parsed.host == id || parsed.host.hasSuffix("." + id) else {
                throw ConfigurationError(
                    description: "The passkey origin \"\(origin)\" is not on the relying party id \"\(id)\".")
            }
            if !normalized.contains(parsed.serialized) { normalized.append(parsed.serialized) }
        }
        self.id = id
        self.origins = normalized
    }

    /// Whether client data may name `origin`.
    public func allows(origin: String) -> Bool { origins.contains(origin) }

    private static func origin(_ text: String) throws(ConfigurationError) -> (host: String, serialized: String) {
        let lowered = text.lowercased()
        let scheme: String
        let rest: Substring
        if lowered.hasPrefix("https://") {
            scheme = "https"
            rest = lowered.dropFirst("https://".count)
        } else if lowered.hasPrefix("http://") {
            scheme = "http"
            rest = lowered.dropFirst("http://".count)
        } else {
            throw ConfigurationError(
                description:
                    "The passkey origin \"\(text)\" is not an origin, which starts with https:// "
                    + "(or http:// on localhost).")
        }
        let parts = rest.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let host = String(parts[0])
        guard isHostName(host) else {
            throw ConfigurationError(
                description: "The passkey origin \"\(text)\" is not an origin: scheme, host and port only, no path.")
        }
        var port: Int?
        if parts.count == 2 {
            guard parts[1].allSatisfy({ ("0"..."9").contains($0) }), let number = Int(parts[1]),
                (1...65535).contains(number)
            else {
                throw ConfigurationError(description: "The passkey origin \"\(text)\" has no valid port.")
            }
            port = number
        }
        guard scheme == "https" || host == "localhost" || host == "127.0.0.1" else {
            throw ConfigurationError(
                description: "The passkey origin \"\(text)\" must use https (http only on localhost or 127.0.0.1).")
        }
        let defaultPort = scheme == "https" ? 443 : 80
        let serialized = scheme + "://" + host + (port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
        return (host, serialized)
    }

    /// Lower-case letters, digits and hyphens in dot-separated labels of 1 to 63 characters.
    private static func isHostName(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count <= 253 else { return false }
        return text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
        }
    }
}
