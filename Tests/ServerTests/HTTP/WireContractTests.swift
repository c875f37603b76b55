import Accounts
import CirclesWire
import Events
import EventsWire
import FamilyCodes
import FamilyCodesWire
import Foundation
import Households
import IdentityWire
import Kernel
import Preferences
import PreferencesWire
import ProfileSession
import ProfileSessionWire
import Testing
import Tokens
import TokensWire

/// `openapi.json` is the one description of the HTTP contract; these tests keep the Wire modules equal to it: every
/// route, every error code, and the keys and types of every body.
@Suite("The Wire modules match openapi.json")
struct WireContractTests {
    let document: [String: Any]
    let validator: SchemaValidator

    init() throws {
        let object = try JSONSerialization.jsonObject(with: kithOpenAPIDocument)
        document = try #require(object as? [String: Any])
        validator = SchemaValidator(document: document)
    }

    /// The Wire modules' routes, every one.
    static let wireRoutes: [WireRoute] =
        FamilyCodesRoute.routes + PreferencesRoute.routes + IdentityRoute.routes + ProfileSessionRoute.routes
        + CirclesRoute.routes + TokensRoute.routes

    @Test func everyWireRouteIsDocumented() throws {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for route in Self.wireRoutes {
            #expect(paths[route.template]?[route.method.lowercased()] != nil, "\(route) is not in openapi.json")
        }
    }

    @Test func everyErrorCodeIsDocumentedAndEveryDocumentedCodeExists() throws {
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let error = try #require(schemas["Error"] as? [String: Any])
        let properties = try #require(error["properties"] as? [String: Any])
        let documented = Set(try #require((properties["error"] as? [String: Any])?["enum"] as? [String]))
        let domain = WireErrorExamples.all.map(\.wire.code)
        #expect(Set(domain).count == domain.count, "two cases share a code")
        let known = Set(domain).union(WireErrorExamples.serverCodes).union(WireErrorExamples.routeCodes)
        #expect(known.subtracting(documented).isEmpty, "undocumented: \(known.subtracting(documented).sorted())")
        #expect(documented.subtracting(known).isEmpty, "no case has: \(documented.subtracting(known).sorted())")
    }

    @Test func everyErrorBodyMatchesTheErrorSchema() throws {
        for error in WireErrorExamples.all {
            let found = try problems(error.body, "Error")
            #expect(found.isEmpty, "\(error.wire.code): \(found)")
        }
    }

    @Test func theEventFeedsPageMatchesItsSchema() throws {
        let event = Event(
            id: "e1", type: "session.ended", occurredAt: Date(timeIntervalSince1970: 1_735_722_000),
            cursor: EventCursor(transaction: 7391, sequence: 42),
            subject: EventSubject(accountId: "a1", householdId: "h1"),
            data: ["reason": "sign_out"])
        let found = try problems(EventPageJSON(EventPage(events: [event], next: event.cursor)), "EventPage")
        #expect(found.isEmpty, "\(found)")
        let empty = try problems(EventPageJSON(EventPage(events: [], next: .start)), "EventPage")
        #expect(empty.isEmpty, "\(empty)")
    }

    @Test func familyCodesBodiesMatchTheirSchemas() throws {
        let date = Date(timeIntervalSince1970: 1_735_722_000)
        let code = FamilyCode(familyId: "h1", code: "FAM-ABC123", generatedAt: date)
        let player = FamilyMember(
            memberId: "a1", accountId: "a1", displayName: "Dana Lee", email: "dana@example.com", kind: .independent,
            role: .owner, addedAt: date)
        let managed = FamilyMember(
            memberId: "managed_1", accountId: nil, displayName: "Max", email: nil, kind: .managed, role: .member,
            addedAt: date)
        let card = FamilyCard(familyId: "h1", name: "Lee Family", code: code, members: [player, managed])
        let joined = JoinedFamily(
            familyId: "h1", name: "Lee Family", code: nil, codeGeneratedAt: nil, joinedAt: date, isActive: true)
        let usage = FamilyCodeUsage(at: date, accountId: "a2", code: "FAM-ZZZZZZ", familyId: nil, result: .notFound)
        let samples: [(any Encodable, String)] = [
            (FamilyCodeJSON(code), "FamilyCode"),
            (FamilyCreatedJSON(card), "FamilyCreated"),
            (FamilyMemberJSON(managed), "FamilyMember"),
            (FamilyMemberListJSON([player, managed]), "FamilyMembers"),
            (FamilyMemberRemovedJSON(managed), "FamilyMemberRemoved"),
            (FamilyJoinJSON(FamilyJoin(familyId: "h1", name: "Lee Family")), "Joined"),
            (FamilyRefJSON(familyId: "h1", name: "Lee Family"), "FamilyRef"),
            (JoinedFamilyJSON(joined), "Family"),
            (JoinedFamilyListJSON([joined]), "Families"),
            (FamilyLeftJSON(joined), "FamilyLeft"),
            (FamilyCodeUsageJSON(usage), "FamilyUsage"),
            (FamilyCodeUsageLogJSON([usage]), "FamilyLog"),
            (FamilyOverviewJSON(.player(card)), "FamilyOverview"),
            (FamilyOverviewJSON(.parent([joined])), "FamilyOverview"),
            (FamilyJoinBody(familyCode: "FAM-ABC123"), "JoinRequest"),
            (FamilyBody(familyId: "h1"), "FamilyRequest"),
        ]
        for (value, schema) in samples {
            let found = try problems(value, schema)
            #expect(found.isEmpty, "\(schema): \(found)")
        }
    }

    @Test func preferencesBodiesMatchTheirSchemas() throws {
        let preferences = MemberPreferences(memberId: "managed_1", theme: .dark, fontSize: .large)
        let samples: [(any Encodable, String)] = [
            (PreferencesJSON(preferences), "Preferences"),
            (ThemeBody(theme: "dark"), "ThemeRequest"),
            (FontSizeBody(fontSize: "L"), "FontSizeRequest"),
            (FontSizeBody(fontSizeOffset: 2), "FontSizeRequest"),
        ]
        for (value, schema) in samples {
            let found = try problems(value, schema)
            #expect(found.isEmpty, "\(schema): \(found)")
        }
    }

    @Test func identityBodiesMatchTheirSchemas() throws {
        let date = Date(timeIntervalSince1970: 1_735_722_000)
        let account = Account(
            id: "a1", email: "dana@example.com", firstName: "Dana", lastName: "Lee", role: .parent,
            accountType: .corporate, createdAt: date)
        let acting = Principal(accountId: "a1", actingAs: ActingAs(memberId: "managed_1", displayName: "Max"))
        let max = Member(
            memberId: "managed_1", displayName: "Max", kind: .managed, role: .member, avatarKey: "fox",
            guardianAccountIds: ["a1"], addedAt: date)
        let dana = Member(memberId: "a1", displayName: "Dana Lee", kind: .independent, role: .owner, addedAt: date)
        let household = Household(
            id: "h1", name: "Lee Family", ownerAccountId: "a1", createdAt: date, members: [dana, max])
        let record = ActingRecord(
            id: "r1", actorAccountId: "a1", subjectMemberId: "managed_1", subjectDisplayName: "Max",
            action: "prefs theme dark", at: date)
        let me = MeJSON(account, principal: Principal(accountId: "a1"))
        let google = LinkedIdentity(
            provider: .google, subject: "g-1", accountId: "a1", email: "dana@example.com", linkedAt: date)
        let shadow = MeJSON.PersonaJSON(profileId: "p2", displayName: "Owl", type: "anonymous")
        let samples: [(any Encodable, String)] = [
            (me, "Me"),
            (MeJSON(account, principal: acting, persona: shadow), "Me"),
            (
                SessionJSON(SessionGrant(sessionId: "s1", accountId: "a1", token: "t"), account: me, created: true),
                "Session"
            ),
            (MemberJSON(max), "Member"),
            (HouseholdJSON(household), "Household"),
            (ActingRecordJSON(record), "ActingRecord"),
            (SwitchableProfileJSON(.authenticatedUser(account), active: false), "Profile"),
            (SwitchableProfileJSON(.managed(max), active: true), "Profile"),
            (
                SignUpBody(
                    email: "dana@example.com", firstName: "Dana", lastName: "Lee", password: "correct horse",
                    role: .player, accountType: .private), "SignUpRequest"
            ),
            (SignInBody(email: "dana@example.com", password: "correct horse"), "SignInRequest"),
            (AccountNameBody(firstName: "Dana", lastName: "Lee"), "NameRequest"),
            (RoleBody(role: .member), "RoleRequest"),
            (AccountTypeBody(accountType: .corporate), "AccountTypeRequest"),
            (PasswordChangeBody(currentPassword: "correct horse", newPassword: "battery staple"), "PasswordRequest"),
            (PasswordChangeBody(currentPassword: nil, newPassword: "battery staple"), "PasswordRequest"),
            (LinkedIdentityJSON(google), "LinkedIdentity"),
            (SignInMethodsJSON(SignInMethods(hasPassword: false, identities: [google])), "SignInMethods"),
            (
                SessionActivityJSON(
                    SessionActivity(
                        id: "s1", createdAt: date, lastUsedAt: date, createdWhere: "kith on laptop", current: true)),
                "SessionActivity"
            ),
            (
                SessionActivityJSON(SessionActivity(id: "s2", createdAt: date, lastUsedAt: date, createdWhere: nil)),
                "SessionActivity"
            ),
            (SessionsEndedJSON(ended: 2), "SessionsEnded"),
            (HouseholdNameBody(name: "Lee Family"), "HouseholdNameRequest"),
            (ManagedMemberBody(displayName: "Max", avatarKey: "fox"), "MemberRequest"),
            (ManagedMemberBody(displayName: "Max", avatarKey: nil), "MemberRequest"),
            (GuardianBody(email: "dana@example.com"), "GuardianRequest"),
            (ExitPinSetBody(password: "correct horse", pin: "2468"), "ExitPinSetRequest"),
            (ExitPinClearBody(password: "correct horse"), "ExitPinClearRequest"),
            (ExitPinVerifyBody(pin: "2468"), "ExitPinVerifyRequest"),
            (ExitPinStatusJSON(ExitPinStatus(member: max, isSet: true)), "ExitPinStatus"),
        ]
        for (value, schema) in samples {
            let found = try problems(value, schema)
            #expect(found.isEmpty, "\(schema): \(found)")
        }
    }

    /// A test of the validator itself: a key the schema does not name, or a missing required one, is a problem.
    @Test func theValidatorRefusesExtraAndMissingKeys() throws {
        struct Extra: Encodable { let theme = "dark"; let colour = "red" }
        struct Missing: Encodable { let fontSize = 3 }
        let extra = try problems(Extra(), "ThemeRequest")
        let missing = try problems(Missing(), "FontSizeRequest")
        #expect(extra.contains { $0.contains("colour") })
        #expect(!missing.isEmpty)
    }

    @Test func tokensBodiesMatchTheirSchemas() throws {
        var active = IntrospectionResponse(active: true)
        active.sub = "managed_1"
        active.aud = "app-1"
        active.clientId = "app-1"
        active.iss = "https://kith.example"
        active.exp = 1_735_722_300
        active.iat = 1_735_722_000
        active.jti = "j1"
        active.sid = "s1"
        active.tokenType = "Bearer"
        active.amr = ["pwd"]
        active.act = IntrospectionResponse.Actor(sub: "a1")
        active.kithKind = "managed_member"
        active.kithHousehold = "h1"
        active.kithMaturity = .thirteenPlus
        active.kithAgeRange = try AgeRange(lower: 9, upper: 12, method: .guardian)
        let samples: [(any Encodable, String)] = [
            (
                TokenResponse(
                    accessToken: "a.b.c", tokenType: "Bearer", expiresIn: 300,
                    issuedTokenType: TokenResponse.jwtTokenType), "TokenResponse"
            ),
            (IntrospectionResponse(active: false), "IntrospectionResponse"),
            (active, "IntrospectionResponse"),
            (AccessCheckResponse(allowed: true), "AccessCheckResponse"),
            (AccessCheckResponse(results: [true, false]), "AccessCheckResponse"),
        ]
        for (sample, schema) in samples {
            let found = try problems(sample, schema)
            #expect(found.isEmpty, "\(schema): \(found)")
        }
    }

    private func problems(_ value: any Encodable, _ schema: String) throws -> [String] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return validator.problems(try JSONValue.parse(try encoder.encode(value)), schemaNamed: schema)
    }
}
