import Accounts
import Foundation
import Hummingbird
import HummingbirdTesting
import IdentityWire
import Kernel
import Testing

@testable import KithServer

@Suite("Happy paths of each route group")
struct RouteGroupTests {
    @Test func signUpThenWhoamiAndAccountEdits() async throws {
        let server = try TestServer()
        try await server.test { client in
            let signup = try await client.send(
                .post, "/api/auth/signup",
                body:
                    #"{"email":" Dana@Example.com ","firstName":"Dana","lastName":"Reyes","password":"correct horse"}"#
            )
            #expect(signup.status == .created)
            let session = try signup.object()
            let token = try #require(session["token"] as? String)
            #expect((session["account"] as? [String: Any])?["email"] as? String == "Dana@Example.com")

            let me = try await client.send(.get, "/api/me", token: token)
            #expect(me.status == .ok)
            let json = try me.object()
            #expect(json["accountId"] as? String == session["accountId"] as? String)
            #expect(json["role"] as? String == "member")
            #expect(json["actingAs"] is NSNull)
            #expect((json["persona"] as? [String: Any])?["type"] as? String == "primary")
            #expect(me.text.contains(#""createdAt":"2025-01-01T00:00:00Z""#))

            let renamed = try await client.send(
                .put, "/api/me/name", token: token, body: #"{"firstName":"Dani","lastName":"Reyes"}"#)
            #expect(try renamed.object()["firstName"] as? String == "Dani")
            let role = try await client.send(.put, "/api/me/role", token: token, body: #"{"role":"player"}"#)
            #expect(try role.object()["role"] as? String == "player")

            let signin = try await client.send(
                .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
            #expect(signin.status == .ok)
            let second = try #require(try signin.object()["token"] as? String)
            #expect(second != token)
            #expect(try await client.send(.get, "/api/me", token: second).object()["firstName"] as? String == "Dani")
        }
    }

    @Test func householdsAndMembers() async throws {
        let server = try TestServer()
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            let eli = try await client.signUp("eli@example.com", first: "Eli", last: "Reyes")
            let none = try await client.send(.get, "/api/household", token: dana.token)
            #expect(none.status == .notFound)
            #expect(
                try none.wireError()
                    == WireError(
                        error: "identity.no_active_household", message: IdentityError.noActiveHousehold.description))

            let created = try await client.send(.post, "/api/households", token: dana.token, body: #"{"name":"Reyes"}"#)
            #expect(created.status == .created)
            let householdId = try #require(try created.object()["householdId"] as? String)
            let renamed = try await client.send(
                .put, "/api/household/name", token: dana.token, body: #"{"name":"The Reyes"}"#)
            #expect(try renamed.object()["name"] as? String == "The Reyes")

            let added = try await client.send(
                .post, "/api/members", token: dana.token, body: #"{"displayName":"Max","avatarKey":"fox"}"#)
            #expect(added.status == .created)
            let max = try added.object()
            let maxId = try #require(max["memberId"] as? String)
            #expect(maxId.hasPrefix("managed_"))
            #expect(max["guardianAccountIds"] as? [String] == [dana.accountId])

            let members = try await client.send(.get, "/api/members", token: dana.token).array()
            #expect(members.map { $0["displayName"] as? String } == ["Dana Reyes", "Max"])

            // Eli is not in the household: not a guardian candidate.
            let notMember = try await client.send(
                .post, "/api/members/\(maxId)/guardians", token: dana.token, body: #"{"email":"eli@example.com"}"#)
            #expect(notMember.status == .notFound)
            #expect(try notMember.error().message == "No member named eli@example.com")
            #expect(try notMember.identityError() == .notFound(.member, "eli@example.com"))
            #expect(try notMember.wireError().details == WireErrorDetails(name: "eli@example.com", kind: "member"))

            let lastGuardian = try await client.send(
                .delete, "/api/members/Max/guardians/dana%40example.com", token: dana.token)
            #expect(lastGuardian.status == .conflict)
            #expect(try lastGuardian.error().message == "Max needs at least one guardian")
            #expect(try lastGuardian.wireError().error == "identity.needs_guardian")
            #expect(try lastGuardian.identityError() == .needsGuardian("Max"))

            let households = try await client.send(.get, "/api/households", token: dana.token).array()
            #expect(households.map { $0["householdId"] as? String } == [householdId])
            let used = try await client.send(.post, "/api/households/The%20Reyes/use", token: dana.token)
            #expect(try used.object()["householdId"] as? String == householdId)
            let ownerLeaves = try await client.send(.post, "/api/households/\(householdId)/leave", token: dana.token)
            #expect(ownerLeaves.status == .forbidden)
            #expect(try ownerLeaves.error().message == "The owner of The Reyes cannot leave it")
            #expect(try ownerLeaves.identityError() == .ownerCannotLeave("The Reyes"))
            let foreign = try await client.send(.post, "/api/households/\(householdId)/use", token: eli.token)
            #expect(foreign.status == .notFound)
            #expect(try foreign.identityError() == .notFound(.household, householdId))

            let removed = try await client.send(.delete, "/api/members/\(maxId)", token: dana.token)
            #expect(try removed.object()["displayName"] as? String == "Max")
            #expect(try await client.send(.get, "/api/members", token: dana.token).array().count == 1)
        }
    }

    @Test func profilesAndActivity() async throws {
        let server = try TestServer()
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            let alone = try await client.send(.get, "/api/profiles", token: dana.token).array()
            #expect(alone.map { $0["typeLabel"] as? String } == ["You"])
            _ = try await client.send(.post, "/api/households", token: dana.token, body: #"{"name":"Reyes"}"#)
            let max = try await client.send(.post, "/api/members", token: dana.token, body: #"{"displayName":"max"}"#)
            let maxId = try #require(try max.object()["memberId"] as? String)
            let profiles = try await client.send(.get, "/api/profiles", token: dana.token).array()
            #expect(profiles.map { $0["memberId"] as? String } == [dana.accountId, maxId])
            #expect(profiles.map { $0["typeLabel"] as? String } == ["You", "Family Member"])
            #expect(profiles.map { $0["active"] as? Bool } == [true, false])
            #expect(profiles.last?["monogram"] as? String == "M")
            #expect(try await client.send(.get, "/api/activity", token: dana.token).array().isEmpty)
            _ = try await client.send(.post, "/api/preferences/reset", token: dana.token, actingAs: maxId)
            let activity = try await client.send(.get, "/api/activity", token: dana.token).array()
            #expect(activity.map { $0["action"] as? String } == ["reset preferences"])
        }
    }

    @Test func preferences() async throws {
        let server = try TestServer()
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            let initial = try await client.send(.get, "/api/preferences", token: dana.token).object()
            #expect(initial["theme"] as? String == "system")
            #expect(initial["fontSize"] as? String == "M")
            #expect(initial["fontSizeOffset"] as? Int == 0)
            let dark = try await client.send(
                .put, "/api/preferences/theme", token: dana.token, body: #"{"theme":"DARK"}"#)
            #expect(try dark.object()["theme"] as? String == "dark")
            let large = try await client.send(
                .put, "/api/preferences/font-size", token: dana.token, body: #"{"fontSize":"xl"}"#)
            #expect(try large.object()["fontSizeOffset"] as? Int == 4)
            let small = try await client.send(
                .put, "/api/preferences/font-size", token: dana.token, body: #"{"fontSizeOffset":-2}"#)
            #expect(try small.object()["fontSize"] as? String == "S")
            let bad = try await client.send(
                .put, "/api/preferences/font-size", token: dana.token, body: #"{"fontSizeOffset":3}"#)
            #expect(bad.status == .badRequest)
            let reset = try await client.send(.post, "/api/preferences/reset", token: dana.token).object()
            #expect(reset["theme"] as? String == "system")
            #expect(reset["fontSizeOffset"] as? Int == 0)
        }
    }

    @Test func familyCodesFromCreateToRegenerate() async throws {
        let server = try TestServer()
        let clock = server.clock
        try await server.test { client in
            let player = try await client.signUp("pat@example.com", first: "Pat", last: "Stone", role: "player")
            let parent = try await client.signUp("sam@example.com", first: "Sam", last: "Stone", role: "parent")

            let created = try await client.send(.post, "/api/family/create", token: player.token).object()
            #expect(created["success"] as? Bool == true)
            #expect(created["familyName"] as? String == "Stone Family")
            let code = try #require(created["familyCode"] as? String)
            #expect(code.wholeMatch(of: /FAM-[A-Z0-9]{6}/) != nil)
            let familyId = try #require(created["familyId"] as? String)
            let same = try await client.send(.get, "/api/family/code", token: player.token).object()
            #expect(same["code"] as? String == code)
            #expect(same["generatedAt"] as? String == "2025-01-01T00:00:00Z")

            let empty = try await client.send(.get, "/api/family/members", token: player.token).object()
            #expect((empty["members"] as? [Any])?.isEmpty == true)
            let notPlayer = try await client.send(.post, "/api/family/create", token: parent.token)
            #expect(notPlayer.status == .forbidden)
            #expect(try notPlayer.error().message == "Only players can manage a family code")

            let joined = try await client.send(
                .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":" \#(code.lowercased()) "}"#)
            #expect(joined.status == .ok)
            #expect(try joined.object()["familyId"] as? String == familyId)
            let again = try await client.send(
                .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":"\#(code)"}"#)
            #expect(again.status == .badRequest)
            #expect(try again.error().message == "You are already a member of this family.")

            let members = try await client.send(.get, "/api/family/members", token: player.token).object()
            let list = try #require(members["members"] as? [[String: Any]])
            #expect(list.map { $0["email"] as? String } == ["sam@example.com"])
            #expect(list.first?["role"] as? String == "parent")

            let families = try await client.send(.get, "/api/family/families", token: parent.token).object()
            let joinedFamilies = try #require(families["families"] as? [[String: Any]])
            #expect(joinedFamilies.map { $0["code"] as? String } == [code])
            #expect(joinedFamilies.first?["active"] as? Bool == true)
            let used = try await client.send(
                .post, "/api/family/use", token: parent.token, body: #"{"familyId":"Stone Family"}"#)
            #expect(try used.object()["familyId"] as? String == familyId)
            let overview = try await client.send(.get, "/api/family", token: player.token).object()
            #expect(overview["view"] as? String == "player")

            clock.advance(by: 60)
            let regenerated = try await client.send(.post, "/api/family/code/regenerate", token: player.token).object()
            let newCode = try #require(regenerated["familyCode"] as? String)
            #expect(newCode != code)
            #expect(regenerated["generatedAt"] as? String == "2025-01-01T00:01:00Z")

            let removed = try await client.send(.delete, "/api/family/members/\(parent.accountId)", token: player.token)
            #expect(removed.status == .ok)
            #expect(try removed.object()["success"] as? Bool == true)
            let stale = try await client.send(
                .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":"\#(code)"}"#)
            #expect(stale.status == .notFound)
            let rejoined = try await client.send(
                .post, "/api/family/code/join", token: parent.token, body: #"{"familyCode":"\#(newCode)"}"#)
            #expect(rejoined.status == .ok)
            let left = try await client.send(
                .post, "/api/family/leave", token: parent.token, body: #"{"familyId":"\#(familyId)"}"#)
            #expect(try left.object()["success"] as? Bool == true)

            let log = try await client.send(.get, "/api/family/log", token: player.token).object()
            let results = try #require(log["log"] as? [[String: Any]]).map { $0["result"] as? String }
            // Newest first: the rejoin, the stale code, then the first join's repeat and the first join.
            #expect(results == ["joined", "not_found", "already_member", "joined"])
        }
    }
}

extension TestResponse {
    /// The error body, as the Wire modules declare it.
    fileprivate func wireError() throws -> WireError {
        try JSONDecoder().decode(WireError.self, from: Data(text.utf8))
    }

    /// The `IdentityError` a client rebuilds from the body's code and details (never from its message).
    fileprivate func identityError() throws -> IdentityError? {
        let body = try wireError()
        return IdentityError(wireCode: body.error, details: body.details ?? .none)
    }
}
