import Foundation
import Mail
import Testing

@Suite("Messages are RFC 5322 that Python's email parser reads back exactly")
struct MailMessageTests {
    let date = Date(timeIntervalSince1970: 1_764_187_200)

    func message(
        subject: String = "Your code", body: String = "Hello\n", fromName: String = "Kith",
        to: String = "dana@example.com"
    )
        -> MailMessage
    {
        MailMessage(
            from: "no-reply@kith.example", fromName: fromName, to: to, subject: subject, body: body, date: date,
            messageId: "3f0c8a52-0000-4000-8000-000000000001@kith.example")
    }

    @Test func anAsciiMessageHasEveryHeaderAndItsBody() throws {
        let rendered = message().rendered()
        #expect(rendered.sender == "no-reply@kith.example")
        #expect(rendered.recipient == "dana@example.com")
        #expect(!rendered.text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let parsed = try PythonEmail.parse(rendered.text)
        #expect(parsed.defects == [])
        #expect(parsed.values("From") == ["Kith <no-reply@kith.example>"])
        #expect(parsed.values("To") == ["dana@example.com"])
        #expect(parsed.values("Subject") == ["Your code"])
        #expect(parsed.values("Date") == ["Wed, 26 Nov 2025 20:00:00 +0000"])
        #expect(parsed.values("Message-ID") == ["<3f0c8a52-0000-4000-8000-000000000001@kith.example>"])
        #expect(parsed.values("MIME-Version") == ["1.0"])
        #expect(parsed.values("Auto-Submitted") == ["auto-generated"])
        #expect(parsed.values("Content-Type") == ["text/plain; charset=\"utf-8\""])
        #expect(parsed.body == "Hello\n")
    }

    @Test func nonAsciiHeadersAreEncodedWordsThatDecodeBack() throws {
        let subject = "Votre code à usage unique 🔐 — ваш код подтверждения, 你的验证码, and a long tail to fold"
        let rendered = message(subject: subject, fromName: "Kíth Fämily").rendered()
        let headerLines = rendered.text.components(separatedBy: "\r\n\r\n")[0].components(separatedBy: "\r\n")
        #expect(headerLines.allSatisfy { line in line.utf8.allSatisfy { $0 < 0x80 } && line.count <= 78 })
        let parsed = try PythonEmail.parse(rendered.text)
        #expect(parsed.defects == [])
        #expect(parsed.values("Subject") == [subject])
        #expect(parsed.values("From") == ["Kíth Fämily <no-reply@kith.example>"])
    }

    @Test func userTextCannotAddAHeader() throws {
        let attempts = [
            "Hi\r\nBcc: victim@example.com", "Hi\nBcc: victim@example.com", "Hi\rBcc: victim@example.com",
            "Hi\u{0085}Bcc: victim@example.com", "Hi\u{2028}Bcc: victim@example.com",
        ]
        for attempt in attempts {
            let rendered = message(subject: attempt, fromName: attempt).rendered()
            let parsed = try PythonEmail.parse(rendered.text)
            #expect(parsed.values("Bcc") == [], "\(attempt.debugDescription)")
            #expect(parsed.headers.count == 9, "\(attempt.debugDescription)")
            #expect(parsed.defects == [])
        }
        let recipient = message(to: "dana@example.com\r\nBcc: victim@example.com").rendered()
        #expect(try PythonEmail.parse(recipient.text).values("Bcc") == [])
        #expect(!recipient.recipient.contains("\n"))
    }

    @Test func theBodySurvivesLongLinesDotsAndEveryCharacter() throws {
        let body = """
            Line one with ümlauts and emoji 👋🏽 and a trailing space 
            .
            .. starts with dots
            \(String(repeating: "long-", count: 60))end
            tab\tinside and = signs == 3

            last line
            """
        let rendered = message(body: body + "\n").rendered()
        let bodyLines = rendered.text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
            .components(separatedBy: "\r\n")
        #expect(bodyLines.allSatisfy { $0.count <= 76 && $0.utf8.allSatisfy { $0 < 0x80 } })
        let parsed = try PythonEmail.parse(rendered.text)
        #expect(parsed.defects == [])
        #expect(parsed.body == body + "\n")
    }
}
