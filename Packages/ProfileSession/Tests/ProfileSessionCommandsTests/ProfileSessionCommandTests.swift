import Accounts
import Console
import Foundation
import ProfileSession
import Testing

@Suite("profiles, switch, activity")
struct ProfileSessionCommandTests {
    static let caption = "Add a profile for a family member who doesn't have their own device."
    /// The seed's "Add Family Member" button, the last line in every state but State 6.
    static let hint = "Add a family member: `member add NAME`"

    @Test("one profile: the account and the caption")
    func single() async throws {
        let harness = try Harness()
        let dana = try await harness.dana(household: false)
        let text = await harness.text("profiles")
        #expect(text.contains("Dana Reyes"))
        #expect(text.contains("You"))
        #expect(text.contains(Self.caption))
        #expect(text.hasSuffix(Self.hint + "\n"), "\(text)")
        let profiles = try await harness.array("profiles")
        #expect(profiles.count == 1)
        #expect(profiles[0]["memberId"] as? String == dana.accountId)
        #expect(profiles[0]["displayName"] as? String == "Dana Reyes")
        #expect(profiles[0]["typeLabel"] as? String == "You")
        #expect(profiles[0]["isManaged"] as? Bool == false)
        #expect(profiles[0]["active"] as? Bool == true)
    }

    @Test("several profiles: no caption, the family members listed in order")
    func several() async throws {
        let harness = try Harness()
        let (dana, _) = try await harness.danaAndMax()
        _ = try await harness.identity.addManagedMember(dana, displayName: "Leo", avatarKey: "lion")
        let text = await harness.text("profiles")
        #expect(!text.contains(Self.caption))
        #expect(text.hasSuffix(Self.hint + "\n"), "\(text)")
        #expect(text.contains("Reyes") && text.contains("FAMILY MEMBERS"))
        #expect(text.contains("Family Member"))
        let profiles = try await harness.array("profiles")
        #expect(profiles.map { $0["displayName"] as? String } == ["Dana Reyes", "Max", "Leo"])
        #expect(profiles.map { $0["typeLabel"] as? String } == ["You", "Family Member", "Family Member"])
        #expect(profiles.map { $0["isManaged"] as? Bool } == [false, true, true])
        #expect(profiles.map { $0["active"] as? Bool } == [true, false, false])
    }

    @Test("switch prints the seed's announcements")
    func switching() async throws {
        let harness = try Harness()
        let (_, max) = try await harness.danaAndMax()
        #expect(await harness.text("switch max") == "Now viewing as Max\n")
        #expect(await harness.manager.actingAsMemberId == max.memberId)
        #expect(await harness.text("switch me") == "Now viewing as yourself\n")
        #expect(await harness.manager.actingAsMemberId == nil)
        let value = try await harness.object("switch \(max.memberId)")
        #expect(value["memberId"] as? String == max.memberId)
        #expect(value["message"] as? String == "Now viewing as Max")
        let profiles = try await harness.array("profiles")
        #expect(profiles.map { $0["active"] as? Bool } == [false, true])
    }

    @Test("unknown and foreign members get one sentence", arguments: ["Nobody", "managed_x", "Erin Tester", "primary"])
    func refused(_ reference: String) async throws {
        let harness = try Harness()
        _ = try await harness.dana()
        #expect(
            await harness.run("switch \"\(reference)\"")
                == .failed(code: 1, message: "That profile is not available to switch to"))
    }

    @Test("switch needs its argument; not signed in is refused")
    func usage() async throws {
        let harness = try Harness()
        #expect(await harness.run("switch").exitCode == 2)
        #expect(await harness.run("switch Max") == .failed(code: 1, message: IdentityError.notSignedIn.description))
        #expect(await harness.run("profiles") == .failed(code: 1, message: IdentityError.notSignedIn.description))
        #expect(await harness.run("activity") == .failed(code: 1, message: IdentityError.notSignedIn.description))
    }

    @Test("activity lists what was done while acting")
    func activity() async throws {
        let harness = try Harness()
        let (dana, max) = try await harness.danaAndMax()
        #expect(await harness.text("activity").contains("Nothing has been done"))
        #expect(try await harness.array("activity").isEmpty)
        _ = await harness.text("switch Max")
        _ = await harness.text("prefs theme dark")
        _ = await harness.text("prefs font-size L")
        _ = await harness.text("switch me")
        _ = await harness.text("prefs theme light")
        let records = try await harness.array("activity")
        #expect(records.map { $0["action"] as? String } == ["set theme to dark", "set font size to L"])
        #expect(records.allSatisfy { $0["actorAccountId"] as? String == dana.accountId })
        #expect(records.allSatisfy { $0["subjectMemberId"] as? String == max.memberId })
        #expect(records.allSatisfy { $0["subjectDisplayName"] as? String == "Max" })
        #expect(records.allSatisfy { $0["at"] as? String == "2025-01-01T00:00:00Z" })
        let text = await harness.text("activity")
        #expect(
            text.contains("set theme to dark") && text.contains("Dana Reyes") && text.contains("2025-01-01 00:00 UTC"))
    }
}
