import Accounts
import Foundation
import Households
import Identity
import StorageTesting
import Testing
import Votes

/// The voting rules every `VoteStore` must keep: each test target that owns a store runs every case over it (the
/// domain's tests in memory, the SQL tests on SQLite and PostgreSQL).
public enum VotesContract {
    public static let cases: [ContractCase<VotesContractEnvironment>] = [
        ContractCase("a vote counts in the active household, and another process reads it") { env in
            let family = try await env.family()
            let result = try await env.votes().vote(family.dana, title: "Dune", .up)
            #expect(result.actingAs == nil)
            #expect(result.ballot.householdId == family.household.id)
            #expect(result.ballot.memberId == family.dana.accountId)
            #expect(result.ballot.vote == .up && result.ballot.rating == nil)
            #expect(result.ballot.votedAt == env.clock.now() && result.ballot.updatedAt == env.clock.now())
            let tally = TitleTally(title: "Dune", up: 1, voted: 1, members: 3, myVote: .up)
            #expect(result.tally == tally)
            #expect(result.tally.progress == "1 of 3 voted")
            let listed = try await env.votes().votes(family.dana, title: nil)
            #expect(listed.householdId == family.household.id && listed.householdName == "Reyes")
            #expect(listed.memberId == family.dana.accountId && listed.actingAs == nil && listed.members == 3)
            #expect(listed.titles == [tally])
            // Erin sees the same count, without Dana's thumb as her own.
            let erins = try await env.votes().votes(family.erin, title: nil)
            #expect(erins.titles == [TitleTally(title: "Dune", up: 1, voted: 1, members: 3)])
            #expect(try await env.identity().actingRecords(family.dana).isEmpty)
        },
        ContractCase("voting again replaces the thumb; rating keeps it, and a thumb keeps the rating") { env in
            let family = try await env.family()
            let service = env.votes()
            _ = try await service.vote(family.dana, title: "Dune", .up)
            env.clock.advance(by: 60)
            var result = try await service.vote(family.dana, title: "Dune", .down)
            #expect(result.tally.up == 0 && result.tally.down == 1 && result.tally.voted == 1)
            result = try await service.rate(family.dana, title: "Dune", rating: 4)
            #expect(result.ballot.vote == .down && result.ballot.rating == 4)
            #expect(result.ballot.votedAt == env.clock.now().addingTimeInterval(-60))
            #expect(result.ballot.updatedAt == env.clock.now())
            result = try await service.rate(family.dana, title: "Dune", rating: 2)
            result = try await service.vote(family.dana, title: "Dune", .up)
            #expect(result.ballot.vote == .up && result.ballot.rating == 2)
            #expect(
                result.tally
                    == TitleTally(
                        title: "Dune", up: 1, ratingCount: 1, ratingTotal: 2, voted: 1, members: 3, myVote: .up,
                        myRating: 2))
            #expect(try await env.storedBallots(family).count == 1)
        },
        ContractCase("a title is trimmed, compared case-insensitively, and keeps the household's first spelling") {
            env in
            let family = try await env.family()
            let service = env.votes()
            let first = try await service.vote(family.dana, title: "  Dune\t", .up)
            #expect(first.ballot.title == "Dune")
            env.clock.advance(by: 1)
            let second = try await service.vote(family.erin, title: "DUNE", .down)
            #expect(second.ballot.title == "Dune" && second.tally.title == "Dune")
            #expect(second.tally.up == 1 && second.tally.down == 1 && second.tally.progress == "2 of 3 voted")
            let one = try await service.votes(family.dana, title: "dune")
            #expect(one.titles.map(\.title) == ["Dune"] && one.titles.first?.voted == 2)
            let stored = try await env.storedBallots(family)
            #expect(stored.map(\.title) == ["Dune", "Dune"])
            #expect(Set(stored.map(\.titleKey)) == ["dune"])
            // Another title, another spelling: listed by title, case aside.
            _ = try await service.vote(family.erin, title: "arrival", .up)
            _ = try await service.vote(family.erin, title: "Cars", .up)
            let all = try await service.votes(family.dana, title: nil)
            #expect(all.titles.map(\.title) == ["arrival", "Cars", "Dune"])
        },
        ContractCase("X of Y voted counts each member once, accounts and managed members alike") { env in
            let family = try await env.family()
            let service = env.votes()
            _ = try await service.vote(family.dana, title: "Dune", .up)
            _ = try await service.rate(family.dana, title: "Dune", rating: 4)
            let max = try await service.rate(family.danaAsMax, title: "Dune", rating: 5)
            #expect(max.tally.progress == "2 of 3 voted")
            #expect(max.tally.averageRating == 4.5 && max.tally.ratingCount == 2 && max.tally.ratingTotal == 9)
            #expect(max.tally.up == 1 && max.tally.myVote == nil && max.tally.myRating == 5)
            let erin = try await service.vote(family.erin, title: "dune", .down)
            #expect(erin.tally.progress == "3 of 3 voted")
            let mine = try await service.votes(family.dana, title: "Dune")
            #expect(mine.titles.first?.myVote == .up && mine.titles.first?.myRating == 4)
        },
        ContractCase("while acting the ballot is the member's, the answer names it, and a record names both") { env in
            let family = try await env.family()
            let service = env.votes()
            let voted = try await service.vote(family.danaAsMax, title: "Dune", .up)
            #expect(voted.ballot.memberId == family.max.memberId)
            #expect(voted.actingAs == ActingAs(memberId: family.max.memberId, displayName: "Max"))
            let rated = try await service.rate(family.danaAsMax, title: "dune", rating: 3)
            #expect(rated.actingAs?.displayName == "Max" && rated.ballot.vote == .up && rated.ballot.rating == 3)
            let listed = try await service.votes(family.danaAsMax, title: nil)
            #expect(listed.memberId == family.max.memberId && listed.actingAs?.displayName == "Max")
            #expect(listed.titles.first?.myVote == .up)
            // Dana herself has not voted.
            let danas = try await service.votes(family.dana, title: nil)
            #expect(danas.titles.first?.myVote == nil && danas.actingAs == nil)
            _ = try await service.vote(family.dana, title: "Dune", .down)
            let records = try await env.identity().actingRecords(family.dana)
            #expect(records.map(\.action) == ["vote up on Dune", "rate Dune 3 of 5"])
            #expect(records.allSatisfy { $0.actorAccountId == family.dana.accountId })
            #expect(records.allSatisfy { $0.subjectMemberId == family.max.memberId && $0.subjectDisplayName == "Max" })
            #expect(records.allSatisfy { $0.at == env.clock.now() })
        },
        ContractCase("a title or rating outside the rules is refused, with its sentence, and changes nothing") { env in
            let family = try await env.family()
            let service = env.votes()
            let refusals: [(String, VotesError)] = [
                ("", .emptyTitle), (" \n\t ", .emptyTitle),
                (String(repeating: "x", count: VoteRules.titleMaxLength + 1), .titleTooLong),
                ("Dune\nPart Two", .titleControlCharacter), ("Dune\u{7}", .titleControlCharacter),
            ]
            for (title, error) in refusals {
                await #expect(throws: error) { try await service.vote(family.dana, title: title, .up) }
                await #expect(throws: error) { try await service.rate(family.danaAsMax, title: title, rating: 3) }
                await #expect(throws: error) { try await service.votes(family.dana, title: title) }
            }
            for rating in [0, 6, -1, 100] {
                await #expect(throws: VotesError.invalidRating) {
                    try await service.rate(family.danaAsMax, title: "Dune", rating: rating)
                }
            }
            #expect(try await env.storedBallots(family).isEmpty)
            #expect(try await env.identity().actingRecords(family.dana).isEmpty)
            #expect(VotesError.titleTooLong.description == "A title can be at most 100 characters")
            #expect(VotesError.invalidRating.description == "A rating is a whole number from 1 to 5")
            #expect(VotesError.emptyTitle.description == "A title cannot be empty")
            // The limits themselves are allowed: 100 characters (emoji count as one each), 1 and 5.
            let longest = String(repeating: "🎬", count: VoteRules.titleMaxLength)
            #expect(try await service.vote(family.dana, title: longest, .up).ballot.title == longest)
            #expect(try await service.rate(family.dana, title: "Dune", rating: 1).ballot.rating == 1)
            #expect(try await service.rate(family.dana, title: "Dune", rating: 5).ballot.rating == 5)
        },
        ContractCase("an account without an active household has nothing to vote in") { env in
            let identity = env.identity()
            let gus = try await env.account("Gus", on: identity)
            let service = env.votes()
            await #expect(throws: VotesError.noActiveHousehold) { try await service.vote(gus, title: "Dune", .up) }
            await #expect(throws: VotesError.noActiveHousehold) {
                try await service.rate(gus, title: "Dune", rating: 2)
            }
            await #expect(throws: VotesError.noActiveHousehold) { try await service.votes(gus, title: nil) }
            #expect(VotesError.noActiveHousehold.description.contains("create or join a household first"))
            // Once it has one, it votes there.
            _ = try await identity.createHousehold(gus, name: "Gus's")
            #expect(try await service.vote(gus, title: "Dune", .up).tally.progress == "1 of 1 voted")
        },
        ContractCase("only a guardian may vote for a member") { env in
            let family = try await env.family()
            let service = env.votes()
            let refused: [Principal] = [
                family.acting(family.erin, as: family.max),  // same household, not a guardian
                family.acting(family.dana, as: family.ada),  // another household's member
                family.acting(family.finn, as: family.max),  // a stranger
                family.acting(
                    family.dana,
                    as: Member(
                        memberId: family.erin.accountId, displayName: "Erin", kind: .independent, role: .parent,
                        addedAt: Date())),  // an independent member
                family.acting(
                    family.dana,
                    as: Member(
                        memberId: "managed_00000000-0000-4000-8000-000000000000", displayName: "Ghost", kind: .managed,
                        role: .member, addedAt: Date())),  // nobody
            ]
            for principal in refused {
                await #expect(throws: VotesError.notAvailable) { try await service.vote(principal, title: "Dune", .up) }
                await #expect(throws: VotesError.notAvailable) {
                    try await service.rate(principal, title: "Dune", rating: 3)
                }
                await #expect(throws: VotesError.notAvailable) { try await service.votes(principal, title: nil) }
            }
            #expect(try await env.storedBallots(family).isEmpty)
            #expect(try await env.identity().actingRecords(family.dana).isEmpty)
            #expect(try await env.identity().actingRecords(family.erin).isEmpty)
            #expect(VotesError.notAvailable.description == "That profile is not available to act as")
        },
        ContractCase("a second guardian may vote for the member; a guardian removed from it may not") { env in
            let family = try await env.family()
            _ = try await family.danaService.addGuardian(family.dana, member: "Max", email: "erin@example.com")
            let service = env.votes()
            let erinAsMax = family.acting(family.erin, as: family.max)
            _ = try await service.vote(erinAsMax, title: "Dune", .up)
            #expect(try await service.votes(family.danaAsMax, title: "Dune").titles.first?.myVote == .up)
            #expect(try await env.identity().actingRecords(family.erin).map(\.action) == ["vote up on Dune"])
            _ = try await family.danaService.removeGuardian(family.dana, member: "Max", email: "dana@example.com")
            await #expect(throws: VotesError.notAvailable) {
                try await service.vote(family.danaAsMax, title: "Dune", .down)
            }
        },
        ContractCase("households never see each other's votes") { env in
            let family = try await env.family()
            let service = env.votes()
            _ = try await service.vote(family.dana, title: "Dune", .up)
            let finn = try await service.vote(family.finn, title: "dune", .down)
            #expect(finn.ballot.title == "dune" && finn.ballot.householdId == family.other.id)
            #expect(finn.tally == TitleTally(title: "dune", down: 1, voted: 1, members: 2, myVote: .down))
            let ada = try await service.rate(family.acting(family.finn, as: family.ada), title: "Dune", rating: 1)
            #expect(ada.tally.progress == "2 of 2 voted")
            let reyes = try await service.votes(family.dana, title: nil)
            #expect(reyes.titles == [TitleTally(title: "Dune", up: 1, voted: 1, members: 3, myVote: .up)])
        },
        ContractCase("a member no longer in the household is not counted, and Y follows the household") { env in
            let family = try await env.family()
            let service = env.votes()
            _ = try await service.vote(family.erin, title: "Dune", .up)
            _ = try await service.vote(family.danaAsMax, title: "Arrival", .up)
            _ = try await service.vote(family.dana, title: "Arrival", .down)
            _ = try await family.danaService.removeMember(family.dana, "Erin Tester")
            _ = try await family.danaService.removeMember(family.dana, "Max")
            let left = try await service.votes(family.dana, title: nil)
            #expect(left.members == 1)
            #expect(left.titles == [TitleTally(title: "Arrival", down: 1, voted: 1, members: 1, myVote: .down)])
            #expect(try await service.votes(family.dana, title: "Dune").titles.first?.progress == "0 of 1 voted")
        },
        ContractCase("a title nobody voted on shows 0 of Y voted, spelled as asked") { env in
            let family = try await env.family()
            let service = env.votes()
            _ = try await service.vote(family.dana, title: "Dune", .up)
            let one = try await service.votes(family.erin, title: " Heat ")
            #expect(one.titles == [TitleTally(title: "Heat", members: 3)])
            #expect(one.titles.first?.progress == "0 of 3 voted" && one.titles.first?.averageRating == nil)
            let none = try await service.votes(family.finn, title: nil)
            #expect(none.titles.isEmpty && none.householdName == "Other" && none.members == 2)
        },
        ContractCase("an ended session is not signed in") { env in
            let family = try await env.family()
            let grant = try await family.danaService.signIn(email: "dana@example.com", password: "password-dana")
            let dana = try await family.danaService.principal(forToken: grant.token)
            _ = try await env.votes().votes(dana, title: nil)
            try await family.danaService.endSession(token: grant.token)
            await #expect(throws: IdentityError.notSignedIn) { try await env.votes().votes(dana, title: nil) }
            await #expect(throws: IdentityError.notSignedIn) { try await env.votes().vote(dana, title: "Dune", .up) }
            #expect(try await env.storedBallots(family).isEmpty)
        },
        ContractCase("a write that throws leaves neither ballots nor records") { env in
            struct Boom: Error {}
            let family = try await env.family()
            let now = env.clock.now()
            let record = ActingRecord(
                id: "00000000-0000-4000-8000-000000000001", actorAccountId: family.dana.accountId,
                subjectMemberId: family.max.memberId, subjectDisplayName: "Max", action: "vote up on Dune", at: now)
            let ballot = Ballot(
                householdId: family.household.id, memberId: family.max.memberId, title: "Dune", titleKey: "dune",
                vote: .up, votedAt: now, updatedAt: now)
            await #expect(throws: Boom.self) {
                try await env.store.write { votes, identity in
                    try votes.saveBallot(ballot)
                    try identity.insertActingRecord(record)
                    throw Boom()
                }
            }
            #expect(try await env.storedBallots(family).isEmpty)
            #expect(try await env.identity().actingRecords(family.dana).isEmpty)
            // The same write, returning, keeps both.
            try await env.store.write { votes, identity in
                try votes.saveBallot(ballot)
                try identity.insertActingRecord(record)
            }
            #expect(try await env.storedBallots(family) == [ballot])
            #expect(try await env.identity().actingRecords(family.dana) == [record])
        },
        ContractCase(
            "the store keeps one ballot per household, member and title key, and removes by member or household"
        ) { env in
            let family = try await env.family()
            let now = env.clock.now()
            @Sendable func ballot(_ household: String, _ member: String, _ key: String, at offset: TimeInterval)
                -> Ballot
            {
                Ballot(
                    householdId: household, memberId: member, title: key.capitalized, titleKey: key, vote: .up,
                    rating: 3, votedAt: now.addingTimeInterval(offset), updatedAt: now.addingTimeInterval(offset))
            }
            let reyes = family.household.id
            let other = family.other.id
            let dana = family.dana.accountId
            let max = family.max.memberId
            let written = [
                ballot(reyes, dana, "dune", at: 3), ballot(reyes, max, "dune", at: 1),
                ballot(reyes, dana, "heat", at: 2),
                ballot(other, dana, "dune", at: 4), ballot(other, family.finn.accountId, "dune", at: 5),
            ]
            try await env.store.write { votes, _ in
                for ballot in written { try votes.saveBallot(ballot) }
                var replaced = ballot(reyes, dana, "dune", at: 3)
                replaced.vote = .down
                replaced.rating = nil
                replaced.title = "DUNE"
                replaced.updatedAt = now.addingTimeInterval(9)
                try votes.saveBallot(replaced)
            }
            let (household, dune, members) = try await env.store.read { votes, _ in
                (
                    try votes.ballots(householdId: reyes, titleKey: nil),
                    try votes.ballots(householdId: reyes, titleKey: "dune"),
                    try votes.ballots(memberIds: [dana, max])
                )
            }
            #expect(household.map(\.memberId) == [max, dana, dana])
            #expect(household.map(\.titleKey) == ["dune", "heat", "dune"])
            let replaced = try #require(household.last)
            #expect(replaced.vote == .down)
            #expect(replaced.rating == nil && replaced.title == "DUNE")
            #expect(replaced.updatedAt == now.addingTimeInterval(9) && replaced.votedAt == now.addingTimeInterval(3))
            #expect(dune.map(\.memberId) == [max, dana])
            #expect(members.map(\.householdId) == [reyes, reyes, reyes, other])
            try await env.store.write { votes, _ in
                try votes.removeBallots(memberId: dana)
                try votes.removeBallots(householdId: other)
            }
            let after = try await env.storedBallots(family)
            #expect(after.map(\.memberId) == [max])
        },
    ]
}
