/// Why the passkey page in the browser gave no credential: a closed code, and the sentence the person reads.
public struct PasskeyPageError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Another program listens on the page's port.
        case portInUse
        /// The loopback socket could not be opened at all.
        case cannotListen
        /// Nothing came back from the browser in time.
        case timedOut
        /// The browser's WebAuthn call failed (refused, cancelled, no authenticator...).
        case browserFailed
        /// `KITH_PASSKEY_PORT` is not a port number.
        case badPort
        /// The relying party is not "localhost", which a page on this computer cannot act for.
        case notLocalhost
    }

    public let code: Code
    /// The sentence a person reads.
    public let description: String

    /// The page's `port` is taken.
    public static func portInUse(_ port: UInt16) -> PasskeyPageError {
        PasskeyPageError(
            code: .portInUse,
            description:
                "Port \(port) on localhost is in use, so the passkey page cannot be served: stop what uses it, or set "
                + "KITH_PASSKEY_PORT to another port (a kith-server must then list http://localhost:PORT as a "
                + "--passkey-origin).")
    }

    public static func cannotListen(_ port: UInt16, _ reason: String) -> PasskeyPageError {
        PasskeyPageError(
            code: .cannotListen, description: "The passkey page cannot listen on localhost:\(port) (\(reason)).")
    }

    public static let timedOut = PasskeyPageError(
        code: .timedOut,
        description: "No passkey came back from the browser within "
            + "\(LoopbackPasskeyPage.timeout.components.seconds / 60) minutes: run the command again.")

    /// What the page said went wrong, as the browser named it (`NotAllowedError: ...`).
    public static func browserFailed(_ said: String) -> PasskeyPageError {
        let reason = said.count > 300 ? String(said.prefix(300)) + "…" : said
        return PasskeyPageError(
            code: .browserFailed, description: "The passkey did not work in the browser (\(reason)).")
    }

    /// `KITH_PASSKEY_PORT` is `text`, not a port.
    public static func badPort(_ text: String) -> PasskeyPageError {
        PasskeyPageError(
            code: .badPort, description: "KITH_PASSKEY_PORT is \"\(text)\", not a port number (1 to 65535).")
    }

    /// The server's passkeys are for `relyingParty`, not "localhost".
    public static func notLocalhost(_ relyingParty: String) -> PasskeyPageError {
        PasskeyPageError(
            code: .notLocalhost,
            description:
                "This server's passkeys are for \(relyingParty), which a page on this computer cannot use: use a "
                + "passkey in an app or page of \(relyingParty) (kith's page needs a server run with "
                + "--passkey-rp-id localhost --passkey-origin http://localhost:PORT).")
    }
}
