import Foundation

/// Where and how `CurlSMTPClient` delivers mail: an `smtp://` or `smtps://` server, an optional user
/// and password, timeouts and an optional CA bundle.
///
/// `smtp://HOST[:PORT]` (port 25 unless given; 587 for submission) upgrades to TLS with STARTTLS when the
/// server offers it; `smtps://HOST[:PORT]` (465 unless given) speaks TLS from the first byte. A path
/// (`smtp://HOST:587/kith.example.com`) is the name libcurl gives in EHLO (`localhost` without one).
/// The password never appears in `description`.
public struct SMTPConfiguration: Sendable, Equatable, CustomStringConvertible {
    /// The server, checked to be `smtp://` or `smtps://` with a host and no user in it.
    public let url: URL
    /// The user to authenticate as (AUTH), when the server asks for one.
    public var username: String?
    /// The user's password; kept out of `description` and every log.
    public var password: String?
    /// Time allowed to connect, read the greeting and finish STARTTLS or the TLS handshake.
    public var connectTimeout: Duration
    /// Time allowed for the whole delivery of one message, connection included.
    public var timeout: Duration
    /// A PEM bundle of the certificate authorities to trust instead of the system's (a private CA);
    /// verification stays on.
    public var caBundlePath: String?

    /// A configuration for `url`; throws `.invalidRequest` with a sentence saying what is wrong with it.
    public init(
        url: String,
        username: String? = nil,
        password: String? = nil,
        connectTimeout: Duration = .seconds(10),
        timeout: Duration = .seconds(30),
        caBundlePath: String? = nil
    ) throws(NetworkingError) {
        self.url = try Self.parse(url)
        self.username = username
        self.password = password
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.caBundlePath = caBundlePath
    }

    /// Whether TLS starts with the connection (`smtps://`) rather than through STARTTLS.
    public var isImplicitTLS: Bool { url.scheme?.lowercased() == "smtps" }

    public var description: String {
        var parts = ["SMTP \(url.absoluteString)"]
        if let username { parts.append("user \(username)") }
        if password != nil { parts.append("password set") }
        if let caBundlePath { parts.append("CA bundle \(caBundlePath)") }
        return parts.joined(separator: ", ")
    }

    /// The URL of `text`, or the sentence a person reads when it is not an SMTP server's.
    static func parse(_ text: String) throws(NetworkingError) -> URL {
        func invalid(_ sentence: String) -> NetworkingError {
            NetworkingError(.invalidRequest, message: sentence, detail: sentence)
        }
        // The sentences never repeat the text: a URL with a password in it must not reach a log.
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else {
            throw invalid("The SMTP URL is not a valid URL: write smtp://HOST:PORT or smtps://HOST:PORT.")
        }
        guard scheme == "smtp" || scheme == "smtps" else {
            throw invalid(
                "The SMTP URL must start with smtp:// or smtps://, not \(scheme)://: write smtp://HOST:PORT or smtps://HOST:PORT."
            )
        }
        guard url.user == nil, url.password == nil else {
            throw invalid("Give the SMTP user and password on their own, not in the URL.")
        }
        guard let host = url.host, !host.isEmpty else {
            throw invalid("The SMTP URL names no server: write \(scheme)://HOST:PORT.")
        }
        return url
    }
}
