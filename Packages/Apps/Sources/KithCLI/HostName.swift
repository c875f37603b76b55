import Accounts

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This machine's name, for the label `kith`'s sessions record as where they were made ("kith on HOST").
enum HostName {
    /// `gethostname`'s answer; "unknown host" when it gives none.
    static func current() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "unknown host" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "unknown host" : name
    }

    /// `kith`'s session label on this machine.
    static var sessionLabel: String { SessionLabel.kith(host: current()) }
}
