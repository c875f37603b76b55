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
        #expect(parsed.accessCacheOwners == 1_000)
        #expect(try ServerArguments.parse(["--access-cache=50"])?.accessCacheOwners == 50)
        #expect(parsed.tokenCacheSize == 10_000)
        #expect(try ServerArguments.parse(["--token-cache", "0"])?.tokenCacheSize == 0)
        #expect(try ServerArguments.parse(["--help"]) == nil)
    }

    @Test func usageErrors() {
        for arguments in [
            ["--port", "0"], ["--port", "http"], ["--db"], ["--verbose"], ["serve"], ["--host="],
            ["--access-cache", "0"], ["--access-cache", "many"], ["--token-cache", "-1"], ["--token-cache", "all"],
        ] {
            #expect(throws: ServerArguments.UsageError.self, "\(arguments)") { try ServerArguments.parse(arguments) }
        }
    }

    @Test func theStoreIsPostgreSQLOnlyWhenAskedFor() throws {
        let url = "postgresql://kith@db.example/kith"
        let postgres = try #require(try ServerArguments.parse(["--database", url]))
        #expect(postgres.store(environment: [:]) == .postgres(url))
        #expect(
            try #require(try ServerArguments.parse([])).store(environment: ["KITH_DATABASE_URL": url]) == .postgres(url)
        )
        // An explicit file wins over the environment's URL.
        let file = try #require(try ServerArguments.parse(["--db", "/tmp/k.sqlite"]))
        #expect(file.store(environment: ["KITH_DATABASE_URL": url]) == .sqlite("/tmp/k.sqlite"))
        #expect(
            try #require(try ServerArguments.parse([])).store(environment: ["KITH_DB": "/tmp/e.sqlite"])
                == .sqlite("/tmp/e.sqlite"))
        let both = #expect(throws: ServerArguments.UsageError.self) {
            try ServerArguments.parse(["--db", "/tmp/k.sqlite", "--database", url])
        }
        #expect(both?.description == "--db and --database are two different stores: give one")
        #expect(throws: ServerArguments.UsageError.self) { try ServerArguments.parse(["--database="]) }
    }
}
