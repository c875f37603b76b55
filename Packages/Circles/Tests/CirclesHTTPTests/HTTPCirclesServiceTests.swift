import Accounts
import Circles
import CirclesHTTP
import Foundation
import Kernel
import Networking
import NetworkingTesting
import Testing

/// `HTTPCirclesService` against a stub server: paths, methods, bodies, headers, JSON and errors.
@Suite("HTTPCirclesService")
struct HTTPCirclesServiceTests {
    let stub = StubHTTPClient()
    let principal = Principal(accountId: "a1", sessionId: "s1")

    func service() -> HTTPCirclesService {
        HTTPCirclesService(client: JSONClient(client: stub, baseURL: URL(string: "http://127.0.0.1:8080")!)) { _ in
            "t1"
        }
    }

    static let circlesJSON = """
        [{"circleId":"c1","name":"Contacts","kind":"mandatory","emoji":"👥","color":"gray","memberCount":1},\
        {"circleId":"c2","name":"Public","kind":"mandatory","emoji":"🌐","color":"blue","memberCount":null},\
        {"circleId":"c3","name":"Family","kind":"prepopulated","emoji":"🏠","color":"red","memberCount":1},\
        {"circleId":"c6","name":"Book Club","kind":"custom","emoji":"📚","color":"green","memberCount":0}]
        """

    static let contactJSON = """
        {"contactId":"k1","displayName":"Sam Ray","accountId":"a2","phone":null,"email":"sam@example.com",\
        "circles":["Family"],"circleIds":["c3"]}
        """

    static let profileJSON = """
        {"profileId":"p2","type":"professional","displayName":"Dana at Work","username":null,"bio":null,\
        "phone":null,"email":null,"photo":null,"shownToCircleIds":["c6"],"revealedAt":null,\
        "lastUsedAt":"2025-01-01T09:00:00Z","createdAt":"2025-01-01T09:00:00Z"}
        """

    func body(_ index: Int = -1) throws -> String {
        let requests = stub.requests
        let request = requests[index < 0 ? requests.count + index : index]
        return String(decoding: try #require(request.body), as: UTF8.self)
    }

    @Test func contactsAndCirclesUseTheirPathsAndMapTheJSON() async throws {
        stub.on(.get, "/api/contacts", json: "[\(Self.contactJSON)]")
        let contacts = try await service().contacts(principal)
        #expect(contacts.map(\.displayName) == ["Sam Ray"])
        #expect(contacts[0].linkedAccountId == "a2" && contacts[0].circleNames == ["Family"])
        #expect(contacts[0].ownerAccountId == "a1")
        #expect(stub.requests.last?.headers["Authorization"] == "Bearer t1")
        #expect(stub.requests.last?.headers["X-Acting-As-Member"] == nil)

        _ = try await service().contacts(principal, matching: ContactSearch(text: "José R", circle: "Book Club"))
        #expect(
            stub.requests.last?.url.absoluteString
                == "http://127.0.0.1:8080/api/contacts?search=Jos%C3%A9%20R&circle=Book%20Club")

        stub.on(.post, "/api/contacts", status: 201, json: Self.contactJSON)
        _ = try await service().addContact(
            principal, ContactDraft(displayName: "Sam Ray", accountEmail: "sam@example.com"))
        #expect(try body() == #"{"accountEmail":"sam@example.com","displayName":"Sam Ray"}"#)

        stub.on(.patch, "/api/contacts/Sam Ray", json: Self.contactJSON)
        _ = try await service().editContact(principal, "Sam Ray", ContactEdit(phone: ""))
        #expect(stub.requests.last?.method == .patch)
        #expect(stub.requests.last?.url.absoluteString == "http://127.0.0.1:8080/api/contacts/Sam%20Ray")
        #expect(try body() == #"{"phone":""}"#)

        stub.on(.get, "/api/circles", json: Self.circlesJSON)
        let circles = try await service().circles(principal)
        #expect(circles.map(\.name) == ["Contacts", "Public", "Family", "Book Club"])
        #expect(circles.map(\.builtIn) == [.contacts, .public, .family, nil])
        #expect(circles.map(\.position) == [0, 1, 2, 3])
        #expect(circles[1].memberCount == nil && circles[3].kind == .custom)

        stub.on(
            .post, "/api/circles", status: 201,
            json: #"{"circleId":"c7","name":"Team","kind":"custom","emoji":"⭕","color":"blue","memberCount":0}"#)
        let team = try await service().createCircle(principal, name: "Team", emoji: nil, color: "blue")
        #expect(team.id == "c7" && team.color == .blue)
        #expect(try body() == #"{"color":"blue","name":"Team"}"#)

        stub.on(
            .delete, "/api/circles/Team",
            json: #"{"circleId":"c7","name":"Team","kind":"custom","emoji":"⭕","color":"blue","memberCount":0}"#)
        _ = try await service().deleteCircle(principal, "Team", moveTo: "Book Club")
        #expect(stub.requests.last?.url.query == "moveTo=Book%20Club")

        stub.on(
            .delete, "/api/circles/Family/members",
            json: """
                {"circleId":"c3","name":"Family","kind":"prepopulated","emoji":"🏠","color":"red","memberCount":0,\
                "members":[],"profileId":"p1","access":{"phone":"allow","bio":"ask"},"pendingRequests":[],\
                "emptyHint":"Add your first member"}
                """)
        let detail = try await service().removeMembers(principal, circle: "Family", contacts: ["Sam Ray"])
        #expect(try body() == #"{"contacts":["Sam Ray"]}"#)
        #expect(detail.access[.phone] == .allow && detail.access[.bio] == .ask)
        #expect(detail.emptyHint == Circle.emptyCircleHint && detail.circle.builtIn == .family)

        // The circle merged away is in the path, the one that receives its members in the body.
        stub.on(
            .post, "/api/circles/Book Club/merge",
            json: #"{"circleId":"c3","name":"Family","kind":"prepopulated","emoji":"🏠","color":"red","memberCount":2}"#)
        let into = try await service().mergeCircles(principal, from: "Book Club", into: "Family")
        #expect(into.name == "Family" && into.memberCount == 2)
        #expect(stub.requests.last?.url.absoluteString == "http://127.0.0.1:8080/api/circles/Book%20Club/merge")
        #expect(try body() == #"{"into":"Family"}"#)

        stub.on(.post, "/api/suggestions/s1/dismiss", status: 204, json: "")
        try await service().dismissSuggestion(principal, "s1")
        #expect(stub.requests.last?.method == .post)
    }

    @Test func theMatrixTakesItsColumnsFromTheCircles() async throws {
        stub.on(.get, "/api/circles", json: Self.circlesJSON)
        stub.on(
            .put, "/api/access/cells",
            json: """
                {"profileId":"p2","cells":{"phone":{"c3":"deny","c6":"allow"}},"unsaved":true,\
                "staged":{"phone":{"c3":"deny"}}}
                """)
        let matrix = try await service().setAccess(
            principal, profile: "Dana at Work", field: .phone, circle: "Family", access: .deny)
        let put = try #require(stub.requests.first { $0.method == .put })
        #expect(put.url.query == "profile=Dana%20at%20Work")
        #expect(
            String(decoding: try #require(put.body), as: UTF8.self)
                == #"{"access":"deny","circle":"Family","field":"phone"}"#)
        #expect(matrix.access(.phone, "c3") == .deny && matrix.isStaged(.phone, "c3") && !matrix.isStaged(.phone, "c6"))
        #expect(matrix.unsaved && matrix.circles.map(\.id) == ["c1", "c2", "c3", "c6"])

        stub.on(
            .post, "/api/access/save",
            json: #"{"profileId":"p1","cells":{"phone":{"c3":"deny"}},"unsaved":false,"staged":{}}"#)
        let saved = try await service().saveAccess(principal, profile: nil)
        #expect(!saved.unsaved && saved.profileId == "p1")
        #expect(
            stub.requests.contains { $0.method == .post && $0.url.path == "/api/access/save" && $0.url.query == nil })
    }

    @Test func viewingRequestsAndGrants() async throws {
        let view = """
            {"profileId":"p1","fields":{"displayName":"Dana Lee","username":null,"photo":null,"bio":null,\
            "email":"dana@example.com","phone":null},"ask":["bio","phone"],"revealedAs":null,\
            "access":{"displayName":"allow","username":"allow","photo":"deny","bio":"ask","email":"allow","phone":"ask"}}
            """
        stub.on(.get, "/api/look", json: view)
        let looked = try await service().look(principal, "dana+1@example.com")
        #expect(stub.requests.last?.url.query == "email=dana%2B1%40example.com")
        #expect(looked.fields[.email] == "dana@example.com" && looked.fields[.phone] == .some(nil))
        #expect(looked.ask == [.bio, .phone] && looked.access[.photo] == .deny)
        _ = try await service().look(principal, "@dana.lee")
        #expect(stub.requests.last?.url.query == "username=dana.lee")

        stub.on(.get, "/api/view-as/Sam Ray", json: view)
        _ = try await service().viewAs(principal, contact: "Sam Ray", profile: nil)
        #expect(stub.requests.last?.url.path == "/api/view-as/Sam Ray" && stub.requests.last?.url.query == nil)

        stub.on(.post, "/api/requests", status: 201, json: #"{"requestId":"r1"}"#)
        let receipt = try await service().request(principal, "@dana.lee", field: .phone, reason: "for the party")
        #expect(receipt == RequestReceipt(requestId: "r1"))
        #expect(try body() == #"{"field":"phone","reason":"for the party","target":"@dana.lee"}"#)

        stub.on(
            .get, "/api/requests",
            json: """
                [{"requestId":"r1","from":{"displayName":"Sam Ray","username":null},"profileId":"p1","field":"phone",\
                "reason":"for the party","createdAt":"2025-01-01T09:00:00Z","expiresAt":"2025-01-31T09:00:00Z",\
                "status":"pending","requesterCircles":["Contacts","Friends"]}]
                """)
        let inbox = try await service().requests(principal)
        #expect(inbox.map(\.requestId) == ["r1"] && inbox[0].from.displayName == "Sam Ray")
        #expect(inbox[0].field == .phone && inbox[0].status == .pending)
        #expect(inbox[0].requesterCircles == ["Contacts", "Friends"])

        let grant = """
            {"grantId":"g1","to":{"displayName":"Sam Ray","username":null},"profileId":"p1","field":null,\
            "createdAt":"2025-01-01T09:00:00Z"}
            """
        stub.on(.post, "/api/requests/r1/allow", json: grant)
        let allowed = try await service().allowRequest(principal, "r1", allFields: true)
        #expect(allowed.grantId == "g1" && allowed.field == nil)
        #expect(try body() == #"{"allFields":true}"#)
        stub.on(.delete, "/api/grants/g1", json: grant)
        _ = try await service().revokeGrant(principal, "g1")
        #expect(stub.requests.last?.method == .delete)
    }

    @Test func shadowsAndPersonas() async throws {
        stub.on(.post, "/api/shadows", status: 201, json: Self.profileJSON)
        let shadow = try await service().createShadow(
            principal, type: .professional, displayName: "Dana at Work", circles: ["Book Club"])
        #expect(shadow.type == .professional && shadow.shownToCircleIds == ["c6"] && shadow.ownerAccountId == "a1")
        #expect(try body() == #"{"circles":["Book Club"],"displayName":"Dana at Work","type":"professional"}"#)

        stub.on(
            .get, "/api/personas",
            json: """
                [{"profileId":"p1","displayName":"Dana Lee","type":"primary","active":false,"lastUsed":null,\
                "username":null},{"profileId":"p2","displayName":"Dana at Work","type":"professional","active":true,\
                "lastUsed":"2025-01-01T09:00:00Z","username":null}]
                """)
        #expect(try await service().personas(principal).map(\.displayName) == ["Dana Lee", "Dana at Work"])
        let active = try await service().activePersona(principal)
        #expect(active.profileId == "p2" && active.type == .professional)

        stub.on(
            .post, "/api/personas/switch",
            json:
                #"{"profileId":"p1","displayName":"Dana Lee","type":"primary","active":true,"lastUsed":null,"username":null}"#
        )
        #expect(try await service().switchPersona(principal, "primary").type == .primary)
        #expect(try body() == #"{"profile":"primary"}"#)

        stub.on(.get, "/api/profile", json: Self.profileJSON)
        _ = try await service().profile(principal, nil)
        stub.on(.get, "/api/profiles/primary", json: Self.profileJSON)
        _ = try await service().profile(principal, "primary")
        #expect(stub.requests.last?.url.path == "/api/profiles/primary")
    }

    @Test func whileActingTheMemberIsNamedInTheHeader() async throws {
        var acting = principal
        acting.actingAs = ActingAs(memberId: "managed_1", displayName: "Max")
        stub.on(
            .get, "/api/contacts", status: 403,
            json: """
                {"error":"identity.not_while_acting","message":"Not available while viewing as Max. Switch back first.",\
                "details":{"name":"Max"}}
                """)
        await #expect(throws: IdentityError.notWhileActing("Max")) { _ = try await service().contacts(acting) }
        #expect(stub.requests.last?.headers["X-Acting-As-Member"] == "managed_1")
    }

    /// The sentences here are deliberately not the domain's: the client reads the code and its details only.
    @Test func refusalsReadAsTheDomainsErrorsByCode() async throws {
        // A hidden shadow and a profile that does not exist: the same 404, the same error.
        stub.on(
            .get, "/api/look", status: 404,
            json: #"{"error":"circles.profile_not_found","message":"Reworded: nobody","details":{"name":"@hidden"}}"#)
        await #expect(throws: CirclesError.profileNotFound("@hidden")) {
            _ = try await service().look(principal, "@hidden")
        }
        stub.on(
            .post, "/api/circles", status: 409,
            json: #"{"error":"circles.circle_name_taken","message":"Reworded","details":{"name":"Book Club"}}"#)
        await #expect(throws: CirclesError.circleNameTaken("Book Club")) {
            _ = try await service().createCircle(principal, name: "Book Club", emoji: nil, color: nil)
        }
        stub.on(
            .post, "/api/requests", status: 403,
            json: #"{"error":"circles.not_shared","message":"Reworded","details":{"field":"phone"}}"#)
        await #expect(throws: CirclesError.notShared(.phone)) {
            _ = try await service().request(principal, "@dana", field: .phone, reason: nil)
        }
        stub.on(
            .post, "/api/shadows", status: 409, json: #"{"error":"circles.too_many_shadows","message":"Reworded"}"#)
        await #expect(throws: CirclesError.tooManyShadows) {
            _ = try await service().createShadow(principal, type: .personal, displayName: "Six", circles: [])
        }
        stub.on(
            .patch, "/api/profile", status: 400,
            json: #"{"error":"circles.too_long","message":"Reworded","details":{"field":"bio","maxLength":160}}"#)
        let tooLong = await #expect(throws: CirclesError.self) {
            _ = try await service().editProfile(principal, nil, ProfileEdit(bio: String(repeating: "x", count: 200)))
        }
        #expect(tooLong == .tooLong(field: "bio", maxLength: 160))
        // The domain's sentence, not the server's: the two sides word it once.
        #expect(tooLong?.description == "The bio can be at most 160 characters")
        stub.on(
            .post, "/api/contacts", status: 400,
            json: """
                {"error":"circles.invalid_name","message":"Reworded","details":{"field":"display name",\
                "problem":"disallowed","character":"#","maxLength":50}}
                """)
        await #expect(throws: CirclesError.invalidName(field: "display name", problem: .disallowed("#"), maxLength: 50))
        {
            _ = try await service().addContact(principal, ContactDraft(displayName: "Sam #1"))
        }
        // Identity's refusals pass through every feature.
        stub.on(
            .delete, "/api/contacts/Sam", status: 400,
            json: """
                {"error":"identity.ambiguous","message":"Reworded","details":{"name":"Sam",\
                "candidates":[{"id":"k1","name":"Sam Ray"},{"id":"k2","name":"Sam Kim"}]}}
                """)
        await #expect(
            throws: IdentityError.ambiguous(
                "Sam",
                candidates: [
                    ReferenceCandidate(id: "k1", name: "Sam Ray"), ReferenceCandidate(id: "k2", name: "Sam Kim"),
                ])
        ) {
            _ = try await service().removeContact(principal, "Sam")
        }
        stub.on(.get, "/api/circles", status: 401, json: #"{"error":"unauthorized","message":"Sign in first"}"#)
        await #expect(throws: IdentityError.notSignedIn) { _ = try await service().circles(principal) }
        stub.goOffline()
        let offline = await #expect(throws: NetworkingError.self) { _ = try await service().circles(principal) }
        #expect(offline?.description == "Connection error. Please try again.")
    }

    /// A code no table knows, or a known code without the details its case needs, keeps the server's sentence.
    @Test func anUnknownCodeKeepsTheServersSentence() async throws {
        stub.on(
            .post, "/api/circles", status: 409,
            json: #"{"error":"circles.some_new_rule","message":"A rule this client does not know"}"#)
        let unknown = await #expect(throws: NetworkingError.self) {
            _ = try await service().createCircle(principal, name: "Club", emoji: nil, color: nil)
        }
        #expect(unknown?.description == "A rule this client does not know")
        stub.on(
            .post, "/api/circles", status: 409,
            json: #"{"error":"circles.circle_name_taken","message":"A circle named Club already exists"}"#)
        let bare = await #expect(throws: NetworkingError.self) {
            _ = try await service().createCircle(principal, name: "Club", emoji: nil, color: nil)
        }
        #expect(bare?.description == "A circle named Club already exists")
    }
}
