import Circles
import Testing

/// `ProfileType.shadowType`: the one reading of a shadow's type, for `shadow create` and `POST /api/shadows`.
@Suite("A shadow's type from text")
struct ShadowTypeTests {
    @Test func eachShadowTypeWhateverItsCaseAndSurroundingSpaces() throws {
        #expect(try ProfileType.shadowType("professional") == .professional)
        #expect(try ProfileType.shadowType(" Personal\n") == .personal)
        #expect(try ProfileType.shadowType("ANONYMOUS") == .anonymous)
    }

    @Test func anythingElseIsRefusedWithTheChoices() {
        #expect(throws: CirclesError.invalidShadowType("primary")) { try ProfileType.shadowType("primary") }
        #expect(throws: CirclesError.invalidShadowType("Spy")) { try ProfileType.shadowType(" Spy ") }
        #expect(throws: CirclesError.invalidShadowType("per sonal")) { try ProfileType.shadowType("per sonal") }
        #expect(
            CirclesError.invalidShadowType("Spy").description
                == "A shadow's type must be one of professional, personal, anonymous, not Spy")
        #expect(
            CirclesError.invalidShadowType("").description
                == "A shadow's type must be one of professional, personal, anonymous")
    }
}
