import Foundation
import Networking
import NetworkingTesting
import Testing

/// `CurlSMTPClient` against a real SMTP server (aiosmtpd, Tools/smtp-test-server.py), one per test.
@Suite("CurlSMTPClient: delivery through libcurl to a real SMTP server")
struct SMTPClientTests {
    static let message = Data(
        """
        From: Kith <kith@example.com>\r
        To: ana@example.org\r
        Subject: Your code\r
        Content-Type: text/plain; charset=utf-8\r
        \r
        Olá: your code is 123456.\r

        """.utf8)

    static func client(_ server: SMTPTestServer, timeout: Duration = .seconds(30)) throws -> CurlSMTPClient {
        CurlSMTPClient(configuration: try SMTPConfiguration(url: server.url(), timeout: timeout))
    }

    static func refusal(_ body: () async throws -> SMTPReply) async -> NetworkingError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? NetworkingError
        }
    }

    @Test func theServerReceivesTheEnvelopeAndTheExactBytes() async throws {
        let server = try await SMTPTestServer.start()
        defer { server.stop() }
        let reply = try await Self.client(server).send(
            Self.message, from: "kith@example.com", to: ["ana@example.org", "ben@example.net"])

        let received = try server.received()
        try #require(received.count == 1)
        #expect(received[0].mailFrom == "kith@example.com")
        #expect(received[0].rcptTos == ["ana@example.org", "ben@example.net"])
        #expect(received[0].data == Self.message)
        #expect(received[0].tls == false)
        #expect(received[0].login == nil)
        #expect(reply == SMTPReply(code: 250, text: "2.0.0 Ok: queued as \(server.fileNames()[0])"))
    }

    @Test func linesOfADotAndLinesStartingWithADotArriveIntact() async throws {
        let server = try await SMTPTestServer.start()
        defer { server.stop() }
        let message = Data("Subject: dots\r\n\r\nfirst\r\n.\r\n..two dots\r\n.one dot\r\n. \r\n...\r\n.\r\n".utf8)
        _ = try await Self.client(server).send(message, from: "kith@example.com", to: ["ana@example.org"])
        #expect(try server.received().map(\.data) == [message])
    }

    @Test func sequentialMessagesEachArrive() async throws {
        let server = try await SMTPTestServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let messages = (1...3).map { Data("Subject: \($0)\r\n\r\nmessage \($0)\r\n".utf8) }
        for message in messages {
            #expect(try await client.send(message, from: "kith@example.com", to: ["ana@example.org"]).code == 250)
        }
        #expect(try server.received().map(\.data) == messages)
    }

    @Test func a550IsAPermanentRefusalWithTheServersText() async throws {
        let server = try await SMTPTestServer.start(.refuse)
        defer { server.stop() }
        let client = try Self.client(server)
        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        }
        #expect(error?.code == .smtpRefused)
        #expect(error?.isPermanent == true)
        #expect(error?.smtpReply == SMTPReply(code: 550, text: "5.7.1 Message refused by the test server"))
        #expect(
            error?.description == "The mail server refused the message (550 5.7.1 Message refused by the test server)")
        #expect(try server.received().isEmpty)
    }

    @Test func a451IsATemporaryFailureWithTheServersText() async throws {
        let server = try await SMTPTestServer.start(.tempfail)
        defer { server.stop() }
        let client = try Self.client(server)
        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        }
        #expect(error?.code == .smtpDeferred, "\(String(describing: error?.detail))")
        #expect(error?.isPermanent == false)
        #expect(error?.smtpReply == SMTPReply(code: 451, text: "4.3.0 Try again later (test server)"))
    }

    @Test func aServerThatNeverAnswersFailsAfterTheTimeoutAsTemporary() async throws {
        let server = try await SMTPTestServer.start(.stall)
        defer { server.stop() }
        // A connect timeout far above the total one, so the bound below tells which of the two ended the wait.
        let client = CurlSMTPClient(
            configuration: try SMTPConfiguration(url: server.url(), connectTimeout: .seconds(60), timeout: .seconds(2)))
        let started = ContinuousClock.now
        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        }
        let elapsed = ContinuousClock.now - started
        #expect(error?.code == .timeout)
        #expect(error?.isPermanent == false)
        #expect(error?.smtpReply == nil)
        // The 2 s asked for, not the 60 s connect timeout or libcurl's 120 s wait for a reply (the bound leaves
        // room for a machine busy with other tests).
        #expect(elapsed >= .milliseconds(1900))
        #expect(elapsed < .seconds(40))
    }

    @Test func aPortWithNothingListeningIsATemporaryConnectionFailure() async throws {
        let server = try await SMTPTestServer.start()
        let client = try Self.client(server)
        server.stop()
        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        }
        #expect(error?.code == .offline)
        #expect(error?.isPermanent == false)
        #expect(error?.smtpReply == nil)
    }

    @Test func aServerThatComesBackTakesTheNextMessage() async throws {
        let folder = try SMTPTestServer.temporaryFolder("kith-smtp-mail")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await SMTPTestServer.start(folder: folder)
        let port = first.port
        let client = try Self.client(first)
        first.stop()

        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        }
        #expect(error?.code == .offline)

        let again = try await SMTPTestServer.start(port: port, folder: folder)
        defer { again.stop() }
        #expect(try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"]).code == 250)
        #expect(try again.received().map(\.data) == [Self.message])
    }

    @Test func theUserAndPasswordAuthenticate() async throws {
        let server = try await SMTPTestServer.start(arguments: ["--user", "kith", "--password", "s3cret pass"])
        defer { server.stop() }
        let configuration = try SMTPConfiguration(url: server.url(), username: "kith", password: "s3cret pass")
        let reply = try await CurlSMTPClient(configuration: configuration)
            .send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        #expect(reply.code == 250)
        #expect(try server.received().map(\.login) == ["kith"])
    }

    @Test func aWrongPasswordIsRefusedWith535() async throws {
        let server = try await SMTPTestServer.start(arguments: ["--user", "kith", "--password", "s3cret"])
        defer { server.stop() }
        let configuration = try SMTPConfiguration(url: server.url(), username: "kith", password: "wrong")
        let client = CurlSMTPClient(configuration: configuration)
        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        }
        #expect(error?.code == .smtpRefused)
        #expect(error?.smtpReply?.code == 535)
        #expect(error.map { "\($0) \($0.detail ?? "")".contains("wrong") } == false)
        #expect(try server.received().isEmpty)
    }

    @Test func noCredentialsWhereTheServerRequiresThemIsRefused() async throws {
        let server = try await SMTPTestServer.start(arguments: ["--user", "kith", "--password", "s3cret"])
        defer { server.stop() }
        let client = try Self.client(server)
        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        }
        #expect(error?.code == .smtpRefused)
        #expect(error?.smtpReply?.code == 530, "\(String(describing: error?.detail))")
        #expect(try server.received().isEmpty)
    }

    @Test func starttlsWhenTheServerOffersItTrustingTheGivenCA() async throws {
        let certificate = try TestCertificate.make()
        defer { certificate.remove() }
        let server = try await SMTPTestServer.start(arguments: [
            "--cert", certificate.certificate, "--key", certificate.key,
        ])
        defer { server.stop() }
        let configuration = try SMTPConfiguration(url: server.url(), caBundlePath: certificate.certificate)
        let reply = try await CurlSMTPClient(configuration: configuration)
            .send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        #expect(reply.code == 250)
        let received = try server.received()
        #expect(received.map(\.tls) == [true])
        #expect(received.map(\.data) == [Self.message])
    }

    @Test func starttlsWithAnUntrustedCertificateFailsAndSendsNothing() async throws {
        let certificate = try TestCertificate.make()
        defer { certificate.remove() }
        let server = try await SMTPTestServer.start(arguments: [
            "--cert", certificate.certificate, "--key", certificate.key,
        ])
        defer { server.stop() }
        let client = try Self.client(server)
        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        }
        #expect(error?.code == .tls)
        #expect(error?.isPermanent == false)
        #expect(try server.received().isEmpty)
    }

    @Test func smtpsSpeaksTLSFromTheStart() async throws {
        let certificate = try TestCertificate.make()
        defer { certificate.remove() }
        let server = try await SMTPTestServer.start(arguments: [
            "--cert", certificate.certificate, "--key", certificate.key, "--implicit-tls",
        ])
        defer { server.stop() }
        let configuration = try SMTPConfiguration(
            url: server.url(scheme: "smtps"), caBundlePath: certificate.certificate)
        #expect(configuration.isImplicitTLS)
        let reply = try await CurlSMTPClient(configuration: configuration)
            .send(Self.message, from: "kith@example.com", to: ["ana@example.org"])
        #expect(reply.code == 250)
        #expect(try server.received().map(\.tls) == [true])
    }

    @Test func anAddressWithALineBreakIsRefusedBeforeConnecting() async throws {
        let server = try await SMTPTestServer.start()
        defer { server.stop() }
        let client = try Self.client(server)
        let error = await Self.refusal {
            try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org\r\nRCPT TO:<x@y.z>"])
        }
        #expect(error?.code == .invalidRequest)
        #expect(error?.description == "A mail address cannot contain a line break.")
        let none = await Self.refusal { try await client.send(Self.message, from: "kith@example.com", to: []) }
        #expect(none?.description == "A message needs at least one recipient.")
        #expect(try server.received().isEmpty)
    }

    @Test func cancellingTheTaskStopsAStalledDelivery() async throws {
        let server = try await SMTPTestServer.start(.stall)
        defer { server.stop() }
        let client = try Self.client(server, timeout: .seconds(30))
        let task = Task { try await client.send(Self.message, from: "kith@example.com", to: ["ana@example.org"]) }
        // Cancelled once the delivery is under way (connected to the server, which never answers), not before.
        try await eventually(timeout: .seconds(10), "the client connected to the stalling server") {
            try establishedConnections(to: server.port) >= 1
        }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}

@Suite("SMTPConfiguration: the server URL and what it keeps to itself")
struct SMTPConfigurationTests {
    @Test(arguments: ["smtp://mail.example.com:587", "smtps://mail.example.com", "SMTP://127.0.0.1:2525/kith.example"])
    func smtpAndSmtpsURLsAreTaken(url: String) throws {
        let configuration = try SMTPConfiguration(url: url)
        #expect(configuration.url.absoluteString == url)
        #expect(configuration.connectTimeout == .seconds(10))
        #expect(configuration.timeout == .seconds(30))
    }

    @Test(arguments: [
        (
            "http://mail.example.com",
            "The SMTP URL must start with smtp:// or smtps://, not http://: write smtp://HOST:PORT or smtps://HOST:PORT."
        ),
        (
            "mail.example.com:25",
            "The SMTP URL must start with smtp:// or smtps://, not mail.example.com://: write smtp://HOST:PORT or smtps://HOST:PORT."
        ),
        ("smtp://", "The SMTP URL names no server: write smtp://HOST:PORT."),
        ("smtp://kith:s3cret@mail.example.com", "Give the SMTP user and password on their own, not in the URL."),
        ("", "The SMTP URL is not a valid URL: write smtp://HOST:PORT or smtps://HOST:PORT."),
    ])
    func otherURLsAreRefusedWithASentence(url: String, sentence: String) {
        #expect {
            try SMTPConfiguration(url: url)
        } throws: { error in
            let error = error as? NetworkingError
            return error?.code == .invalidRequest && error?.description == sentence
        }
    }

    @Test func theDescriptionNeverShowsThePassword() throws {
        let configuration = try SMTPConfiguration(
            url: "smtp://mail.example.com:587", username: "kith", password: "s3cret")
        #expect(configuration.description == "SMTP smtp://mail.example.com:587, user kith, password set")
        #expect(!"\(configuration)".contains("s3cret"))
    }
}
