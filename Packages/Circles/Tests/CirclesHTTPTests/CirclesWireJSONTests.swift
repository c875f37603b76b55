import Circles
import CirclesWire
import Foundation
import IdentityWire
import Kernel
import Networking
import Testing

/// The bodies of CirclesWire: CLI.md's keys with every documented key present (null included), back to the same
/// domain values, request bodies without the keys they leave alone, and the routes' paths.
@Suite("CirclesWire bodies and routes")
struct CirclesWireJSONTests {
    static let date = Date(timeIntervalSince1970: 1_735_722_000)

    /// `value` as the server and `--json` write it (sorted keys, ISO-8601 dates), parsed back as a JSON object.
    func object(_ value: some Encodable) throws -> [String: Any] {
        let data = try KithJSON.encoder().encode(value)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func text(_ value: some Encodable) throws -> String {
        String(decoding: try KithJSON.encoder().encode(value), as: UTF8.self)
    }

    func decoded<Value: Decodable>(_ value: some Encodable, as type: Value.Type) throws -> Value {
        try KithJSON.decoder().decode(type, from: try KithJSON.encoder().encode(value))
    }

    // MARK: - Responses

    @Test func aContactHasCLIKeysAndNulls() throws {
        let contact = Contact(
            id: "k1", ownerAccountId: "a1", displayName: "Sam Ray", phone: "+1 555 0100", createdAt: Self.date,
            circleIds: ["c3"], circleNames: ["Family"])
        let json = try object(ContactJSON(contact))
        #expect(
            Set(json.keys) == ["contactId", "displayName", "accountId", "phone", "email", "circles", "circleIds"])
        #expect(json["accountId"] is NSNull && json["email"] is NSNull)
        #expect(json["circles"] as? [String] == ["Family"])
        var back = try decoded(ContactJSON(contact), as: ContactJSON.self).contact(owner: "a1")
        back.createdAt = Self.date  // not on the wire
        #expect(back == contact)
    }

    @Test func aCircleAndItsDetail() throws {
        let publicCircle = Circle(
            id: "c2", ownerAccountId: "a1", name: "Public", builtIn: .public, emoji: "🌐", color: .blue, position: 1,
            createdAt: Self.date, memberCount: nil)
        let json = try object(CircleJSON(publicCircle))
        #expect(Set(json.keys) == ["circleId", "name", "kind", "emoji", "color", "memberCount"])
        #expect(json["memberCount"] is NSNull && json["kind"] as? String == "mandatory")
        var back = try decoded(CircleJSON(publicCircle), as: CircleJSON.self).circle(owner: "a1", position: 1)
        back.createdAt = Self.date
        #expect(back == publicCircle)

        let family = Circle(
            id: "c3", ownerAccountId: "a1", name: "Family", builtIn: .family, emoji: "🏠", color: .red, position: 0,
            createdAt: .distantPast, memberCount: 0)
        let request = AccessRequest(
            RequestRecord(
                id: "r1", ownerAccountId: "", profileId: "p1", requesterAccountId: "", requesterProfileId: "",
                requester: PersonaSummary(displayName: "Sam Ray", username: nil), field: .phone, reason: nil,
                createdAt: Self.date, expiresAt: Self.date.addingTimeInterval(14 * 86_400), status: .pending))
        let detail = CircleDetail(
            circle: family, members: [], profileId: "p1", access: [.phone: .ask, .bio: .deny],
            pendingRequests: [request])
        let detailJSON = try object(CircleDetailJSON(detail))
        #expect(
            Set(detailJSON.keys) == [
                "circleId", "name", "kind", "emoji", "color", "memberCount", "members", "profileId", "access",
                "pendingRequests", "emptyHint",
            ])
        #expect(detailJSON["emptyHint"] as? String == "Add your first member")
        #expect(detailJSON["access"] as? [String: String] == ["phone": "ask", "bio": "deny"])
        #expect(try decoded(CircleDetailJSON(detail), as: CircleDetailJSON.self).detail(owner: "a1") == detail)

        var full = detail
        full.members = [Contact(id: "k1", ownerAccountId: "a1", displayName: "Sam Ray", createdAt: .distantPast)]
        #expect(try object(CircleDetailJSON(full))["emptyHint"] is NSNull)
    }

    @Test func aProfileViewListsEveryFieldWithNulls() throws {
        let fields: [Field: String?] = [.displayName: "Dana Lee", .username: nil]
        let view = ProfileView(
            profileId: "p1", fields: fields, ask: [.phone, .bio],
            revealedAs: nil, access: [.displayName: .allow, .username: .allow, .phone: .ask, .bio: .ask])
        let json = try object(ProfileViewJSON(view))
        #expect(Set(json.keys) == ["profileId", "fields", "ask", "revealedAs", "access"])
        let values = try #require(json["fields"] as? [String: Any])
        #expect(Set(values.keys) == Set(Field.allCases.map(\.rawValue)))
        #expect(values["displayName"] as? String == "Dana Lee")
        for field in ["username", "photo", "bio", "email", "phone"] { #expect(values[field] is NSNull, "\(field)") }
        // Not mentioned is deny; `ask` in the matrix's row order.
        #expect((json["access"] as? [String: String])?["email"] == "deny")
        #expect(json["ask"] as? [String] == ["bio", "phone"])
        #expect(json["revealedAs"] is NSNull)

        let back = try decoded(ProfileViewJSON(view), as: ProfileViewJSON.self).view
        #expect(back.fields.count == Field.allCases.count)
        #expect(back.fields[.displayName] == String??.some("Dana Lee"))
        #expect(back.fields[.email] == String??.some(nil))
        #expect(back.ask == [Field.bio, .phone] && back.access[.email] == Access.deny)

        var revealed = view
        revealed.revealedAs = RevealedIdentity(profileId: "p0", displayName: "Dana Lee", username: nil)
        let revealedAs = try #require(try object(ProfileViewJSON(revealed))["revealedAs"] as? [String: Any])
        #expect(revealedAs["username"] is NSNull && revealedAs["profileId"] as? String == "p0")
        #expect(try decoded(ProfileViewJSON(revealed), as: ProfileViewJSON.self).view.revealedAs == revealed.revealedAs)
    }

    @Test func requestsGrantsAndPersonasKeepTheirNulls() throws {
        let summary = PersonaSummary(displayName: "Night Owl", username: nil)
        let request = AccessRequest(
            RequestRecord(
                id: "r1", ownerAccountId: "", profileId: "p1", requesterAccountId: "", requesterProfileId: "",
                requester: summary, field: .email, reason: nil, createdAt: Self.date,
                expiresAt: Self.date.addingTimeInterval(60), status: .denied))
        let requestJSON = try object(AccessRequestJSON(request))
        #expect(
            Set(requestJSON.keys) == [
                "requestId", "from", "profileId", "field", "reason", "createdAt", "expiresAt", "status",
                "requesterCircles",
            ])
        #expect(requestJSON["reason"] is NSNull && requestJSON["status"] as? String == "denied")
        #expect((requestJSON["from"] as? [String: Any])?["username"] is NSNull)
        #expect(requestJSON["createdAt"] as? String == "2025-01-01T09:00:00Z")
        #expect(try decoded(AccessRequestJSON(request), as: AccessRequestJSON.self).request == request)

        let grant = Grant(
            GrantRecord(
                id: "g1", ownerAccountId: "", profileId: "p1", viewerAccountId: "", viewer: summary, field: nil,
                createdAt: Self.date))
        let grantJSON = try object(GrantJSON(grant))
        #expect(Set(grantJSON.keys) == ["grantId", "to", "profileId", "field", "createdAt"])
        #expect(grantJSON["field"] is NSNull)
        #expect(try decoded(GrantJSON(grant), as: GrantJSON.self).grant == grant)

        let persona = Persona(profileId: "p1", displayName: "Dana Lee", type: .primary, active: true, lastUsed: nil)
        let personaJSON = try object(PersonaCardJSON(persona))
        #expect(Set(personaJSON.keys) == ["profileId", "displayName", "type", "active", "lastUsed", "username"])
        #expect(personaJSON["lastUsed"] is NSNull && personaJSON["username"] is NSNull)
        #expect(try decoded(PersonaCardJSON(persona), as: PersonaCardJSON.self).persona == persona)
    }

    @Test func aProfileTheMatrixAndTheRest() throws {
        let profile = Profile(
            id: "p2", ownerAccountId: "a1", type: .anonymous, displayName: "Night Owl", shownToCircleIds: ["c3"],
            createdAt: Self.date)
        let json = try object(CirclesProfileJSON(profile))
        #expect(json.count == 12)
        for key in ["username", "bio", "phone", "email", "photo", "revealedAt", "lastUsedAt"] {
            #expect(json[key] is NSNull, "\(key)")
        }
        #expect(try decoded(CirclesProfileJSON(profile), as: CirclesProfileJSON.self).profile(owner: "a1") == profile)

        let matrix = AccessMatrix(
            profileId: "p1", cells: [.phone: ["c3": .deny, "c6": .allow]], unsaved: true,
            staged: [.phone: ["c3": .deny]],
            circles: [])
        #expect(
            try text(AccessMatrixJSON(matrix))
                == #"{"cells":{"phone":{"c3":"deny","c6":"allow"}},"profileId":"p1","staged":{"phone":{"c3":"deny"}},"unsaved":true}"#
        )
        #expect(try decoded(AccessMatrixJSON(matrix), as: AccessMatrixJSON.self).matrix(circles: []) == matrix)

        let suggestion = MergeSuggestion(
            suggestionId: "sug_1", circleIds: ["c6", "c4"], circleNames: ["Readers", "Friends"], jaccard: 1)
        #expect(
            Set(try object(MergeSuggestionJSON(suggestion)).keys) == [
                "suggestionId", "circleIds", "circleNames", "jaccard",
            ])
        #expect(try decoded(MergeSuggestionJSON(suggestion), as: MergeSuggestionJSON.self).suggestion == suggestion)
        #expect(try text(RequestReceiptJSON(RequestReceipt(requestId: "r1"))) == #"{"requestId":"r1"}"#)
        #expect(
            try text(SuggestionDismissedJSON(suggestionId: "sug_1")) == #"{"dismissed":true,"suggestionId":"sug_1"}"#)
    }

    // MARK: - Request bodies

    @Test func requestBodiesLeaveOutWhatTheyLeaveAlone() throws {
        #expect(try text(ContactEditBody(ContactEdit(phone: ""))) == #"{"phone":""}"#)
        #expect(try text(CircleEditBody(CircleEdit(color: "teal"))) == #"{"color":"teal"}"#)
        #expect(try text(ProfileEditBody(ProfileEdit(bio: "Hoot"))) == #"{"bio":"Hoot"}"#)
        #expect(
            try text(ContactBody(ContactDraft(displayName: "Sam", accountEmail: "sam@example.com")))
                == #"{"accountEmail":"sam@example.com","displayName":"Sam"}"#)
        #expect(
            try text(AccessRequestBody(target: "@dana", field: .phone, reason: nil))
                == #"{"field":"phone","target":"@dana"}"#)
        #expect(
            try decoded(ContactEditBody(ContactEdit(phone: "")), as: ContactEditBody.self).edit
                == ContactEdit(phone: ""))
        #expect(
            try decoded(ProfileEditBody(ProfileEdit(bio: "x")), as: ProfileEditBody.self).edit == ProfileEdit(bio: "x"))
    }

    /// The server takes both bodies without their optional keys: `allFields` and a shadow's `circles`.
    @Test func optionalKeysDecodeWhenAbsent() throws {
        let decoder = KithJSON.decoder()
        #expect(try decoder.decode(AllowBody.self, from: Data("{}".utf8)).allFields == nil)
        let shadow = try decoder.decode(ShadowBody.self, from: Data(#"{"type":"personal","displayName":"Al"}"#.utf8))
        #expect(shadow.circles == nil && shadow.type == "personal")
        #expect(try text(AllowBody(allFields: false)) == #"{"allFields":false}"#)
    }

    // MARK: - Routes

    @Test func routesEscapeEachReferenceAsOneASCIISegment() {
        #expect(CirclesRoute.circle.path("Book Club") == "/api/circles/Book%20Club")
        #expect(CirclesRoute.mergeCircle.path("a/b") == "/api/circles/a%2Fb/merge")
        #expect(CirclesRoute.removeMember.path("Zoë's", "Sam Ray") == "/api/circles/Zo%C3%AB%27s/members/Sam%20Ray")
        #expect(CirclesRoute.editContact.path("sam+1@example.com") == "/api/contacts/sam%2B1%40example.com")
        #expect(CirclesRoute.lookQuery("dana+1@example.com") == "?email=dana%2B1%40example.com")
        #expect(CirclesRoute.lookQuery(" @dana.lee") == "?username=dana.lee")
        #expect(
            CirclesRoute.profileQuery(nil) == "" && CirclesRoute.profileQuery("Dana Works") == "?profile=Dana%20Works")
        #expect(CirclesRoute.moveToQuery("Book Club") == "?moveTo=Book%20Club")
    }

    @Test func everyRouteIsListedOnceUnderAPI() {
        let routes = CirclesRoute.routes
        #expect(Set(routes).count == routes.count)
        #expect(routes.count == 40)
        for route in routes { #expect(route.template.hasPrefix("/api/"), "\(route)") }
    }
}

/// `ProfileViewJSON.sortedJSON` writes what the server's `JSONEncoder` (sorted keys, unescaped slashes) writes.
@Suite("A look's JSON written directly")
struct ProfileViewSortedJSONTests {
    static func encoderText(_ value: ProfileViewJSON) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    static func view(_ text: String, revealed: Bool, username: String?) -> ProfileView {
        var fields: [Field: String?] = [:]
        for (index, field) in Field.allCases.enumerated() { fields[field] = index % 2 == 0 ? text : nil }
        return ProfileView(
            profileId: "p/\(text)", fields: fields, ask: [.phone, .bio],
            revealedAs: revealed ? RevealedIdentity(profileId: "p0", displayName: text, username: username) : nil,
            access: [.displayName: .allow, .username: .allow, .phone: .ask, .bio: .ask])
    }

    @Test func everyASCIICharacterAndSomeUnicodeAsJSONEncoderWritesThem() throws {
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += ["", "Dana \"Dee\" Lee", #"C:\path/to"#, "é ü 中文 😀", "\u{2028}\u{2029}", "\u{7F}\u{80}", "a\u{0}b"]
        for text in texts {
            for (revealed, username) in [(false, nil), (true, nil), (true, "dee/\(text)")] {
                let json = ProfileViewJSON(Self.view(text, revealed: revealed, username: username))
                #expect(
                    json.sortedJSON == (try Self.encoderText(json)),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}

extension ProfileViewSortedJSONTests {
    /// The bytes of a look, pinned: the direct text and every `JSONEncoder` (the server's options) write exactly these.
    @Test func aLookIsTheseBytes() throws {
        let view = ProfileView(
            profileId: "p1", fields: [.displayName: "Dee", .username: "dee", .bio: nil], ask: [.phone],
            revealedAs: RevealedIdentity(profileId: "p0", displayName: "Dana Lee", username: nil),
            access: [.displayName: .allow, .username: .allow, .phone: .ask])
        let expected =
            #"{"access":{"bio":"deny","displayName":"allow","email":"deny","phone":"ask","photo":"deny","username":"allow"},"#
            + #""ask":["phone"],"#
            + #""fields":{"bio":null,"displayName":"Dee","email":null,"phone":null,"photo":null,"username":"dee"},"#
            + #""profileId":"p1","revealedAs":{"displayName":"Dana Lee","profileId":"p0","username":null}}"#
        let json = ProfileViewJSON(view)
        #expect(String(decoding: json.sortedJSON, as: UTF8.self) == expected)
        #expect(String(decoding: try Self.encoderText(json), as: UTF8.self) == expected)
        #expect(try JSONDecoder().decode(ProfileViewJSON.self, from: Data(expected.utf8)) == json)
    }
}
