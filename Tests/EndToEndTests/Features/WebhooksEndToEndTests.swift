import Foundation
import NetworkingTesting
import StorageTesting
import Testing

/// Webhooks from outside: the built `kith-server` registers an app with a webhook (`apps add --webhook-url --json`),
/// serves, and its background delivery POSTs each event written to its file, in order, to a receiver written in
/// Python that verifies every one with the Standard Webhooks reference library (`standardwebhooks`).
@Suite("Webhooks end to end: kith-server and standardwebhooks")
struct WebhooksEndToEndTests {
    /// Listens on a free port (written to FOLDER/port), reads the app's secret from FOLDER/secret when the first POST
    /// comes, answers 200 to the given number of POSTs (or gives up after 60 s without one), printing for each the
    /// `webhook-id`, whether `Webhook.verify` accepted it, and the verified body's id, type and subject.
    static let receiver = #"""
        import http.server, os, sys
        from standardwebhooks.webhooks import Webhook
        folder, count = sys.argv[1], int(sys.argv[2])
        class Receiver(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                headers = {name.lower(): value for name, value in self.headers.items()}
                try:
                    event = Webhook(open(folder + "/secret").read().strip()).verify(body, headers)
                    verdict = "verified %s %s %s" % (event["id"], event["type"], event["subject"].get("accountId"))
                except Exception as error:
                    verdict = "refused " + type(error).__name__
                print(headers.get("webhook-id"), verdict, flush=True)
                self.send_response(200)
                self.send_header("content-length", "0")
                self.end_headers()
            def log_message(self, *arguments):
                pass
        server = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
        server.timeout = 60
        with open(folder + "/port.tmp", "w") as file:
            file.write(str(server.server_port))
        os.rename(folder + "/port.tmp", folder + "/port")
        for _ in range(count):
            server.handle_request()
        """#

    /// Writes events into the server's file as a change would (Identity's `identity_events`, now, in UTC).
    static let writer = #"""
        import datetime, sqlite3, sys
        database = sqlite3.connect(sys.argv[1], timeout=10)
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S.%f+00")
        for index, event in enumerate(sys.argv[2:]):
            # The number after the highest ever given, as the SQL store numbers an event on SQLite.
            database.execute(
                "INSERT INTO identity_events (sequence, id, type, occurred_at, account_id, data) VALUES ("
                "(SELECT coalesce(max(given), 0) + 1 FROM (SELECT max(sequence) AS given FROM identity_events"
                " WHERE transaction_id = 0 UNION ALL SELECT sequence FROM identity_events_pruned)),"
                " ?, ?, ?, ?, '{}')",
                (event, "account.updated", now, "account-%d" % index))
        database.commit()
        """#

    @Test func theServerPostsEachEventInOrderSignedAsStandardWebhooksVerifies() async throws {
        let folder = NSTemporaryDirectory() + "kith-webhooks-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = Task { try await PythonTools.run(Self.receiver, arguments: [folder, "2"]) }
        var port: String?
        try await eventually(timeout: .seconds(30), every: .milliseconds(50), "the receiver's port file") {
            port = try? String(contentsOfFile: folder + "/port", encoding: .utf8)
            return port != nil
        }
        let url = "http://127.0.0.1:\(try #require(port))/hooks"
        let file = folder + "/kith.sqlite"
        let added = try await ChildProcess.finish(
            KithServerProcess.binary,
            ["apps", "add", "Hooked", "--webhook-url", url, "--json", "--db", file, "--migrate"])
        #expect(added.status == 0, "\(added.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])
        let appId = try #require(json["appId"] as? String)
        let secret = try #require(json["webhookSecret"] as? String)
        try secret.write(toFile: folder + "/secret", atomically: true, encoding: .utf8)

        let server = try await KithServerProcess.start(in: folder, file: file, arguments: ["--log-format", "json"])
        defer { server.stop() }
        let events = [UUID().uuidString, UUID().uuidString]
        _ = try await PythonTools.run(Self.writer, arguments: [file] + events)

        let lines = try await receiver.value.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "\(events[0]) verified \(events[0]) account.updated account-0",
                "\(events[1]) verified \(events[1]) account.updated account-1",
            ])
        server.stop()
        // Each delivery is logged with the app and event ids and the answer, never the secret or its key.
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        let delivered = log.split(separator: "\n").filter { $0.contains("webhook delivered") }
        #expect(delivered.count == 2, "\(log)")
        #expect(delivered.allSatisfy { $0.contains(appId) && $0.contains("\"200\"") })
        #expect(!log.contains(secret) && !log.contains(String(secret.dropFirst("whsec_".count))))
    }

    /// Answers nothing to the first POST (it hangs until the sender is gone) and 200 to the next, verifying each with
    /// `standardwebhooks`; writes FOLDER/first when the first arrives, and prints one line a POST.
    static let hangingReceiver = #"""
        import http.server, os, sys, threading, time
        from standardwebhooks.webhooks import Webhook
        folder = sys.argv[1]
        seen = []
        done = threading.Event()
        class Receiver(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                headers = {name.lower(): value for name, value in self.headers.items()}
                try:
                    event = Webhook(open(folder + "/secret").read().strip()).verify(body, headers)
                    verdict = "verified " + event["id"]
                except Exception as error:
                    verdict = "refused " + type(error).__name__
                seen.append(headers.get("webhook-id"))
                print(headers.get("webhook-id"), verdict, flush=True)
                if len(seen) == 1:
                    open(folder + "/first", "w").close()
                    time.sleep(150)  # kept: the hang is what this receiver is for
                    return
                self.send_response(200)
                self.send_header("content-length", "0")
                self.end_headers()
                done.set()
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
        server.daemon_threads = True
        with open(folder + "/port.tmp", "w") as file:
            file.write(str(server.server_port))
        os.rename(folder + "/port.tmp", folder + "/port")
        threading.Thread(target=server.serve_forever, daemon=True).start()
        done.wait(150)
        """#

    /// kill -9 of the server while it sends an event: after a restart on the same file the event is delivered, with
    /// the same `webhook-id`, once the dead sender's claim (60 s) has run out. Nothing is lost.
    @Test func aServerKilledMidDeliveryDeliversTheEventAfterItsRestart() async throws {
        let folder = NSTemporaryDirectory() + "kith-webhooks-kill-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let receiver = Task { try await PythonTools.run(Self.hangingReceiver, arguments: [folder]) }
        var port: String?
        try await eventually(timeout: .seconds(30), every: .milliseconds(50), "the receiver's port file") {
            port = try? String(contentsOfFile: folder + "/port", encoding: .utf8)
            return port != nil
        }
        let file = folder + "/kith.sqlite"
        let added = try await ChildProcess.finish(
            KithServerProcess.binary,
            [
                "apps", "add", "Hooked", "--webhook-url", "http://127.0.0.1:\(try #require(port))/hooks", "--json",
                "--db", file, "--migrate",
            ])
        #expect(added.status == 0, "\(added.errors)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(added.output.utf8)) as? [String: Any])
        try #require(json["webhookSecret"] as? String).write(
            toFile: folder + "/secret", atomically: true, encoding: .utf8)

        let first = try await KithServerProcess.start(in: folder, file: file)
        let event = UUID().uuidString
        _ = try await PythonTools.run(Self.writer, arguments: [file, event])
        let firstCame = try await eventually(timeout: .seconds(30), every: .milliseconds(50), "the first POST") {
            FileManager.default.fileExists(atPath: folder + "/first")
        }
        try #require(firstCame)
        first.crash()

        let second = try await KithServerProcess.start(in: folder, file: file)
        defer { second.stop() }
        let lines = try await receiver.value.split(separator: "\n").map(String.init)
        #expect(lines == ["\(event) verified \(event)", "\(event) verified \(event)"])
    }
}
