import Accounts
import Device
import Households
import Kernel
import Testing

@Suite("The sentences users read")
struct IdentityErrorTests {
    @Test(arguments: [
        (IdentityError.invalidEmail, "Please enter a valid email address"),
        (.emailTaken, "An account with this email already exists"),
        (.invalidPassword, "Passwords must be 8 to 256 characters"),
        (.incorrectCredentials, "Email or password is incorrect"),
        (.notSignedIn, "Not signed in. Use `login` or `signup` first."),
        (.savedAccountsFull, "You can save up to 10 accounts. Remove one first."),
        (.cannotRemoveCurrentAccount, "Switch to another account first"),
        (.householdFull(capacity: Household.capacity), "This household is full (8 members)"),
        (.needsGuardian("Mia"), "Mia needs at least one guardian"),
        (.lastGuardian("Mia"), "Mia has no other guardian. Add another guardian or remove Mia first."),
        (.notFound(.account, "x@y.z"), "No account named x@y.z"),
        (.notWhileActing("Mia"), "Not available while viewing as Mia. Switch back first."),
    ])
    func sentence(_ error: IdentityError, _ expected: String) {
        #expect(error.description == expected)
    }

    @Test func alreadyUsingIsASuccessResult() {
        let saved = SavedAccount(
            accountId: "a", email: "ann@example.com", displayName: "Ann Lee", accountType: .private,
            authMethod: .password, lastUsed: ManualClock().now())
        #expect(AccountSwitch.alreadyCurrent(saved).description == "Already using ann@example.com")
    }

    @Test func principalActingAsRefusesAccountActions() {
        let acting = Principal(accountId: "a", actingAs: ActingAs(memberId: "managed_1", displayName: "Mia"))
        #expect(throws: IdentityError.notWhileActing("Mia")) { try acting.requireActingAsSelf() }
        #expect(acting.subjectMemberId == "managed_1")
        #expect(throws: Never.self) { try Principal(accountId: "a").requireActingAsSelf() }
    }

    @Test func monogramIsTheFirstGraphemeUpperCased() {
        let now = ManualClock().now()
        #expect(Member(memberId: "m", displayName: "zoë", kind: .managed, role: .member, addedAt: now).monogram == "Z")
        #expect(
            Member(memberId: "m", displayName: "e\u{301}mile", kind: .managed, role: .member, addedAt: now).monogram
                == "E\u{301}")
    }
}
