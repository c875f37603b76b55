import Argon2
import Console
import Foundation
import Identity
import ProfileSession
import Testing

/// The whole flow of the issue, through the shell: Dana adds Max, switches to Max, sets Max's theme,
/// switches back; `prefs --json` and `profiles --json` match CLI.md at each step.
@Suite("Transcript: acting as Max")
struct TranscriptTests {
    @Test("Dana sets Max's theme while acting, and her own stays")
    func flow() async throws {
        let harness = try Harness(environment: ["COLORFGBG": "0;15"])
        let (dana, max) = try await harness.danaAndMax()

        // Dana as herself.
        var prefs = try await harness.object("prefs")
        #expect(prefs["memberId"] as? String == dana.accountId)
        #expect(prefs["theme"] as? String == "system")
        #expect(prefs["fontSizeOffset"] as? Int == 0)
        #expect(prefs["effectiveTheme"] as? String == "light")
        var profiles = try await harness.array("profiles")
        #expect(profiles.map { $0["memberId"] as? String } == [dana.accountId, max.memberId])
        #expect(profiles.map { $0["active"] as? Bool } == [true, false])
        #expect(await ProfileSessionPrompt.suffix(manager: harness.manager) == nil)

        // switch Max
        #expect(await harness.text("switch Max") == "Now viewing as Max\n")
        #expect(await ProfileSessionPrompt.suffix(manager: harness.manager) == "(as Max)")
        profiles = try await harness.array("profiles")
        #expect(profiles.map { $0["active"] as? Bool } == [false, true])
        #expect(await harness.text("prefs").hasPrefix("Setting preferences for Max\n"))
        prefs = try await harness.object("prefs")
        #expect(prefs["memberId"] as? String == max.memberId)
        #expect(prefs["theme"] as? String == "system")

        // prefs theme dark
        let set = await harness.text("prefs theme dark")
        #expect(set.hasPrefix("Setting preferences for Max\nTheme set to dark."))
        prefs = try await harness.object("prefs")
        #expect(prefs["memberId"] as? String == max.memberId)
        #expect(prefs["theme"] as? String == "dark")
        #expect(prefs["effectiveTheme"] as? String == "dark")
        #expect(prefs["fontSizeOffset"] as? Int == 0)

        // switch me
        #expect(await harness.text("switch me") == "Now viewing as yourself\n")
        #expect(await ProfileSessionPrompt.suffix(manager: harness.manager) == nil)
        #expect(!(await harness.text("prefs")).contains("Setting preferences for"))
        prefs = try await harness.object("prefs")
        #expect(prefs["memberId"] as? String == dana.accountId)
        #expect(prefs["theme"] as? String == "system")
        #expect(prefs["effectiveTheme"] as? String == "light")
        profiles = try await harness.array("profiles")
        #expect(profiles.map { $0["active"] as? Bool } == [true, false])
        #expect(profiles.map { $0["typeLabel"] as? String } == ["You", "Family Member"])

        // Max's theme is still there next time Dana acts as Max.
        _ = await harness.text("switch Max")
        #expect(try await harness.object("prefs")["theme"] as? String == "dark")
        let activity = try await harness.array("activity")
        #expect(activity.map { $0["action"] as? String } == ["set theme to dark"])
    }

    @Test("Max removed by another process: the next command runs as Dana herself, silently")
    func removed() async throws {
        let harness = try Harness()
        let (dana, _) = try await harness.danaAndMax()
        _ = await harness.text("switch Max")
        _ = await harness.text("prefs theme dark")
        let other = LocalIdentityService(
            store: harness.store,
            options: IdentityOptions(
                clock: harness.clock, random: harness.random,
                hasher: Argon2PasswordHasher(parameters: .testing, random: harness.random)))
        _ = try await other.removeMember(try #require(try await harness.device.currentPrincipal()), "Max")
        // The switchable profiles are read again before the command: Max is gone, so it is Dana's own.
        let prefs = try await harness.object("prefs theme light")
        #expect(prefs["memberId"] as? String == dana.accountId)
        #expect(prefs["theme"] as? String == "light")
        let profiles = try await harness.array("profiles")
        #expect(profiles.count == 1 && profiles[0]["active"] as? Bool == true)
        #expect(try await harness.array("activity").map { $0["subjectDisplayName"] as? String } == ["Max"])
    }
}
