import Testing

@testable import KithServer

@Suite("kith-server arguments")
struct ServerArgumentsTests {
    @Test func defaultsAndFlags() throws {
        #expect(try ServerArguments.parse([]) == ServerArguments())
        let parsed = try #require(
            try ServerArguments.parse(["--db", "/tmp/k.sqlite", "--host=0.0.0.0", "--port", "9090"]))
        #expect(parsed.databasePath == "/tmp/k.sqlite")
        #expect(parsed.host == "0.0.0.0")
        #expect(parsed.port == 9090)
        #expect(try ServerArguments.parse(["--help"]) == nil)
    }

    @Test func usageErrors() {
        for arguments in [["--port", "0"], ["--port", "http"], ["--db"], ["--verbose"], ["serve"], ["--host="]] {
            #expect(throws: ServerArguments.UsageError.self, "\(arguments)") { try ServerArguments.parse(arguments) }
        }
    }
}
