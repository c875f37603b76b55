#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The columns of the terminal a file descriptor writes to.
public enum TerminalWidth {
    /// What the terminal says (it follows resizes), else `COLUMNS`, else 80; nil when `descriptor` is not a
    /// terminal, since output to a pipe or a file is never fitted to anything.
    public static func of(descriptor: Int32, environment: [String: String]) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
        return 80
    }
}
