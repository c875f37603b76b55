import Events
import EventsHTTP
import EventsTesting
import Foundation
import Networking
import NetworkingTesting
import Synchronization
import Testing
import Tokens

/// Deliveries as an app's receiver sees them, checked by the Standard Webhooks reference library (PyPI's
/// `standardwebhooks`, pinned in Tools/python-tools) behind a real HTTP server, sent by libcurl.
@Suite("Webhooks verified by standardwebhooks")
struct StandardWebhooksTests {
    /// A receiver on a free loopback port (written to FOLDER/port) answering each POST in turn with the given
    /// statuses, then exiting; per request it prints the webhook-id, its answer, whether `Webhook.verify` accepted
    /// the signature and timestamp, and the verified body's id, type and cursor.
    static let receiver = #"""
        import http.server, json, os, sys
        from standardwebhooks.webhooks import Webhook
        folder, secret, answers = sys.argv[1], sys.argv[2], [int(a) for a in sys.argv[3].split(",")]
        webhook = Webhook(secret)
        served = []
        class Receiver(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                headers = {name.lower(): value for name, value in self.headers.items()}
                try:
                    event = webhook.verify(body, headers)
                    verdict = "verified %s %s %s" % (event["id"], event["type"], event["cursor"])
                except Exception as error:
                    verdict = "refused " + type(error).__name__
                status = answers[len(served)]
                served.append(status)
                print(headers.get("webhook-id"), status, verdict, flush=True)
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()
            def log_message(self, *arguments):
                pass
        server = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
        with open(folder + "/port.tmp", "w") as file:
            file.write(str(server.server_port))
        os.rename(folder + "/port.tmp", folder + "/port")
        for _ in answers:
            server.handle_request()
        """#

    /// Starts the receiver answering `answers`; returns its URL and the task that ends with its printed lines.
    static func startReceiver(secret: String, answers: [Int]) async throws -> (
        url: String, lines: Task<[String], any Error>, folder: String
    ) {
        let folder = NSTemporaryDirectory() + "kith-webhooks-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let arguments = [folder, secret, answers.map(String.init).joined(separator: ",")]
        let lines = Task {
            try await PythonTools.run(receiver, arguments: arguments).split(separator: "\n").map(String.init)
        }
        for _ in 0..<600 {
            if let port = try? String(contentsOfFile: folder + "/port", encoding: .utf8) {
                return ("http://127.0.0.1:\(port)/hooks", lines, folder)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        lines.cancel()
        throw ReceiverDidNotStart(output: String(describing: try? await lines.value))
    }

    struct ReceiverDidNotStart: Error {
        let output: String
    }

    /// Counts what is sent through libcurl.
    final class CountingSender: WebhookSender {
        let inner = HTTPWebhookSender(client: CurlHTTPClient())
        let count = Mutex(0)

        func send(_ request: WebhookRequest) async throws -> Int {
            count.withLock { $0 += 1 }
            return try await inner.send(request)
        }
    }

    /// An app with its webhook at a receiver not yet started: the secret is shown when the app is added, and the URL
    /// known only once the receiver listens, so the app is registered at a placeholder and its URL set after.
    static func app(
        in environment: EventsContractEnvironment, answers: [Int]
    ) async throws -> (AppSecrets, Task<[String], any Error>, String) {
        let placeholder = try await environment.app(webhook: "http://127.0.0.1:9/hooks")
        let secret = try #require(placeholder.webhookSecret)
        let (url, lines, folder) = try await startReceiver(secret: secret, answers: answers)
        let id = placeholder.app.id
        try await environment.base.store.write { tokens, _, _ in
            guard var stored = try tokens.app(id: id) else { throw TokensError.appNotFound(id) }
            stored.app.webhookURL = url
            try tokens.updateApp(stored)
        }
        return (placeholder, lines, folder)
    }

    @Test(
        "500 three times, then 200: the event arrives 4 times with one webhook-id, every signature verifies, and the next event only after"
    )
    func retriedThenDelivered() async throws {
        let environment = EventsContractEnvironment.inMemory()
        // Timestamps follow the injected clock; the library checks them against the real time (5 minutes either
        // way), so the test clock starts at the real time and moves 210 seconds in all.
        environment.clock.set(Date())
        let (_, lines, folder) = try await Self.app(in: environment, answers: [500, 500, 500, 200, 200])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try await environment.emit("account.updated")
        let second = try await environment.emit("account.deleted")
        let sender = CountingSender()
        let deliverer = environment.deliverer(sending: sender)
        var results: [WebhookReport.Result] = []
        for pause in [0, 30, 60, 120] as [TimeInterval] {
            environment.clock.advance(by: pause)
            // A pass a second before the pause ends sends nothing.
            if pause > 0 {
                environment.clock.advance(by: -1)
                #expect(try await deliverer.deliverDue().attempts.isEmpty)
                environment.clock.advance(by: 1)
            }
            results += try await deliverer.deliverDue().attempts.map(\.result)
        }
        results += try await deliverer.deliverDue().attempts.map(\.result)
        #expect(results == [.retried, .retried, .retried, .delivered, .delivered])
        let printed = try await lines.value.map { $0.split(separator: " ").map(String.init) }
        try #require(printed.count == 5, "\(printed)")
        for (index, line) in printed.enumerated() {
            let (id, type) = index < 4 ? (first, "account.updated") : (second, "account.deleted")
            #expect(Array(line.prefix(5)) == [id, ["500", "500", "500", "200", "200"][index], "verified", id, type])
        }
        #expect(sender.count.withLock { $0 } == 5)
    }

    @Test("a receiver answering 410 disables the app's webhook: no further POSTs")
    func goneDisables() async throws {
        let environment = EventsContractEnvironment.inMemory()
        environment.clock.set(Date())
        let (app, lines, folder) = try await Self.app(in: environment, answers: [410])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let event = try await environment.emit()
        let sender = CountingSender()
        let deliverer = environment.deliverer(sending: sender)
        #expect(try await deliverer.deliverDue().attempts.map(\.result) == [.disabled])
        let printed = try await lines.value
        #expect(printed.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == ["\(event) 410 verified"])
        try await environment.emit("account.deleted")
        for _ in 0..<3 {
            environment.clock.advance(by: 3_600)
            #expect(try await deliverer.deliverDue().attempts.isEmpty)
        }
        #expect(sender.count.withLock { $0 } == 1)
        #expect(try await environment.state(of: app)?.disabledURL != nil)
    }

    @Test("the signature is Standard Webhooks' own test vector")
    func vector() throws {
        // From the specification's reference libraries' tests.
        let signature = try StandardWebhooks.signature(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Data(#"{"test": 2432232314}"#.utf8),
            secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        #expect(throws: StandardWebhooks.MalformedSecret.self) {
            try StandardWebhooks.signature(id: "a", timestamp: 1, body: Data(), secret: "whsec_***")
        }
    }
}
