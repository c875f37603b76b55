import Accounts
import Argon2
import Foundation
import Households
import Identity
import IdentitySQL
import IdentityTesting
import Kernel
import PostgresStorage
import PostgresStorageTesting
import Testing

@Suite("Approvals on PostgreSQL: two servers answer at once")
struct PostgresApprovalRaceTests {
    /// Dana and Eli guard Max; each answers through its own server (its own pool of connections) over one database,
    /// at the same moment, 50 times: exactly one answer wins each time, and the other hears who gave it.
    @Test func twoGuardiansOnTwoServersAnsweringAtOnceMakeOneAnswer() async throws {
        let url = try await TestPostgres.freshSchemaURL()
        let first = try await PostgresDatabase.open(
            url: url, features: [IdentityMigrations.all], size: 2, timeouts: TestPostgres.generousTimeouts)
        let second = try await PostgresDatabase.open(
            url: url, features: [IdentityMigrations.all], size: 2, timeouts: TestPostgres.generousTimeouts)
        let clock = ManualClock()
        func server(_ database: PostgresDatabase, seed: UInt64) -> LocalIdentityService {
            let random = SeededRandomSource(seed: seed)
            return LocalIdentityService(
                store: SQLStore(identityOn: database),
                options: IdentityOptions(
                    clock: clock, random: random, hasher: Argon2PasswordHasher(parameters: .testing, random: random)))
        }
        let one = server(first, seed: 1)
        let two = server(second, seed: 2)
        let dana = try await one.register("Dana")
        let eli = try await two.register("Eli")
        let home = try await one.createHousehold(dana, name: "Lees")
        _ = try await two.joinHousehold(eli, householdId: home.id, role: .parent)
        let max = try await one.addManagedMember(dana, displayName: "Max", avatarKey: "")
        _ = try await one.addGuardian(dana, member: "Max", email: email("Eli"))
        var acting = dana
        acting.actingAs = ActingAs(memberId: max.memberId, displayName: "Max")

        for round in 1...50 {
            let request = try await one.ask(acting, try ApprovalAsk(title: "Game \(round)")).request
            // Dana approves, Eli declines (or the other way round, every other round): each on its own server.
            let danaApproves = round.isMultiple(of: 2)
            async let danaAnswer = Self.outcome {
                if danaApproves { return try await one.approve(dana, request: request.id, note: nil, pin: nil) }
                return try await one.decline(dana, request: request.id, note: nil)
            }
            async let eliAnswer = Self.outcome {
                if danaApproves { return try await two.decline(eli, request: request.id, note: nil) }
                return try await two.approve(eli, request: request.id, note: nil, pin: nil)
            }
            let answers = try await [danaAnswer, eliAnswer]
            let winners = answers.compactMap { if case .won(let request) = $0 { request } else { nil } }
            #expect(winners.count == 1, "round \(round)")
            let winner = try #require(winners.first?.decision)
            let refusals = answers.compactMap { if case .refused(let error) = $0 { error } else { nil } }
            let expected: IdentityError =
                winner.approved ? .alreadyApproved(winner.byName) : .alreadyDeclined(winner.byName)
            #expect(refusals == [expected], "round \(round)")
            // What is stored is the winner's answer.
            let stored = try await one.requests(acting).first { $0.id == request.id }
            #expect(stored?.decision == winner, "round \(round)")
        }
    }

    enum Outcome: Sendable {
        case won(ApprovalRequest)
        case refused(IdentityError)
    }

    static func outcome(_ answer: @Sendable () async throws -> ApprovalRequest) async throws -> Outcome {
        do {
            return .won(try await answer())
        } catch let error as IdentityError {
            return .refused(error)
        }
    }
}
