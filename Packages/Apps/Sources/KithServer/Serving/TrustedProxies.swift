#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--trusted-proxy CIDR` (CLI.md, Operations): which peers may say who the client is, as pure functions over a value.
///
/// A request whose peer is in one of the ranges takes its client address from `X-Forwarded-For`: the rightmost
/// address there that is not itself a trusted proxy. Each proxy appends the address it was reached from, so
/// everything left of the first untrusted hop (reading from the right) was written by the client and is not
/// believed. A chain of trusted proxies only gives its leftmost address. Any other peer is the client, and its
/// `X-Forwarded-For` is ignored, so a client cannot choose its own address. Addresses are compared as bytes and
/// given back in their canonical text (`inet_ntop`), so two spellings of one address are one client.
public struct TrustedProxies: Sendable, Equatable {
    /// One `ADDRESS/PREFIX` range; a bare address is a range of one.
    public struct Range: Sendable, Equatable, CustomStringConvertible {
        let network: [UInt8]
        let prefix: Int

        /// Parses `cidr` (`10.0.0.0/8`, `192.168.1.7`, `fd00::/8`), or nil when it is not one.
        public init?(_ cidr: String) {
            let parts = cidr.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard let bytes = TrustedProxies.bytes(of: parts[0]) else { return nil }
            let bits = bytes.count * 8
            if parts.count == 2 {
                guard let prefix = Int(parts[1]), (0...bits).contains(prefix), parts[1].allSatisfy(\.isNumber) else {
                    return nil
                }
                self.prefix = prefix
            } else {
                prefix = bits
            }
            network = TrustedProxies.masked(bytes, prefix: prefix)
        }

        /// Whether `address` (its bytes) is in this range.
        func contains(_ address: [UInt8]) -> Bool {
            address.count == network.count && TrustedProxies.masked(address, prefix: prefix) == network
        }

        public var description: String { "\(TrustedProxies.text(of: network) ?? "?")/\(prefix)" }
    }

    public let ranges: [Range]

    /// Trusts the peers in `ranges`; none by default, so only the peer's own address counts.
    public init(_ ranges: [Range] = []) {
        self.ranges = ranges
    }

    /// Whether `address` is one of the trusted proxies.
    public func trusts(_ address: String) -> Bool {
        guard let bytes = Self.bytes(of: address) else { return false }
        return ranges.contains { $0.contains(bytes) }
    }

    /// The client's address for a request from `peer` carrying the `X-Forwarded-For` values `forwardedFor` (every
    /// field of that name, in order), as the type's rules say.
    public func clientAddress(peer: String, forwardedFor: [String]) -> String {
        let peerText = Self.canonical(peer) ?? peer
        guard !ranges.isEmpty, trusts(peer) else { return peerText }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map(Self.addressPart)
        guard !hops.isEmpty else { return peerText }
        var leftmost = peerText
        for hop in hops.reversed() {
            // A hop a trusted proxy wrote that is not an address: nothing to its left can be believed either.
            guard let address = Self.canonical(hop) else { return leftmost }
            if !trusts(address) { return address }
            leftmost = address
        }
        return leftmost
    }

    // MARK: - Addresses

    /// `hop` without spaces, a port (`1.2.3.4:80`) or brackets (`[::1]:80`).
    static func addressPart(_ hop: Substring) -> String {
        let trimmed = hop.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
        var text = String(trimmed.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            text = String(text[..<colon])
        }
        return text
    }

    /// The canonical text of `address`, or nil when it is not an IPv4 or IPv6 address.
    static func canonical(_ address: String) -> String? {
        bytes(of: address).flatMap(text(of:))
    }

    /// The address's 4 or 16 bytes; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is its IPv4 address.
    static func bytes(of address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff {
            return Array(bytes[12...])
        }
        return bytes
    }

    static func text(of bytes: [UInt8]) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `bytes` with every bit after the first `prefix` cleared.
    static func masked(_ bytes: [UInt8], prefix: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = min(max(prefix - index * 8, 0), 8)
            return kept == 8 ? byte : byte & ~(UInt8(0xff) >> kept)
        }
    }
}
