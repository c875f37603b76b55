import Console
import Testing

@testable import KithCLI

@Suite("Global flags")
struct GlobalOptionsTests {
    @Test func flagsAreTakenFromAnywhere() throws {
        let options = try GlobalOptions.parse(["circles", "--json", "--db", "x.sqlite", "--product=rin", "--yes"])
        #expect(options.words == ["circles"])
        #expect(options.json && options.assumeYes)
        #expect(options.databasePath == "x.sqlite")
        #expect(options.productName == "rin")
    }

    @Test func commandOptionsStayWithTheCommand() throws {
        let options = try GlobalOptions.parse(["--keep-going", "name", "--first", "Dana", "--last=Lee"])
        #expect(options.keepGoing)
        #expect(options.words == ["name", "--first", "Dana", "--last=Lee"])
    }

    @Test func doubleDashEndsGlobalFlags() throws {
        let options = try GlobalOptions.parse(["x", "--", "--json"])
        #expect(!options.json)
        #expect(options.words == ["x", "--", "--json"])
    }

    @Test func aFlagWithoutItsValueIsAUsageError() {
        #expect(throws: UsageError("--db needs a value")) { try GlobalOptions.parse(["status", "--db"]) }
    }

    @Test func helpAndVersionFlagsBecomeCommands() throws {
        #expect(try GlobalOptions.parse(["--version"]).words == ["version"])
        #expect(try GlobalOptions.parse(["status", "--help"]).words == ["help", "status"])
    }
}
