extension UInt8 {
    /// `A-Z`, `a-z` or `0-9`: the letters and digits of the byte-level checks (path segments, request ids, ASCII
    /// email addresses), which take nothing beyond ASCII for one.
    public var isASCIILetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self)
    }
}
