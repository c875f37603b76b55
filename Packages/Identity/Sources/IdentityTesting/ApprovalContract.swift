import Accounts
import Foundation
import Households
import Identity
import StorageTesting
import Testing

/// Ask to approve, maturity ceilings and age ranges (contract, every store).
public enum ApprovalContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase("a member asks while a guardian acts as it", aMemberAsksWhileAGuardianActsAsIt),
        ContractCase("asking the same again renews the request", askingTheSameAgainRenewsTheRequest),
        ContractCase("a request expires 24 hours after it was asked", aRequestExpires24HoursAfterItWasAsked),
        ContractCase("at most 20 requests wait per member", atMost20RequestsWaitPerMember),
        ContractCase("only a guardian, not acting, answers", onlyAGuardianNotActingAnswers),
        ContractCase("the first answer wins", theFirstAnswerWins),
        ContractCase("in person with the member's exit PIN", inPersonWithTheMembersExitPin),
        ContractCase("a guardian removed mid-way can no longer answer", aGuardianRemovedMidWayCanNoLongerAnswer),
        ContractCase("bad asks are refused and change nothing", badAsksAreRefusedAndChangeNothing),
        ContractCase("maturity and age are set by a guardian only", maturityAndAgeAreSetByAGuardianOnly),
        ContractCase("an account declares its own age range", anAccountDeclaresItsOwnAgeRange),
        ContractCase("graduation keeps the ceiling and the age range", graduationKeepsTheCeilingAndTheAgeRange),
        ContractCase("exported and removed with the member", exportedAndRemovedWithTheMember),
    ]

    /// Dana owns the Lees and guards Max (PIN 2468) with Eli, a parent there; Bob is in the household but guards no
    /// one; Zoe has a household of her own.
    public struct Family: Sendable {
        public let env: IdentityContractEnvironment
        public let service: LocalIdentityService
        public let dana: Principal
        public let eli: Principal
        public let bob: Principal
        public let zoe: Principal
        public let max: Member

        public init(_ env: IdentityContractEnvironment, pin: String? = "2468") async throws {
            self.env = env
            service = env.service()
            dana = try await service.register("Dana")
            eli = try await service.register("Eli")
            bob = try await service.register("Bob")
            zoe = try await service.register("Zoe")
            let home = try await service.createHousehold(dana, name: "Lees")
            _ = try await service.joinHousehold(eli, householdId: home.id, role: .parent)
            _ = try await service.joinHousehold(bob, householdId: home.id, role: .parent)
            _ = try await service.createHousehold(zoe, name: "Zoes")
            max = try await service.addManagedMember(dana, displayName: "Max", avatarKey: "")
            _ = try await service.addGuardian(dana, member: "Max", email: email("Eli"))
            if let pin { _ = try await service.setExitPin(dana, member: "Max", password: password("Dana"), pin: pin) }
        }

        /// `guardian` acting as Max.
        public func acting(_ guardian: Principal) -> Principal {
            var principal = guardian
            principal.actingAs = ActingAs(memberId: max.memberId, displayName: max.displayName)
            return principal
        }

        /// Max asks (Dana acting) for `title`.
        @discardableResult
        public func ask(
            _ title: String, kind: ApprovalKind = .purchase, price: String? = nil, currency: String? = nil
        ) async throws -> AskedApproval {
            try await service.ask(
                acting(dana), try ApprovalAsk(kind: kind, title: title, price: price, currency: currency))
        }
    }

    static func aMemberAsksWhileAGuardianActsAsIt(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        let now = env.clock.now()
        let ask = try ApprovalAsk(
            kind: .purchase, title: " Minecraft ", price: "6.99", currency: "eur", rating: .thirteenPlus,
            note: "For the holidays")
        let asked = try await family.service.ask(family.acting(family.dana), ask)
        #expect(!asked.renewed)
        let request = asked.request
        #expect(request.title == "Minecraft" && request.price == "6.99" && request.currency == "EUR")
        #expect(request.rating == .thirteenPlus && request.note == "For the holidays" && request.kind == .purchase)
        #expect(request.memberId == family.max.memberId && request.memberName == "Max")
        #expect(request.askedByAccountId == family.dana.accountId && request.state == .pending)
        #expect(request.createdAt == now && request.expiresAt == now.addingTimeInterval(24 * 60 * 60))
        #expect(try await family.service.requests(family.acting(family.dana)) == [request])
        // Eli acting as Max sees the same member's requests.
        #expect(try await family.service.requests(family.acting(family.eli)).map(\.id) == [request.id])
        // Every guardian sees it among its approvals; anyone else sees nothing.
        #expect(try await family.service.approvals(family.dana) == [request])
        #expect(try await family.service.approvals(family.eli).map(\.id) == [request.id])
        #expect(try await family.service.approvals(family.bob).isEmpty)
        #expect(try await family.service.approvals(family.zoe).isEmpty)
        // Asking is the member's: as oneself it is refused, and `approvals` is the guardian's, not while acting.
        let asSelf = await identityError { _ = try await family.service.ask(family.dana, ask) }
        #expect(asSelf == .askNeedsActing)
        #expect(await identityError { _ = try await family.service.requests(family.dana) } == .askNeedsActing)
        let whileActing = await identityError { _ = try await family.service.approvals(family.acting(family.dana)) }
        #expect(whileActing == .notWhileActing("Max"))
        // Acting as a member one does not guard (here a forged principal) is refused by the rule of who may act.
        var bobActing = family.bob
        bobActing.actingAs = ActingAs(memberId: family.max.memberId, displayName: "Max")
        #expect(await identityError { _ = try await family.service.ask(bobActing, ask) } == .actingNotAvailable)
        // The ask is a write made while acting: the guardians' audit shows it.
        let activity = try await family.service.memberActivity(family.eli, member: "Max")
        #expect(activity.map(\.action) == ["ask Minecraft"])
        #expect(activity.first?.actorAccountId == family.dana.accountId)
    }

    static func askingTheSameAgainRenewsTheRequest(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        let first = try await family.ask("Minecraft", price: "6.99", currency: "EUR").request
        env.clock.advance(by: 3600)
        let again = try await family.service.ask(
            family.acting(family.eli),
            try ApprovalAsk(kind: .purchase, title: "minecraft", price: "5.99", currency: "EUR"))
        #expect(again.renewed)
        #expect(again.request.id == first.id && again.request.createdAt == first.createdAt)
        #expect(again.request.askedAt == env.clock.now())
        #expect(again.request.expiresAt == env.clock.now().addingTimeInterval(24 * 60 * 60))
        #expect(again.request.price == "5.99" && again.request.askedByAccountId == family.eli.accountId)
        // The title stays as first asked; what the new ask leaves out stays too.
        #expect(again.request.title == "Minecraft" && again.request.currency == "EUR")
        #expect(try await family.service.approvals(family.dana).map(\.id) == [first.id])
        // Another kind with the same title is another request; the newest asked comes first.
        env.clock.advance(by: 60)
        let app = try await family.ask("Minecraft", kind: .app).request
        #expect(app.id != first.id)
        #expect(try await family.service.approvals(family.dana).map(\.id) == [app.id, first.id])
        // Renewing moves a request back to the top.
        env.clock.advance(by: 60)
        try await family.ask("Minecraft", price: "5.99", currency: "EUR")
        #expect(try await family.service.approvals(family.dana).map(\.id) == [first.id, app.id])
    }

    static func aRequestExpires24HoursAfterItWasAsked(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        let request = try await family.ask("Minecraft").request
        env.clock.advance(by: 24 * 60 * 60 - 1)
        #expect(try await family.service.approvals(family.dana).map(\.id) == [request.id])
        env.clock.advance(by: 1)
        #expect(try await family.service.approvals(family.dana).isEmpty)
        #expect(try await family.service.requests(family.acting(family.dana)).map(\.state) == [.expired])
        let late = await identityError {
            _ = try await family.service.approve(family.dana, request: request.id, note: nil, pin: nil)
        }
        #expect(late == .requestExpired("Minecraft"))
        #expect(late?.description == "The request for Minecraft has expired: it can be asked again.")
        // Asking again after it expired is a new request; the expired one stays in the member's list.
        let again = try await family.ask("Minecraft")
        #expect(!again.renewed && again.request.id != request.id)
        #expect(try await family.service.requests(family.acting(family.dana)).map(\.state) == [.pending, .expired])
    }

    static func atMost20RequestsWaitPerMember(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        var ids: [String] = []
        for number in 1...20 { ids.append(try await family.ask("Game \(number)").request.id) }
        let full = await identityError { _ = try await family.ask("Game 21") }
        #expect(full == .tooManyPendingRequests)
        #expect(full?.description == "Too many requests waiting. Ask a guardian to look at them first.")
        #expect(try await family.service.approvals(family.dana).count == 20)
        // Asking one of them again only renews it.
        #expect(try await family.ask("Game 3").renewed)
        // An answered request no longer waits, and neither does an expired one.
        _ = try await family.service.decline(family.dana, request: ids[0], note: nil)
        try await family.ask("Game 21")
        #expect(await identityError { _ = try await family.ask("Game 22") } == .tooManyPendingRequests)
        env.clock.advance(by: 24 * 60 * 60)
        try await family.ask("Game 22")
        #expect(try await family.service.approvals(family.dana).map(\.title) == ["Game 22"])
    }

    static func onlyAGuardianNotActingAnswers(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        let request = try await family.ask("Minecraft").request
        let bob = await identityError {
            _ = try await family.service.approve(family.bob, request: request.id, note: nil, pin: nil)
        }
        #expect(bob == .notGuardian("Max"))
        let zoe = await identityError {
            _ = try await family.service.decline(family.zoe, request: request.id, note: nil)
        }
        #expect(zoe == .notFound(.request, request.id))
        // By title, only among the requests one may answer.
        let byTitle = await identityError {
            _ = try await family.service.approve(family.bob, request: "Minecraft", note: nil, pin: nil)
        }
        #expect(byTitle == .notFound(.request, "Minecraft"))
        // While acting only an approval in person, with the PIN.
        let acting = family.acting(family.dana)
        let noPin = await identityError {
            _ = try await family.service.approve(acting, request: request.id, note: nil, pin: nil)
        }
        #expect(noPin == .approvalNeedsPin("Max"))
        #expect(noPin?.description.hasPrefix("Not available while viewing as Max. Switch back first") == true)
        let declineActing = await identityError {
            _ = try await family.service.decline(acting, request: request.id, note: nil)
        }
        #expect(declineActing == .approvalNeedsPin("Max"))
        #expect(try await family.service.requests(acting).map(\.state) == [.pending])
        // A guardian answers by title, with a note.
        env.clock.advance(by: 60)
        let approved = try await family.service.approve(family.eli, request: "minecraft", note: " Have fun ", pin: nil)
        #expect(approved.state == .approved)
        let decision = try #require(approved.decision)
        #expect(decision.approved && decision.byAccountId == family.eli.accountId && decision.byName == "Eli Tester")
        #expect(decision.note == "Have fun" && decision.at == env.clock.now() && !decision.inPerson)
        #expect(try await family.service.requests(acting) == [approved])
        #expect(try await family.service.approvals(family.dana).isEmpty)
    }

    static func theFirstAnswerWins(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        let game = try await family.ask("Minecraft").request
        let film = try await family.ask("A film", kind: .content).request
        _ = try await family.service.approve(family.eli, request: game.id, note: nil, pin: nil)
        let second = await identityError {
            _ = try await family.service.approve(family.dana, request: game.id, note: nil, pin: nil)
        }
        #expect(second == .alreadyApproved("Eli Tester"))
        #expect(second?.description == "Already approved by Eli Tester.")
        let other = await identityError {
            _ = try await family.service.decline(family.dana, request: game.id, note: "no")
        }
        #expect(other == .alreadyApproved("Eli Tester"))
        _ = try await family.service.decline(family.dana, request: film.id, note: "Too scary")
        let late = await identityError {
            _ = try await family.service.approve(family.eli, request: film.id, note: nil, pin: nil)
        }
        #expect(late == .alreadyDeclined("Dana Tester"))
        #expect(late?.description == "Already declined by Dana Tester.")
        let states = try await family.service.requests(family.acting(family.dana))
        #expect(states.map(\.state) == [.declined, .approved])
        #expect(states.first?.decision?.note == "Too scary")
    }

    static func inPersonWithTheMembersExitPin(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        let request = try await family.ask("Minecraft").request
        let acting = family.acting(family.dana)
        let wrong = await identityError {
            _ = try await family.service.approve(acting, request: request.id, note: nil, pin: "1111")
        }
        #expect(wrong == .wrongPin)
        #expect(try await family.service.requests(acting).map(\.state) == [.pending])
        // A wrong PIN here counts like any wrong PIN: with three more, leaving is blocked.
        for _ in 1...3 {
            #expect(
                await identityError {
                    try await family.service.verifyExitPin(acting, member: family.max.memberId, pin: "0000")
                } == .wrongPin)
        }
        let fifth = await identityError {
            _ = try await family.service.approve(acting, request: request.id, note: nil, pin: "1111")
        }
        #expect(fifth == .tooManyWrongPins(retryAfter: 15 * 60))
        let blocked = await identityError {
            _ = try await family.service.approve(acting, request: request.id, note: nil, pin: "2468")
        }
        #expect(blocked == .tooManyWrongPins(retryAfter: 15 * 60))
        env.clock.advance(by: 15 * 60)
        let approved = try await family.service.approve(acting, request: "Minecraft", note: "In the shop", pin: "2468")
        #expect(approved.state == .approved && approved.decision?.inPerson == true)
        #expect(approved.decision?.byAccountId == family.dana.accountId && approved.decision?.note == "In the shop")
        // A request that is not the acted member's is not found before any PIN is tried.
        let unknown = await identityError {
            _ = try await family.service.approve(acting, request: "nothing-like-it", note: nil, pin: "1111")
        }
        #expect(unknown == .notFound(.request, "nothing-like-it"))
        // Without a PIN set there is nothing to check: an approval in person is refused.
        _ = try await family.service.clearExitPin(family.dana, member: "Max", password: password("Dana"))
        let other = try await family.ask("Another").request
        let unset = await identityError {
            _ = try await family.service.approve(acting, request: other.id, note: nil, pin: "2468")
        }
        #expect(unset == .noExitPin("Max"))
    }

    static func aGuardianRemovedMidWayCanNoLongerAnswer(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        let request = try await family.ask("Minecraft").request
        #expect(try await family.service.approvals(family.eli).map(\.id) == [request.id])
        _ = try await family.service.removeGuardian(family.dana, member: "Max", email: email("Eli"))
        #expect(try await family.service.approvals(family.eli).isEmpty)
        let eli = await identityError {
            _ = try await family.service.approve(family.eli, request: request.id, note: nil, pin: nil)
        }
        #expect(eli == .notGuardian("Max"))
        // Nor while acting as Max: Eli may not act as Max any more.
        let acting = await identityError {
            _ = try await family.service.approve(family.acting(family.eli), request: request.id, note: nil, pin: "2468")
        }
        #expect(acting == .actingNotAvailable)
        #expect(try await family.service.requests(family.acting(family.dana)).map(\.state) == [.pending])
    }

    static func badAsksAreRefusedAndChangeNothing(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        func refusal(_ make: () throws -> ApprovalAsk) -> IdentityError? {
            do {
                _ = try make()
                return nil
            } catch let error as IdentityError {
                return error
            } catch {
                return nil
            }
        }
        #expect(
            refusal { try ApprovalAsk(title: "  ") } == .invalidApprovalTitle(maxLength: ApprovalAsk.maxTitleLength))
        #expect(
            refusal { try ApprovalAsk(title: String(repeating: "é", count: 101)) }
                == .invalidApprovalTitle(maxLength: ApprovalAsk.maxTitleLength))
        #expect(
            refusal { try ApprovalAsk(title: "Mine\u{202E}craft") }
                == .invalidApprovalTitle(maxLength: ApprovalAsk.maxTitleLength))
        #expect(refusal { try ApprovalAsk(title: String(repeating: "é", count: 100)) } == nil)
        for price in ["-1", "6,99", "1e3", "6.9999", "", "1234567890", "٦.٩٩", ".5"] {
            #expect(
                refusal { try ApprovalAsk(title: "Game", price: price, currency: "EUR") } == .invalidPrice, "\(price)")
        }
        for currency in ["EU", "EURO", "€", "E1R"] {
            #expect(refusal { try ApprovalAsk(title: "Game", price: "1", currency: currency) } == .invalidCurrency)
        }
        #expect(refusal { try ApprovalAsk(title: "Game", price: "1") } == .priceNeedsCurrency)
        #expect(refusal { try ApprovalAsk(title: "Game", currency: "EUR") } == .priceNeedsCurrency)
        #expect(
            refusal { try ApprovalAsk(title: "Game", note: String(repeating: "a", count: 501)) }
                == .invalidNote(maxLength: ApprovalAsk.maxNoteLength))
        #expect(refusal { try ApprovalAsk(title: "Game", note: "   ") } == nil)
        #expect(try ApprovalAsk(title: "Game", note: "   ").note == nil)
        #expect(try ApprovalKind.parse(" App ") == .app)
        #expect(refusal { try ApprovalAsk(kind: try ApprovalKind.parse("toy"), title: "Game") } == .invalidApprovalKind)
        #expect(
            IdentityError.invalidApprovalKind.description == "Please choose a kind: purchase, app, content or contact")
        #expect(
            IdentityError.invalidPrice.description == "Please enter a price such as 4.99 (digits, at most 3 decimals)")
        // A note on an answer is checked too, before anything is written.
        let request = try await family.ask("Minecraft").request
        let longNote = await identityError {
            _ = try await family.service.approve(
                family.dana, request: request.id, note: String(repeating: "a", count: 501), pin: nil)
        }
        #expect(longNote == .invalidNote(maxLength: ApprovalAsk.maxNoteLength))
        #expect(try await family.service.approvals(family.dana).map(\.state) == [.pending])
    }

    static func maturityAndAgeAreSetByAGuardianOnly(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        #expect(family.max.maturity == .allAges && family.max.ageRange == nil)
        let rated = try await family.service.setMaturity(family.dana, member: "max", rating: .thirteenPlus)
        #expect(rated.maturity == .thirteenPlus)
        let aged = try await family.service.setAgeRange(family.eli, member: "Max", lower: 9, upper: 12)
        #expect(aged.ageRange == (try AgeRange(lower: 9, upper: 12, method: .guardian)))
        let household = try #require(try await family.service.activeHousehold(family.bob))
        let max = try #require(household.member(family.max.memberId))
        #expect(max.maturity == .thirteenPlus && max.ageRange?.text == "9-12" && max.ageRange?.method == .guardian)
        // An account in the list shows its own: 18+ and no range.
        let dana = try #require(household.member(family.dana.accountId))
        #expect(dana.maturity == .eighteenPlus && dana.ageRange == nil)
        // Nobody else, and not while acting.
        let bob = await identityError {
            _ = try await family.service.setMaturity(family.bob, member: "Max", rating: .eighteenPlus)
        }
        #expect(bob == .notGuardian("Max"))
        let bobAge = await identityError {
            _ = try await family.service.setAgeRange(family.bob, member: "Max", lower: 16, upper: 17)
        }
        #expect(bobAge == .notGuardian("Max"))
        let acting = await identityError {
            _ = try await family.service.setMaturity(family.acting(family.dana), member: "Max", rating: .eighteenPlus)
        }
        #expect(acting == .notWhileActing("Max"))
        let account = await identityError {
            _ = try await family.service.setMaturity(family.dana, member: "Eli Tester", rating: .sevenPlus)
        }
        #expect(account == .notManaged("Eli Tester"))
        // Bad values: a sentence, and nothing changes.
        for (lower, upper) in [(12, 9), (-1, 3), (0, 121)] {
            let bad = await identityError {
                _ = try await family.service.setAgeRange(family.dana, member: "Max", lower: lower, upper: upper)
            }
            #expect(bad == .invalidAgeRange)
        }
        for text in ["12-9", "9-", "-3", "a-b", "9–12", "1000-1001", "9-12-13", "", "0-121"] {
            #expect(throws: IdentityError.invalidAgeRange) { try AgeRange.parse(text, method: .guardian) }
        }
        #expect(try AgeRange.parse(" 0-120 ", method: .guardian).text == "0-120")
        #expect(try AgeRange.parse("16", method: .selfDeclared).text == "16-16")
        for text in ["12+", "PG", "adult", ""] {
            #expect(throws: IdentityError.invalidMaturityRating) { try MaturityRating.parse(text) }
        }
        #expect(try MaturityRating.parse("ALL-AGES") == .allAges)
        #expect(
            IdentityError.invalidMaturityRating.description
                == "Please choose a maturity rating: all-ages, 7+, 13+, 16+ or 18+")
        let after = try #require(try await family.service.activeHousehold(family.dana)?.member(family.max.memberId))
        #expect(after.maturity == .thirteenPlus && after.ageRange?.text == "9-12")
    }

    static func anAccountDeclaresItsOwnAgeRange(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        #expect(try await family.service.account(family.eli).maturity == .eighteenPlus)
        let eli = try await family.service.setOwnAgeRange(family.eli, lower: 16, upper: 17)
        #expect(eli.ageRange == (try AgeRange(lower: 16, upper: 17, method: .selfDeclared)))
        #expect(try await family.service.account(family.eli).ageRange?.method == .selfDeclared)
        let member = try #require(try await family.service.activeHousehold(family.dana)?.member(family.eli.accountId))
        #expect(member.ageRange?.text == "16-17")
        let acting = await identityError {
            _ = try await family.service.setOwnAgeRange(family.acting(family.dana), lower: 30, upper: 39)
        }
        #expect(acting == .notWhileActing("Max"))
        let bad = await identityError { _ = try await family.service.setOwnAgeRange(family.eli, lower: 40, upper: 130) }
        #expect(bad == .invalidAgeRange)
        #expect(try await family.service.account(family.eli).ageRange?.text == "16-17")
    }

    static func graduationKeepsTheCeilingAndTheAgeRange(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        _ = try await family.service.setMaturity(family.dana, member: "Max", rating: .thirteenPlus)
        _ = try await family.service.setAgeRange(family.dana, member: "Max", lower: 9, upper: 12)
        try await family.ask("Minecraft")
        let grant = try await family.service.graduateMember(family.dana, "Max")
        let session = try await family.service.register(
            SignUp(
                email: "max@example.com", firstName: "Max", lastName: "Lee", password: "password-max",
                claimCode: grant.code))
        let max = try await family.service.account(try await family.service.principal(forToken: session.token))
        #expect(max.maturity == .thirteenPlus)
        #expect(max.ageRange == (try AgeRange(lower: 9, upper: 12, method: .guardian)))
        let household = try #require(try await family.service.activeHousehold(family.dana))
        #expect(household.member(max.id)?.maturity == .thirteenPlus)
        // No one acts as an account: its requests as a managed member went with the managed member.
        #expect(try await family.service.approvals(family.dana).isEmpty)
    }

    static func exportedAndRemovedWithTheMember(_ env: IdentityContractEnvironment) async throws {
        let family = try await Family(env)
        _ = try await family.service.setMaturity(family.dana, member: "Max", rating: .sevenPlus)
        _ = try await family.service.setAgeRange(family.dana, member: "Max", lower: 6, upper: 8)
        let request = try await family.ask("Minecraft", price: "6.99", currency: "EUR").request
        for document in [
            try await family.service.exportMember(family.eli, member: "Max"),
            try await family.service.exportAccount(family.dana),
        ] {
            let json = try #require(try JSONSerialization.jsonObject(with: document.json) as? [String: Any])
            let identity = try #require(json["identity"] as? [String: Any])
            let requests = try #require(identity["approvalRequests"] as? [[String: Any]])
            #expect(requests.map { $0["id"] as? String } == [request.id])
            #expect(requests.first?["price"] as? String == "6.99")
            let members = try #require(identity["managedMembers"] as? [[String: Any]])
            let member = try #require(members.first?["member"] as? [String: Any])
            #expect(member["maturity"] as? String == "7+")
            let range = try #require(member["ageRange"] as? [String: Any])
            #expect(
                range["lower"] as? Int == 6 && range["upper"] as? Int == 8 && range["method"] as? String == "guardian")
        }
        _ = try await family.service.removeMember(family.dana, "Max")
        #expect(try await env.store.read { try $0.approvalRequest(id: request.id) } == nil)
        #expect(try await env.store.read { try $0.approvalRequests(memberId: family.max.memberId) }.isEmpty)
    }
}
