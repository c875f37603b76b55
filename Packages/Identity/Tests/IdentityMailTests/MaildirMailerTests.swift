import Foundation
import IdentityMail
import Mail
import Testing

@Suite("Maildir delivery: one private file a message, that Python's mailbox reads")
struct MaildirMailerTests {
    @Test func eachMessageIsOneFileInNewReadableOnlyByItsOwner() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "kith-maildir-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let mailer = MaildirMailer(folder: folder.appending(path: "mail"))
        var paths: [String] = []
        for index in 1...3 {
            let message = MailMessage(
                from: "kith@localhost", to: "user\(index)@example.com", subject: "Message \(index)",
                body: "Body \(index)\n", date: Date(), messageId: "\(index)@localhost")
            paths.append(try await mailer.deliver(message.rendered()))
        }
        let new = folder.appending(path: "mail/new").path
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: new).map { "\(new)/\($0)" }) == Set(paths))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "mail/tmp").path) == [])
        for path in paths {
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: folder.appending(path: "mail").path)[.posixPermissions]
            as? Int
        #expect(folderMode == 0o700)
        let script = """
            import mailbox, sys, json
            box = mailbox.Maildir(sys.argv[1], create=False)
            print(json.dumps(sorted(m["Subject"] for m in box)))
            """
        let output = try PythonEmail.run(
            ["python3", "-c", script, folder.appending(path: "mail").path], input: Data())
        #expect(try JSONDecoder().decode([String].self, from: output) == ["Message 1", "Message 2", "Message 3"])
    }

    @Test func aFolderThatCannotBeWrittenIsATemporaryFailure() async throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "kith-not-a-folder-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let mailer = MaildirMailer(folder: file.appending(path: "mail"))
        let message = MailMessage(
            from: "kith@localhost", to: "a@example.com", subject: "S", body: "B\n", date: Date(), messageId: "1@x")
        await #expect(throws: MailDeliveryError.self) { try await mailer.deliver(message.rendered()) }
        do {
            _ = try await mailer.deliver(message.rendered())
        } catch let error as MailDeliveryError {
            #expect(!error.isPermanent)
        }
    }
}
