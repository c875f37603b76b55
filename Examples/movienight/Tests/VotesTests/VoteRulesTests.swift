import Foundation
import Households
import Testing
import Votes

@Suite("Vote rules")
struct VoteRulesTests {
    static let now = Date(timeIntervalSince1970: 1_735_689_600)

    static func member(_ id: String, _ kind: MemberKind = .independent) -> Member {
        Member(memberId: id, displayName: id, kind: kind, role: .member, addedAt: now)
    }

    /// Reyes: Dana, Erin and Max.
    static let household = Household(
        id: "h1", name: "Reyes", ownerAccountId: "dana", createdAt: now,
        members: [member("dana"), member("erin"), member("managed_max", .managed)])

    static func ballot(
        _ member: String, _ title: String, _ vote: VoteChoice? = nil, rating: Int? = nil, at offset: TimeInterval = 0,
        household: String = "h1"
    ) -> Ballot {
        Ballot(
            householdId: household, memberId: member, title: title, titleKey: MovieTitle.key(of: title), vote: vote,
            rating: rating, votedAt: now.addingTimeInterval(offset), updatedAt: now.addingTimeInterval(offset))
    }

    @Test(
        "a title is trimmed and keeps its case",
        arguments: [("Dune", "Dune"), ("  Dune ", "Dune"), ("\tLa La Land\n", "La La Land"), ("WALL·E", "WALL·E")])
    func trimmed(_ raw: String, _ text: String) throws {
        #expect(try VoteRules.title(raw).text == text)
    }

    @Test(
        "titles that differ in case or in how an accent is encoded share a key",
        arguments: [("Dune", "DUNE"), ("dune", "dUNE"), ("Am\u{E9}lie", "AME\u{301}LIE"), ("Ça", "ça")])
    func sameKey(_ left: String, _ right: String) throws {
        #expect(try VoteRules.title(left).key == VoteRules.title(right).key)
    }

    @Test("different titles have different keys")
    func differentKeys() throws {
        #expect(try VoteRules.title("Dune").key != VoteRules.title("Dune 2").key)
        #expect(try VoteRules.title("Amelie").key != VoteRules.title("Amélie").key)
    }

    @Test("a title's length is counted in characters, up to the limit")
    func length() throws {
        #expect(VoteRules.titleMaxLength == 100)
        #expect(try VoteRules.title(String(repeating: "a", count: 100)).text.count == 100)
        #expect(try VoteRules.title(" " + String(repeating: "é", count: 100) + " ").text.count == 100)
        #expect(throws: VotesError.titleTooLong) { try VoteRules.title(String(repeating: "a", count: 101)) }
        // A family emoji is one character of several scalars.
        #expect(try VoteRules.title(String(repeating: "👨‍👩‍👧", count: 100)).text.count == 100)
    }

    @Test(
        "empty and control-character titles are refused", arguments: ["", " ", "\n\t", "a\nb", "a\u{0}b", "\u{1B}[31m"])
    func refused(_ raw: String) {
        #expect(throws: VotesError.self) { try VoteRules.title(raw) }
    }

    @Test("ratings from 1 to 5 and no others")
    func ratings() {
        #expect(VoteRules.ratings == 1...5)
        for rating in 1...5 { #expect(throws: Never.self) { try VoteRules.checkRating(rating) } }
        for rating in [Int.min, -1, 0, 6, Int.max] {
            #expect(throws: VotesError.invalidRating) { try VoteRules.checkRating(rating) }
        }
    }

    @Test("the earliest ballot names the title; without one, the title as typed")
    func spelling() throws {
        let ballots = [Self.ballot("erin", "DUNE", .up, at: 5), Self.ballot("dana", "Dune", .up, at: 2)]
        #expect(VoteRules.spelling(of: try VoteRules.title("dune"), among: ballots) == "Dune")
        #expect(VoteRules.spelling(of: try VoteRules.title("Heat"), among: ballots) == "Heat")
        // A tie in time goes to the member id, so every store agrees.
        let tied = [Self.ballot("erin", "DUNE", .up), Self.ballot("dana", "dune", .up)]
        #expect(VoteRules.spelling(of: try VoteRules.title("Dune"), among: tied) == "dune")
    }

    @Test("tallies count thumbs, ratings and distinct members, per title, ordered by key")
    func tallies() {
        let ballots = [
            Self.ballot("dana", "Dune", .up, rating: 4), Self.ballot("managed_max", "dune", rating: 5, at: 1),
            Self.ballot("erin", "Dune", .down, at: 2), Self.ballot("erin", "arrival", .up, at: 3),
            Self.ballot("dana", "Cars", rating: 1, at: 4),
        ]
        let tallies = VoteRules.tallies(ballots, in: Self.household, for: "dana")
        #expect(tallies.map(\.title) == ["arrival", "Cars", "Dune"])
        #expect(
            tallies[2]
                == TitleTally(
                    title: "Dune", up: 1, down: 1, ratingCount: 2, ratingTotal: 9, voted: 3, members: 3, myVote: .up,
                    myRating: 4))
        #expect(tallies[2].averageRating == 4.5 && tallies[2].progress == "3 of 3 voted")
        #expect(tallies[0] == TitleTally(title: "arrival", up: 1, voted: 1, members: 3))
        #expect(tallies[1].averageRating == 1 && tallies[1].myRating == 1 && tallies[1].myVote == nil)
    }

    @Test("ballots of former members, other households and ratings outside 1-5 count for nothing")
    func ignored() throws {
        let ballots = [
            Self.ballot("dana", "Dune", .up),
            Self.ballot("gone", "Dune", .down, rating: 2),  // no longer a member
            Self.ballot("erin", "Dune", rating: 9),  // a rating no rule allows, and no thumb
            Self.ballot("finn", "Dune", .down, household: "h2"),  // another household
        ]
        let tallies = VoteRules.tallies(ballots, in: Self.household, for: "erin")
        #expect(tallies == [TitleTally(title: "Dune", up: 1, voted: 1, members: 3)])
        #expect(VoteRules.current(ballots, in: Self.household).map(\.memberId) == ["dana", "erin"])
        let heat = VoteRules.tally(of: try VoteRules.title("Heat"), ballots, in: Self.household, for: "dana")
        #expect(heat == TitleTally(title: "Heat", members: 3) && heat.progress == "0 of 3 voted")
    }

    @Test("no ratings, no average")
    func average() {
        #expect(TitleTally(title: "Dune", members: 2).averageRating == nil)
        #expect(TitleTally(title: "Dune", ratingCount: 3, ratingTotal: 10, members: 3).averageRating == 10.0 / 3)
    }
}
