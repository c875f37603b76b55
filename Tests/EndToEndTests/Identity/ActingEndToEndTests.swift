import Foundation
import Testing

/// Acting as a managed member and per-member preferences through the built `kith`.
@Suite("Acting as a member and preferences through the built binary")
struct ActingEndToEndTests {
    let kith = KithOnFile("kith-e2e-acting-")

    /// Dana, a household, and Max whom she guards.
    func setUp() async throws -> String {
        try TranscriptScripts.maxId(try await kith(["--json"], input: TranscriptScripts.actingSetUp))
    }

    @Test func aWholeFlowInOneScriptMatchesTheContractAtEachStep() async throws {
        let max = try await setUp()
        try TranscriptScripts.checkActing(try await kith(["--json"], input: TranscriptScripts.acting), max: max)
    }

    @Test func asStartsAOneShotRunActingAndPreferencesPersistAcrossRuns() async throws {
        let max = try await setUp()
        let set = try await kith(["--as", "Max", "prefs", "font-size", "XL"])
        #expect(set.status == 0, "\(set.errors)")
        #expect(set.output.hasPrefix("Setting preferences for Max"))

        let whoami = try TranscriptScripts.object(try await kith(["--as", "Max", "whoami", "--json"]).output)
        #expect((whoami["actingAs"] as? [String: Any])?["memberId"] as? String == max)

        let later = try TranscriptScripts.object(try await kith(["--as", "Max", "prefs", "--json"]).output)
        #expect(later["fontSizeOffset"] as? Int == 4)

        // Each run starts as oneself: Dana's own preferences were never touched.
        let dana = try TranscriptScripts.object(try await kith(["prefs", "--json"]).output)
        #expect(dana["fontSizeOffset"] as? Int == 0)
        #expect(try TranscriptScripts.object(try await kith(["whoami", "--json"]).output)["actingAs"] is NSNull)
    }

    @Test func accountLevelActionsAreRefusedWhileActing() async throws {
        _ = try await setUp()
        let refused = try await kith(["--as", "Max", "household", "create", "Other"])
        #expect(refused.status == 1)
        #expect(refused.errors == "error: Not available while viewing as Max. Switch back first.\n")
        let unknown = try await kith(["--as", "Nobody", "whoami"])
        #expect(unknown.status == 1)
        #expect(unknown.errors == "error: That profile is not available to switch to\n")
    }
}
