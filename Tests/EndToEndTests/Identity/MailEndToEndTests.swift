import Foundation
import Networking
import NetworkingTesting
import PostgresStorageTesting
import StorageTesting
import Testing

/// The built `kith-server` and `kith` sending real mail: to a real SMTP server (aiosmtpd, as `Tools/test` starts one),
/// through crashes, an SMTP server that is down, refuses or stalls, and two servers on one database; and `kith`'s
/// Maildir.
@Suite("Mail end to end: verification codes through a real SMTP server and a Maildir")
struct MailEndToEndTests {
    static let from = "no-reply@kith.test"

    /// The flags of a server that sends through `smtp`.
    static func mailFlags(_ smtp: String) -> [String] { ["--smtp-url", smtp, "--mail-from", from] }

    /// Signs `email` up on `base`: the sign-up's JSON.
    static func signUp(_ base: String, _ email: String) async throws -> [String: Any] {
        let answer = try await TwoServersTests.call(
            base, .post, "/api/auth/signup",
            body: #"{"email":"\#(email)","firstName":"Pat","lastName":"Lee","password":"correct horse battery"}"#)
        #expect(answer.status == 201, "\(answer.json)")
        return answer.json
    }

    /// The messages `server` took for `recipients`, once there are `count` of them (within `seconds`).
    static func messages(
        _ server: SMTPTestServer, to recipients: Set<String>, count: Int, within seconds: Int = 20
    ) async throws -> [SMTPTestServer.Received] {
        var found: [SMTPTestServer.Received] = []
        // Not a failure here when fewer come: callers check the count (some expect fewer than they wait for).
        _ = try await poll(timeout: .seconds(seconds), every: .milliseconds(100)) {
            found = try server.received().filter { !recipients.isDisjoint(with: $0.rcptTos) }
            return found.count >= count
        }
        return found
    }

    /// The 6-digit code in a message's body, as Python's email parser decodes it.
    static func code(in message: SMTPTestServer.Received) throws -> String {
        let script = """
            import email, email.policy, re, sys
            message = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)
            assert not message.defects, message.defects
            print(re.search(r"verification code is (\\d{6})", message.get_content()).group(1))
            """
        let output = try PythonRun.run(["python3", "-c", script], input: message.data)
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func signUpMailsOneMessageWhoseCodeVerifiesTheEmail() async throws {
        let smtp = try await SMTPTestServer.sharedOrStarted()
        defer { smtp.stop() }
        let folder = makeTemporaryFolder("kith-mail-e2e")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(
            in: folder, arguments: Self.mailFlags(smtp.url()) + ["--require-verified-email"])
        defer { server.stop() }
        let email = "verify-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let session = try await Self.signUp(server.url, email)
        #expect(session["verificationSentTo"] as? String == email)
        #expect((session["account"] as? [String: Any])?["emailVerified"] as? Bool == false)
        let token = try #require(session["token"] as? String)
        // Until verified, the account may see itself and verify; everything else is 403.
        #expect(try await TwoServersTests.call(server.url, .get, "/api/me", token: token).status == 200)
        let refused = try await TwoServersTests.call(server.url, .get, "/api/households", token: token)
        #expect(refused.status == 403)
        #expect(refused.json["error"] as? String == "identity.email_not_verified")
        #expect(refused.json["message"] as? String == "Verify your email first: we sent a code to \(email).")

        let messages = try await Self.messages(smtp, to: [email], count: 1)
        try #require(messages.count == 1)
        #expect(messages[0].rcptTos == [email])
        #expect(messages[0].mailFrom == Self.from)
        let code = try Self.code(in: messages[0])

        let wrong = try await TwoServersTests.call(
            server.url, .post, "/api/me/email/verify", token: token,
            body: #"{"code":"\#(code == "000000" ? "000001" : "000000")"}"#)
        #expect(wrong.status == 400)
        #expect(wrong.json["error"] as? String == "identity.wrong_code")
        #expect(wrong.json["message"] as? String == "That code is not right. Check the latest email from Kith.")
        let right = try await TwoServersTests.call(
            server.url, .post, "/api/me/email/verify", token: token, body: #"{"code":"\#(code)"}"#)
        #expect(right.status == 200)
        #expect(right.json["emailVerified"] as? Bool == true)
        let me = try await TwoServersTests.call(server.url, .get, "/api/me", token: token)
        #expect(me.json["emailVerified"] as? Bool == true)
        #expect(try await TwoServersTests.call(server.url, .get, "/api/households", token: token).status == 200)
        let again = try await TwoServersTests.call(
            server.url, .post, "/api/me/email/verify", token: token, body: #"{"code":"\#(code)"}"#)
        #expect(again.status == 410)
        #expect(again.json["error"] as? String == "identity.code_expired")
        // One message: once nothing is left to send, this server sent one and the SMTP server took one.
        try await Self.waitUntilSent([server.url], count: 1)
        #expect(try await Self.metric("kith_mail_sent_total", on: server.url) == 1)
        #expect(try smtp.received().filter { $0.rcptTos == [email] }.count == 1)
        // No code and no address in the server's log.
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(log.contains("mail sent"))
        #expect(!log.contains(code) && !log.contains(email))
    }

    @Test func anEmailChangeThroughKithRemoteNotifiesTheOldAddressAndMovesTheSavedAccount() async throws {
        let smtp = try await SMTPTestServer.sharedOrStarted()
        defer { smtp.stop() }
        let folder = makeTemporaryFolder("kith-mail-change")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder, arguments: Self.mailFlags(smtp.url()))
        defer { server.stop() }
        let tag = UUID().uuidString.prefix(8).lowercased()
        let (old, new) = ("old-\(tag)@example.com", "new-\(tag)@example.org")
        let environment = ["KITH_PASSWORD": "correct horse battery", "XDG_STATE_HOME": folder + "/state"]
        func kith(_ arguments: String...) async throws -> KithProcess.Result {
            try await KithProcess.run(["--remote", server.url] + arguments, environment: environment)
        }
        #expect(try await kith("signup", old, "--first", "Oda", "--last", "Lee").status == 0)
        let change = try await kith("email", "change", new)
        #expect(change.status == 0, "\(change.errors)")
        #expect(change.output.contains("We sent a 6-digit code to \(new)."))
        let sent = try await Self.messages(smtp, to: [new], count: 1)
        let code = try PythonRun.run(
            [
                "python3", "-c",
                "import email,re,sys; m=email.message_from_bytes(sys.stdin.buffer.read()); "
                    + "print(re.search(r'change code is (\\d{6})', m.get_payload(decode=True).decode()).group(1))",
            ], input: try #require(sent.first).data
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        let confirm = try await kith("email", "confirm", code)
        #expect(confirm.status == 0, "\(confirm.errors)")
        #expect(confirm.output.contains("Email changed to \(new)."))
        let accounts = try TranscriptScripts.array(try await kith("accounts", "--json").output)
        #expect(accounts.map { $0["email"] as? String } == [new])
        #expect(
            try TranscriptScripts.object(try await kith("whoami", "--json").output)["emailVerified"] as? Bool == true)
        // The old address is told, with the new one masked.
        let notice = try await Self.messages(smtp, to: [old], count: 2)
        let text = String(decoding: try #require(notice.last).data, as: UTF8.self)
        #expect(text.contains("Subject: Your Kith email was changed"))
        #expect(text.contains("n***@e***.org"))
        #expect(!text.contains(new))
    }

    @Test func signUpsWhileSMTPIsDownAndAKillAreMailedWhenItReturns() async throws {
        let folder = makeTemporaryFolder("kith-mail-down")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = try KithServerProcess.freePort()
        let smtpURL = "smtp://127.0.0.1:\(port)"
        let first = try await KithServerProcess.start(in: folder, arguments: Self.mailFlags(smtpURL))
        let base = first.url
        let emails = (0..<100).map { "down-\($0)@example.com" }
        // Two at a time: every sign-up succeeds although no mail can go out.
        let signingUp = ContinuousClock.now
        for pair in stride(from: 0, to: emails.count, by: 2) {
            async let one = Self.signUp(base, emails[pair])
            async let two = Self.signUp(base, emails[pair + 1])
            _ = try await (one, two)
        }
        // kill -9 right after the last sign-up was acknowledged: what is queued is in the database.
        first.crash()
        first.stop()
        let smtp = try await SMTPTestServer.start(port: port)
        defer { smtp.stop() }
        let server = try await KithServerProcess.start(in: folder, arguments: Self.mailFlags(smtpURL))
        defer { server.stop() }
        // A message waits for its next attempt and, when the kill came mid-attempt, for its claim's lease
        // (OutboxSchedule.standard): 30 s after the first failure, doubling, so never longer after the last failure
        // than the sign-ups took plus 30 s; a lease of 2 minutes. A minute to spare beyond both.
        let signUps = Int((ContinuousClock.now - signingUp).components.seconds)
        let wait = max(120, signUps + 30) + 60
        let messages = try await Self.messages(smtp, to: Set(emails), count: emails.count, within: wait)
        #expect(messages.count == emails.count)
        #expect(Set(messages.flatMap { $0.rcptTos }) == Set(emails))
        let text = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(text.contains("mail sent"))
    }

    @Test func twoServersOnOneDatabaseSendEachMessageOnce() async throws {
        let smtp = try await SMTPTestServer.sharedOrStarted()
        defer { smtp.stop() }
        let url = try await TestPostgres.freshSchemaURL()
        let folder = makeTemporaryFolder("kith-mail-two")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/b", withIntermediateDirectories: true)
        async let startA = KithServerProcess.start(
            in: folder + "/a", databaseURL: url, arguments: Self.mailFlags(smtp.url()))
        async let startB = KithServerProcess.start(
            in: folder + "/b", databaseURL: url, arguments: Self.mailFlags(smtp.url()))
        let (a, b) = try await (startA, startB)
        defer {
            a.stop()
            b.stop()
        }
        let emails = (0..<200).map { "two-\($0)-\(UUID().uuidString.prefix(6).lowercased())@example.com" }
        for pair in stride(from: 0, to: emails.count, by: 2) {
            async let first = Self.signUp(a.url, emails[pair])
            async let second = Self.signUp(b.url, emails[pair + 1])
            _ = try await (first, second)
        }
        let messages = try await Self.messages(smtp, to: Set(emails), count: emails.count, within: 60)
        // Both servers keep polling: once the queue is empty and they count every message sent, a duplicate would
        // be in their counts and in what the SMTP server took.
        try await Self.waitUntilSent([a.url, b.url], count: emails.count)
        var sent = 0.0
        for server in [a.url, b.url] { sent += try await Self.metric("kith_mail_sent_total", on: server) ?? 0 }
        #expect(sent == 200, "sent \(sent) messages for 200 sign-ups")
        let settled = try smtp.received().filter { !Set(emails).isDisjoint(with: $0.rcptTos) }
        #expect(messages.count == 200)
        #expect(settled.count == 200)
        #expect(Set(settled.flatMap { $0.rcptTos }) == Set(emails))
    }

    @Test func aRefusingServerFailsTheMessageAndAStallingOneKeepsItQueued() async throws {
        let refusing = try await SMTPTestServer.start(.refuse)
        defer { refusing.stop() }
        let stalling = try await SMTPTestServer.start(.stall)
        defer { stalling.stop() }
        let folder = makeTemporaryFolder("kith-mail-faults")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/r", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
        let refused = try await KithServerProcess.start(
            in: folder + "/r", arguments: Self.mailFlags(refusing.url()))
        defer { refused.stop() }
        let stalled = try await KithServerProcess.start(
            in: folder + "/s", arguments: Self.mailFlags(stalling.url()))
        defer { stalled.stop() }
        _ = try await Self.signUp(refused.url, "refused@example.com")
        _ = try await Self.signUp(stalled.url, "stalled@example.com")
        // The refusal (550) is final: counted failed, logged with the server's reply.
        try await eventually(timeout: .seconds(10), every: .milliseconds(100), "the refused message counted failed") {
            try await Self.metric("kith_mail_failed_total", on: refused.url) == 1
        }
        #expect(try await Self.metric("kith_mail_sent_total", on: refused.url) == 0)
        #expect(try String(contentsOfFile: refused.log, encoding: .utf8).contains("550 5.7.1"))
        // The stalled attempt times out (10 s to connect and be greeted) and the message waits for the next.
        try await eventually(timeout: .seconds(30), every: .milliseconds(100), "the stalled attempt counted retried") {
            try await Self.metric("kith_mail_retried_total", on: stalled.url) == 1
        }
        #expect(try await Self.metric("kith_mail_queued", on: stalled.url) == 1)
        #expect(try await Self.metric("kith_mail_failed_total", on: stalled.url) == 0)
    }

    /// Waits until `servers` (on one database) have nothing queued and have sent `count` messages between them.
    static func waitUntilSent(
        _ servers: [String], count: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await eventually(
            timeout: .seconds(30), every: .milliseconds(100), "nothing queued and \(count) sent",
            sourceLocation: sourceLocation
        ) {
            var sent = 0.0
            for server in servers {
                guard try await metric("kith_mail_queued", on: server) == 0 else { return false }
                sent += try await metric("kith_mail_sent_total", on: server) ?? 0
            }
            return sent >= Double(count)
        }
    }

    /// The value of `name` on `base`'s `/metrics`.
    static func metric(_ name: String, on base: String) async throws -> Double? {
        let response = try await CurlHTTPClient().send(
            HTTPRequest(method: .get, url: URL(string: base + "/metrics")!))
        let text = String(decoding: response.body, as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test func kithWithoutAMailServerWritesAPrivateMaildirAndSaysWhere() async throws {
        let folder = makeTemporaryFolder("kith-maildir")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = [
            "XDG_DATA_HOME": folder + "/data", "KITH_PASSWORD": "correct horse battery",
        ]
        let signup = try await KithProcess.run(
            ["--db", folder + "/kith.sqlite", "signup", "mia@example.com", "--first", "Mia", "--last", "Lee"],
            environment: environment)
        #expect(signup.status == 0, "\(signup.errors)")
        #expect(signup.output.contains("We sent a 6-digit code to mia@example.com. Use `verify CODE` to confirm it."))
        let maildir = folder + "/data/kith/mail"
        let files = try FileManager.default.contentsOfDirectory(atPath: maildir + "/new")
        try #require(files.count == 1)
        let path = maildir + "/new/" + files[0]
        #expect(signup.errors.contains("Mail to mia@example.com is in \(path)"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: maildir)[.posixPermissions] as? Int == 0o700)
        // A standard reader (Python's mailbox, as mutt reads Maildirs) finds the one message, and its code verifies.
        let script = """
            import mailbox, re, sys
            box = mailbox.Maildir(sys.argv[1], create=False)
            messages = list(box)
            assert len(messages) == 1 and messages[0]["To"] == "<mia@example.com>", messages
            body = messages[0].get_payload(decode=True).decode()
            print(re.search(r"verification code is (\\d{6})", body).group(1))
            """
        let code = try PythonRun.run(["python3", "-c", script, maildir], input: Data())
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let verify = try await KithProcess.run(
            ["--db", folder + "/kith.sqlite", "verify", code], environment: environment)
        #expect(verify.status == 0, "\(verify.errors)")
        #expect(verify.output.contains("Email verified."))
    }

    /// An SMTP server offering STARTTLS with a certificate of the operator's own CA: refused (curl's 60) until that CA
    /// is named, `KITH_SMTP_CA_FILE` for `kith` and `--smtp-ca-file` for `kith-server`; verification stays on.
    @Test func aPrivateCertificateAuthorityIsTrustedOnlyWhenNamed() async throws {
        let (certificate, authority) = try TestCertificate.makeSignedByCA()
        defer { certificate.remove() }
        let smtp = try await SMTPTestServer.start(arguments: [
            "--cert", certificate.certificate, "--key", certificate.key,
        ])
        defer { smtp.stop() }
        let folder = makeTemporaryFolder("kith-mail-ca")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = [
            "XDG_DATA_HOME": folder + "/data", "KITH_PASSWORD": "correct horse battery", "KITH_SMTP_URL": smtp.url(),
            "KITH_MAIL_FROM": Self.from,
        ]
        let database = folder + "/kith.sqlite"
        let untrusted = try await KithProcess.run(
            ["--db", database, "signup", "ida@example.com", "--first", "Ida", "--last", "Lee"], environment: environment
        )
        #expect(untrusted.status == 0, "\(untrusted.errors)")
        #expect(untrusted.errors.contains("Could not send mail to ida@example.com"))
        #expect(try smtp.received().isEmpty)
        // Named, the CA's certificate is trusted: the next sign-up's message goes, over TLS. (Ida's waits out kith's
        // one-second pause between tries, so it goes in this run or a later one; whatever goes, goes over TLS.)
        let trusted = try await KithProcess.run(
            ["--db", database, "signup", "jo@example.com", "--first", "Jo", "--last", "Lee"],
            environment: environment.merging(["KITH_SMTP_CA_FILE": authority]) { $1 })
        #expect(trusted.errors.contains("Mail to jo@example.com sent."), "\(trusted.errors)")
        #expect(try smtp.received().filter { $0.rcptTos == ["jo@example.com"] }.map(\.tls) == [true])
        #expect(try smtp.received().allSatisfy(\.tls))

        let server = try await KithServerProcess.start(
            in: folder, arguments: Self.mailFlags(smtp.url()) + ["--smtp-ca-file", authority])
        defer { server.stop() }
        let email = "ca-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        _ = try await Self.signUp(server.url, email)
        let messages = try await Self.messages(smtp, to: [email], count: 1)
        #expect(messages.map(\.tls) == [true])
    }

    @Test func kithKeepsWhatItCouldNotSendAndTheNextRunSendsIt() async throws {
        let folder = makeTemporaryFolder("kith-mail-retry")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let port = try KithServerProcess.freePort()
        let environment = [
            "XDG_DATA_HOME": folder + "/data", "KITH_PASSWORD": "correct horse battery",
            "KITH_SMTP_URL": "smtp://127.0.0.1:\(port)", "KITH_MAIL_FROM": Self.from,
        ]
        let database = folder + "/kith.sqlite"
        let signup = try await KithProcess.run(
            ["--db", database, "signup", "noa@example.com", "--first", "Noa", "--last", "Lee"],
            environment: environment)
        #expect(signup.status == 0, "\(signup.errors)")
        #expect(signup.errors.contains("Could not send mail to noa@example.com"))
        #expect(signup.errors.contains("it stays queued, and the next kith run tries again."))
        let smtp = try await SMTPTestServer.start(port: port)
        defer { smtp.stop() }
        // kept: the queued message is due again one second after the failure (OutboxSchedule.everyRun), by the
        // system clock of a `kith` process that is not running now, so no clock of the test's can be moved for it.
        try await Task.sleep(for: .seconds(1.1))
        let next = try await KithProcess.run(["--db", database, "whoami"], environment: environment)
        #expect(next.status == 0)
        #expect(next.errors.contains("Mail to noa@example.com sent."))
        let received = try smtp.received()
        #expect(received.map(\.rcptTos) == [["noa@example.com"]])
        let code = try Self.code(in: try #require(received.first))
        #expect(try await KithProcess.run(["--db", database, "verify", code], environment: environment).status == 0)
    }
}

/// Runs a short Python program, feeding `input`: its standard output (a failure when it exits non-zero).
enum PythonRun {
    static func run(_ arguments: [String], input: Data) throws -> String {
        try ChildProcess.output(of: arguments, input: input)
    }
}

/// Password recovery over HTTP: the same answer and time for known and unknown emails, and a reset that ends every
/// session on every server.
@Suite("Password recovery end to end")
struct RecoveryEndToEndTests {
    /// One JSON request from the client address `address` (the server trusts loopback's `X-Forwarded-For`).
    static func call(
        _ base: String, _ path: String, body: String, from address: String, client: CurlHTTPClient
    ) async throws -> (status: Int, json: [String: Any], seconds: Double) {
        let headers: HTTPHeaders = ["Content-Type": "application/json", "X-Forwarded-For": address]
        let started = ContinuousClock.now
        let response = try await client.send(
            HTTPRequest(method: .post, url: URL(string: base + path)!, headers: headers, body: Data(body.utf8)))
        let elapsed = ContinuousClock.now - started
        let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return (response.status, json, seconds)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    @Test func knownAndUnknownEmailsGetTheSameAnswerInTheSameTime() async throws {
        let smtp = try await SMTPTestServer.sharedOrStarted()
        defer { smtp.stop() }
        let folder = makeTemporaryFolder("kith-recovery-timing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(
            in: folder, arguments: MailEndToEndTests.mailFlags(smtp.url()) + ["--trusted-proxy", "127.0.0.1"])
        defer { server.stop() }
        let tag = UUID().uuidString.prefix(8).lowercased()
        let known = (0..<50).map { "known-\($0)-\(tag)@example.com" }
        let unknown = (0..<50).map { "unknown-\($0)-\(tag)@example.com" }
        for email in known { _ = try await MailEndToEndTests.signUp(server.url, email) }
        _ = try await MailEndToEndTests.messages(smtp, to: Set(known), count: known.count)
        let client = CurlHTTPClient()
        var times: (known: [Double], unknown: [Double]) = ([], [])
        var answers: Set<String> = []
        // Alternated, each from an address of its own, so neither kind meets a warmer server or a limit.
        for index in 0..<50 {
            for (kind, email) in [("known", known[index]), ("unknown", unknown[index])] {
                let answer = try await Self.call(
                    server.url, "/api/auth/recovery", body: #"{"email":"\#(email)"}"#,
                    from: "10.\(kind == "known" ? 1 : 2).0.\(index + 1)", client: client)
                #expect(answer.status == 202)
                answers.insert("\(answer.status) \(answer.json.keys.sorted())")
                if kind == "known" { times.known.append(answer.seconds) } else { times.unknown.append(answer.seconds) }
            }
        }
        #expect(answers.count == 1, "\(answers)")
        let (knownMedian, unknownMedian) = (Self.median(times.known), Self.median(times.unknown))
        print(
            String(
                format: "password forgot over HTTP, 50 each: known median %.3f ms, unknown median %.3f ms (%.2fx)",
                knownMedian * 1000, unknownMedian * 1000, knownMedian / unknownMedian))
        // Within a quarter of each other. Both answer in `recoveryAnswerTime` on a quiet server, which is what hides
        // whether a code was made and queued; with the rest of the suite running beside this test (24 tests at once
        // on 2 cores) the known address's work can outlast that time: medians 13-14% apart were seen there, where a
        // 10% bound failed (never on a quiet machine).
        #expect(abs(knownMedian - unknownMedian) <= 0.25 * max(knownMedian, unknownMedian))
        // Only the known emails got a message (a verification code at sign-up, then the recovery code).
        let recovery = try await MailEndToEndTests.messages(smtp, to: Set(known), count: 100)
        #expect(recovery.count == 100)
        #expect(try smtp.received().filter { !Set(unknown).isDisjoint(with: $0.rcptTos) }.isEmpty)
    }

    @Test func aResetEndsEverySessionOnEveryServerAndTheCodeWorksOnce() async throws {
        let smtp = try await SMTPTestServer.sharedOrStarted()
        defer { smtp.stop() }
        let url = try await TestPostgres.freshSchemaURL()
        let folder = makeTemporaryFolder("kith-recovery-reset")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["/a", "/b"] {
            try FileManager.default.createDirectory(atPath: folder + name, withIntermediateDirectories: true)
        }
        async let startA = KithServerProcess.start(
            in: folder + "/a", databaseURL: url, arguments: MailEndToEndTests.mailFlags(smtp.url()))
        async let startB = KithServerProcess.start(
            in: folder + "/b", databaseURL: url, arguments: MailEndToEndTests.mailFlags(smtp.url()))
        let (a, b) = try await (startA, startB)
        defer {
            a.stop()
            b.stop()
        }
        // The limit of 3 codes an email an hour holds across both servers: 10 requests at once, 5 on each, send 3.
        let limited = "limited-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        _ = try await MailEndToEndTests.signUp(a.url, limited)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<10 {
                group.addTask {
                    try await TwoServersTests.call(
                        index % 2 == 0 ? a.url : b.url, .post, "/api/auth/recovery", body: #"{"email":"\#(limited)"}"#
                    ).status
                }
            }
            for try await status in group { #expect(status == 202) }
        }
        // Every code is queued before its request is answered: once both servers have nothing queued and have sent
        // the sign-up's message and three codes, a fourth code would have been sent too (not a 5 s wait for one).
        try await MailEndToEndTests.waitUntilSent([a.url, b.url], count: 4)
        var sent = 0.0
        for server in [a.url, b.url] {
            sent += try await MailEndToEndTests.metric("kith_mail_sent_total", on: server) ?? 0
        }
        #expect(sent == 4, "\(sent) messages sent for a sign-up and ten recovery requests")
        let limitedMail = try await MailEndToEndTests.messages(smtp, to: [limited], count: 4)
        #expect(
            limitedMail.filter { String(decoding: $0.data, as: UTF8.self).contains("password reset code") }.count == 3)

        let email = "reset-\(UUID().uuidString.prefix(8).lowercased())@example.com"
        let first = try #require(try await MailEndToEndTests.signUp(a.url, email)["token"] as? String)
        let signIn = try await TwoServersTests.call(
            b.url, .post, "/api/auth/signin", body: #"{"email":"\#(email)","password":"correct horse battery"}"#)
        let second = try #require(signIn.json["token"] as? String)

        let forgot = try await TwoServersTests.call(a.url, .post, "/api/auth/recovery", body: #"{"email":"\#(email)"}"#)
        #expect(forgot.status == 202)
        let messages = try await MailEndToEndTests.messages(smtp, to: [email], count: 2)
        let code = try PythonRun.run(
            [
                "python3", "-c",
                "import email,re,sys; m=email.message_from_bytes(sys.stdin.buffer.read()); "
                    + "print(re.search(r'Your code is ([0-9A-Z]{4}-[0-9A-Z]{4})', m.get_payload(decode=True).decode()).group(1))",
            ], input: try #require(messages.last).data
        ).trimmingCharacters(in: .whitespacesAndNewlines)

        let body = #"{"email":"\#(email)","code":"\#(code.lowercased())","password":"a brand new password"}"#
        let reset = try await TwoServersTests.call(b.url, .post, "/api/auth/recovery/reset", body: body)
        #expect(reset.status == 200, "\(reset.json)")
        let fresh = try #require(reset.json["token"] as? String)
        #expect((reset.json["account"] as? [String: Any])?["emailVerified"] as? Bool == true)
        // Both earlier sessions are refused on both servers; the new one works on both.
        for server in [a.url, b.url] {
            for token in [first, second] {
                #expect(try await TwoServersTests.call(server, .get, "/api/me", token: token).status == 401)
            }
            #expect(try await TwoServersTests.call(server, .get, "/api/me", token: fresh).status == 200)
        }
        let old = try await TwoServersTests.call(
            a.url, .post, "/api/auth/signin", body: #"{"email":"\#(email)","password":"correct horse battery"}"#)
        #expect(old.status == 401)
        let new = try await TwoServersTests.call(
            a.url, .post, "/api/auth/signin", body: #"{"email":"\#(email)","password":"a brand new password"}"#)
        #expect(new.status == 200)
        let again = try await TwoServersTests.call(
            a.url, .post, "/api/auth/recovery/reset",
            body: #"{"email":"\#(email)","code":"\#(code)","password":"yet another password"}"#)
        #expect(again.status == 400)
        #expect(again.json["error"] as? String == "identity.recovery_code_invalid")
        let notices = try await MailEndToEndTests.messages(smtp, to: [email], count: 3)
        #expect(notices.count == 3)
        #expect(
            String(decoding: try #require(notices.last).data, as: UTF8.self).contains("Your Kith password was changed"))
    }
}
