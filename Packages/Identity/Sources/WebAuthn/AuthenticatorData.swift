/// What an authenticator signs (WebAuthn Level 2 §6.1): the rp id hash, flags, sign count, then for a registration
/// the attested credential, then extensions when the ED flag says so; nothing after.
public struct AuthenticatorData: Sendable, Hashable {
    /// The flags byte.
    public struct Flags: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let userPresent = Flags(rawValue: 0x01)
        public static let userVerified = Flags(rawValue: 0x04)
        public static let backupEligible = Flags(rawValue: 0x08)
        public static let backedUp = Flags(rawValue: 0x10)
        public static let attestedCredentialData = Flags(rawValue: 0x40)
        public static let extensionData = Flags(rawValue: 0x80)
    }

    /// A new credential as a registration's authenticator data carries it.
    public struct AttestedCredential: Sendable, Hashable {
        public let aaguid: [UInt8]
        public let credentialID: [UInt8]
        public let publicKey: COSEPublicKey
    }

    /// The longest credential id WebAuthn allows.
    public static let maximumCredentialIDLength = 1023

    public let rpIDHash: [UInt8]
    public let flags: Flags
    public let signCount: UInt32
    public let attestedCredential: AttestedCredential?
    public let extensions: CBORValue?

    /// The authenticator data that is all of `bytes`.
    public init(bytes: [UInt8]) throws(PasskeyCheckFailure) {
        guard bytes.count >= 37 else { throw .malformed("authenticator data: \(bytes.count) bytes, fewer than 37") }
        rpIDHash = Array(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var position = 37
        if flags.contains(.attestedCredentialData) {
            guard bytes.count >= position + 18 else { throw .malformed("authenticator data: attested credential") }
            let aaguid = Array(bytes[position..<position + 16])
            let idLength = Int(bytes[position + 16]) << 8 | Int(bytes[position + 17])
            position += 18
            guard idLength <= Self.maximumCredentialIDLength else {
                throw .malformed("authenticator data: credential id of \(idLength) bytes")
            }
            guard bytes.count >= position + idLength else { throw .malformed("authenticator data: credential id") }
            let credentialID = Array(bytes[position..<position + idLength])
            position += idLength
            let (value, length) = try Self.item(bytes[position...], "credential public key")
            let keyBytes = Array(bytes[position..<position + length])
            position += length
            attestedCredential = AttestedCredential(
                aaguid: aaguid, credentialID: credentialID, publicKey: try COSEPublicKey(value: value, bytes: keyBytes))
        } else {
            attestedCredential = nil
        }
        if flags.contains(.extensionData) {
            let (value, length) = try Self.item(bytes[position...], "extensions")
            guard case .map = value else { throw .malformed("authenticator data: extensions are not a map") }
            extensions = value
            position += length
        } else {
            extensions = nil
        }
        guard position == bytes.count else {
            let extra = bytes.count - position
            throw .malformed("authenticator data: \(extra == 1 ? "1 byte" : "\(extra) bytes") after its end")
        }
        guard flags.contains(.backupEligible) || !flags.contains(.backedUp) else {
            throw .malformed("authenticator data: backed up but not backup eligible")
        }
    }

    private static func item(_ bytes: ArraySlice<UInt8>, _ what: String) throws(PasskeyCheckFailure) -> (
        CBORValue, Int
    ) {
        do { return try CBORReader.decodePrefix(bytes) } catch {
            throw .malformed("authenticator data: \(what): \(error)")
        }
    }
}
