import Foundation

/// One plain-text message as Kith sends it: to one recipient, from the configured sender, in UTF-8.
///
/// `rendered()` gives RFC 5322 text: From, To, Subject, Date, Message-ID, the MIME headers and
/// `Auto-Submitted: auto-generated`; non-ASCII header text as RFC 2047 words; the body quoted-printable, so no line
/// is too long and any byte survives any server. Header values lose every control character (CR and LF among them)
/// before they are written, so nothing a user typed can end a header or add one.
public struct MailMessage: Sendable, Hashable {
    /// The sender's address (`--mail-from`).
    public var from: String
    /// The name shown beside the sender's address.
    public var fromName: String
    /// The recipient's address.
    public var to: String
    public var subject: String
    /// Plain text; lines end with "\n" (rendered as CRLF).
    public var body: String
    public var date: Date
    /// Unique; without the angle brackets (`UUID@domain`).
    public var messageId: String

    /// Creates a message.
    public init(
        from: String, fromName: String = "Kith", to: String, subject: String, body: String, date: Date,
        messageId: String
    ) {
        self.from = from
        self.fromName = fromName
        self.to = to
        self.subject = subject
        self.body = body
        self.date = date
        self.messageId = messageId
    }

    /// The message as it travels: envelope addresses and RFC 5322 text with CRLF line ends.
    public func rendered() -> RenderedMail {
        let headers = [
            "From: \(Self.encodedWords(Self.headerText(fromName), label: "From", phrase: true)) <\(Self.headerText(from))>",
            "To: <\(Self.headerText(to))>",
            "Subject: \(Self.encodedWords(Self.headerText(subject), label: "Subject"))",
            "Date: \(Self.rfc5322Date(date))",
            "Message-ID: <\(Self.headerText(messageId))>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "Auto-Submitted: auto-generated",
        ]
        let text = headers.joined(separator: "\r\n") + "\r\n\r\n" + Self.quotedPrintable(body)
        return RenderedMail(sender: Self.headerText(from), recipient: Self.headerText(to), text: text)
    }

    // MARK: - Headers

    /// `value` without control characters (each becomes a space), so it stays on its header's line.
    static func headerText(_ value: String) -> String {
        String(
            String.UnicodeScalarView(
                value.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// `text` as it may stand in a header after `label: `: itself when it is printable ASCII that fits on the line
    /// (for a display name, only characters a phrase may hold unquoted), else RFC 2047 `=?UTF-8?B?...?=` words folded
    /// onto continuation lines of at most 78 characters, never splitting a character's bytes.
    static func encodedWords(_ text: String, label: String, phrase: Bool = false) -> String {
        let allowed = phrase ? phraseCharacters : printableCharacters
        if text.unicodeScalars.allSatisfy(allowed.contains), !text.contains("=?"), label.count + 2 + text.count <= 78 {
            return text
        }
        // A word is "=?UTF-8?B?" + base64 + "?=": 12 characters and 4 of base64 for each 3 bytes. The first shares
        // its line with `label: `; the others follow one space, and no word is longer than 75.
        func capacity(_ room: Int) -> Int { max(3, (min(75, room) - 12) / 4 * 3) }
        var words: [String] = []
        var chunk: [UInt8] = []
        var limit = capacity(78 - label.count - 2)
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > limit, !chunk.isEmpty {
                words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=")
                chunk = []
                limit = capacity(77)
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append("=?UTF-8?B?\(Data(chunk).base64EncodedString())?=") }
        return words.joined(separator: "\r\n ")
    }

    /// Printable ASCII, which an unstructured header (Subject) may hold as it is.
    private static let printableCharacters = CharacterSet(charactersIn: Unicode.Scalar(0x20)...Unicode.Scalar(0x7E))

    /// What a display name may hold without quotes: letters, digits, spaces and RFC 5322's `atext` symbols.
    private static let phraseCharacters = CharacterSet.alphanumerics.intersection(printableCharacters)
        .union(CharacterSet(charactersIn: " !#$%&'*+-/=?^_`{|}~"))

    /// RFC 5322's date, in UTC: `Thu, 26 Nov 2026 20:07:00 +0000`.
    static func rfc5322Date(_ date: Date) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(weekday: .abbreviated), \(day: .twoDigits) \(month: .abbreviated) \(year: .defaultDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) +0000",
                locale: Locale(identifier: "en_US_POSIX"), timeZone: .gmt, calendar: Calendar(identifier: .gregorian)))
    }

    // MARK: - Body

    /// `text` in quoted-printable (RFC 2045) with CRLF line ends: lines of at most 76 characters, soft breaks
    /// where a line is longer, every byte that is not printable ASCII (and `=`, and a space or tab before a line end)
    /// as `=XX`.
    static func quotedPrintable(_ text: String) -> String {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line -> String in
            let bytes = Array(line.utf8)
            var output: [String] = []
            var current = ""
            for (index, byte) in bytes.enumerated() {
                let isLast = index == bytes.count - 1
                let token: String
                if (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !isLast) {
                    token = String(UnicodeScalar(byte))
                } else {
                    token = "=" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
                // A soft break ("=") takes one place of the 76.
                if current.count + token.count > 75 {
                    output.append(current + "=")
                    current = ""
                }
                current += token
            }
            output.append(current)
            return output.joined(separator: "\r\n")
        }.joined(separator: "\r\n")
    }
}

/// A message as it travels: the envelope's sender and recipient, and the RFC 5322 text.
public struct RenderedMail: Sendable, Hashable {
    public var sender: String
    public var recipient: String
    /// RFC 5322 text with CRLF line ends.
    public var text: String

    /// Creates a rendered message.
    public init(sender: String, recipient: String, text: String) {
        self.sender = sender
        self.recipient = recipient
        self.text = text
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
