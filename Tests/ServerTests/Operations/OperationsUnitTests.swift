import Foundation
import Logging
import Synchronization
import Testing

@testable import KithServer

/// The operators' pieces as pure functions: trusted proxies, the JSON log line, request ids and trace ids.
@Suite("Operations: trusted proxies, JSON log lines, request ids")
struct OperationsUnitTests {
    static let proxies = TrustedProxies(
        ["10.0.0.0/8", "192.168.1.7", "fd00::/8"].map { TrustedProxies.Range($0)! })

    @Test(arguments: [
        // An untrusted peer is the client, whatever it claims.
        ("203.0.113.9", ["1.2.3.4"], "203.0.113.9"),
        ("203.0.113.9", [], "203.0.113.9"),
        // A trusted proxy: the rightmost address that is not a proxy.
        ("10.1.2.3", ["198.51.100.4"], "198.51.100.4"),
        ("10.1.2.3", ["1.2.3.4, 198.51.100.4"], "198.51.100.4"),
        ("10.1.2.3", ["1.2.3.4, 198.51.100.4, 10.9.9.9"], "198.51.100.4"),
        ("10.1.2.3", ["1.2.3.4", "198.51.100.4, 192.168.1.7"], "198.51.100.4"),
        // A client that prepends a made-up address is still its own address.
        ("10.1.2.3", ["6.6.6.6, 198.51.100.4"], "198.51.100.4"),
        // Only proxies: the leftmost. Nothing forwarded: the proxy itself.
        ("10.1.2.3", ["10.0.0.1, 10.0.0.2"], "10.0.0.1"),
        ("10.1.2.3", [], "10.1.2.3"),
        // Ports, brackets and spellings of one address.
        ("10.1.2.3", ["198.51.100.4:5555"], "198.51.100.4"),
        ("10.1.2.3", ["[2001:db8::1]:443"], "2001:db8::1"),
        ("10.1.2.3", ["2001:DB8:0:0::1"], "2001:db8::1"),
        ("::ffff:10.1.2.3", ["::ffff:198.51.100.4"], "198.51.100.4"),
        ("fd12::1", ["198.51.100.4"], "198.51.100.4"),
        // Garbage written to the right of the client stops the walk at the last good hop.
        ("10.1.2.3", ["198.51.100.4, not-an-address"], "10.1.2.3"),
        ("192.168.1.8", ["198.51.100.4"], "192.168.1.8"),
    ])
    func theClientAddressIsTheRightmostUntrustedHop(_ peer: String, _ forwarded: [String], _ client: String) {
        #expect(Self.proxies.clientAddress(peer: peer, forwardedFor: forwarded) == client)
    }

    @Test func withoutTrustedProxiesForwardedForIsIgnored() {
        #expect(TrustedProxies().clientAddress(peer: "10.1.2.3", forwardedFor: ["1.2.3.4"]) == "10.1.2.3")
    }

    @Test func rangesAreParsedStrictly() {
        for bad in ["", "10.0.0.0/33", "10.0.0.0/", "10.0.0/8", "fd00::/129", "10.0.0.0/-1", "10.0.0.0/8/8", "x"] {
            #expect(TrustedProxies.Range(bad) == nil, "\(bad)")
        }
        #expect(TrustedProxies.Range("10.1.2.3/8")?.description == "10.0.0.0/8")
        #expect(TrustedProxies.Range("::1")?.description == "::1/128")
    }

    @Test func aJSONLineHoldsTheEventAndItsMetadataAndParses() throws {
        let lines = Mutex<[String]>([])
        var logger = Logger(
            label: "kith-server",
            factory: { JSONLogHandler(label: $0, output: .lines { line in lines.withLock { $0.append(line) } }) })
        logger[metadataKey: "requestId"] = "abc-123"
        logger[metadataKey: "hb.request.id"] = "7"
        logger.info(
            "request \"quoted\"\nnext",
            metadata: ["status": "200", "nested": ["a": "1", "b": ["x", "\u{1}"]], "route": "/api/me"])
        let written = lines.withLock { $0 }
        #expect(written.count == 1)
        let line = try #require(written.first)
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == "request \"quoted\"\nnext")
        #expect(object["level"] as? String == "info")
        #expect(object["requestId"] as? String == "abc-123")
        #expect(object["status"] as? String == "200")
        #expect(object["route"] as? String == "/api/me")
        #expect(object["hb.request.id"] == nil)
        #expect(((object["nested"] as? [String: Any])?["b"] as? [String]) == ["x", "\u{1}"])
        let time = try #require(object["time"] as? String)
        #expect(time.hasSuffix("Z") && time.contains("."), "\(time)")
    }

    @Test func requestIdsAreTakenOnlyWhenPlain() {
        #expect(RequestIdMiddleware.accepted("f81d4fae-7dec-11d0-a765-00a0c91e6bf6") != nil)
        #expect(RequestIdMiddleware.accepted("lb:1/abc+def=") != nil)
        for bad in ["", String(repeating: "a", count: 129), "a b", "a\nb", "ä", "a\"b", "{json}"] {
            #expect(RequestIdMiddleware.accepted(bad) == nil, "\(bad)")
        }
        let fresh = RequestIdMiddleware.newId()
        #expect(fresh.count == 32 && fresh.allSatisfy(\.isHexDigit))
        #expect(fresh != RequestIdMiddleware.newId())
    }

    @Test func theTraceIdComesFromAW3CTraceparent() {
        #expect(
            RequestIdMiddleware.traceId("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
                == "4bf92f3577b34da6a3ce929d0e0e4736")
        for bad in [
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", "00-4bf92f35-00f067aa0ba902b7-01",
            "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "garbage",
        ] {
            #expect(RequestIdMiddleware.traceId(bad) == nil, "\(bad)")
        }
    }
}
