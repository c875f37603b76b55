import Accounts
import Testing

@Suite("Resolving references by id or name")
struct ReferenceResolverTests {
    struct Thing: Sendable {
        let id: String
        let name: String
    }

    let things = [
        Thing(id: "id-1", name: "Sam"), Thing(id: "id-2", name: "sam"), Thing(id: "id-3", name: "Zoë"),
        Thing(id: "id-4", name: "Me Too"),
    ]

    func resolve(_ reference: String) throws(IdentityError) -> Thing {
        try ReferenceResolver.resolve(reference, in: things, kind: .member, id: \.id, name: \.name)
    }

    @Test func byIdFirst() throws {
        #expect(try resolve("id-2").name == "sam")
    }

    @Test func byExactNameCaseInsensitively() throws {
        #expect(try resolve("ZOË").id == "id-3")
        #expect(try resolve("Zoe\u{308}").id == "id-3")
        #expect(try resolve("me too").id == "id-4")
    }

    @Test func ambiguousListsEveryCandidateWithItsId() {
        #expect(throws: IdentityError.self) { try resolve("SAM") }
        do {
            _ = try resolve("SAM")
        } catch {
            #expect(error.description == "SAM is ambiguous: Sam (id-1), sam (id-2)")
        }
    }

    @Test func unknownNamesTheKind() {
        #expect(throws: IdentityError.notFound(.member, "Kim")) { try resolve(" Kim ") }
        #expect(IdentityError.notFound(.household, "Home").description == "No household named Home")
    }

    @Test func reservedWordsAreNeverNames() {
        let reserved = [Thing(id: "x", name: "me"), Thing(id: "y", name: "Primary")]
        #expect(throws: IdentityError.notFound(.member, "me")) {
            try ReferenceResolver.resolve("me", in: reserved, kind: .member, id: \.id, name: \.name)
        }
        #expect(throws: IdentityError.notFound(.profile, "primary")) {
            try ReferenceResolver.resolve("primary", in: reserved, kind: .profile, id: \.id, name: \.name)
        }
        #expect(ReferenceResolver.isReserved(" ME "))
    }
}
