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

    @Test func accountIsGlobalOnlyBeforeTheCommand() throws {
        let before = try GlobalOptions.parse(["--account", "ana@example.com", "contact", "add", "Sam"])
        #expect(before.account == "ana@example.com")
        #expect(before.words == ["contact", "add", "Sam"])
        let after = try GlobalOptions.parse(["contact", "add", "Sam", "--account", "sam@example.com"])
        #expect(after.account == nil)
        #expect(after.words == ["contact", "add", "Sam", "--account", "sam@example.com"])
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

    @Test(
        "a flag that takes no value given one is a usage error, never taken as set",
        arguments: [
            (["circle", "delete", "Chess", "--yes=no"], "--yes"),
            (["--yes=false", "member", "remove", "Kid"], "--yes"),
            (["--yes=0", "circles"], "--yes"), (["circles", "--yes="], "--yes"), (["circles", "--json="], "--json"),
            (["--json=false", "circles"], "--json"), (["--keep-going=no"], "--keep-going"),
            (["--keep-going="], "--keep-going"), (["--help=x"], "--help"), (["--version="], "--version"),
        ])
    func aFlagGivenAValueIsAUsageError(arguments: [String], flag: String) {
        #expect(throws: UsageError("\(flag) takes no value")) { try GlobalOptions.parse(arguments) }
    }

    @Test func aValueAfterDoubleDashIsAWord() throws {
        let options = try GlobalOptions.parse(["echo", "--", "--yes=no"])
        #expect(!options.assumeYes)
        #expect(options.words == ["echo", "--", "--yes=no"])
    }
}
