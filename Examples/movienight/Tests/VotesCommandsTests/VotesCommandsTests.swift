import Accounts
import Console
import Foundation
import Testing
import Votes
import VotesCommands

@Suite("votes commands")
struct VotesCommandsTests {
    @Test("vote answers with the title's tally: 1 of 3 voted")
    func vote() async throws {
        let harness = try await Harness()
        let text = await harness.text("vote Dune up")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "Voted up on Dune.")
        #expect(!text.contains("Voting as"))
        #expect(lines.count == 3)
        #expect(lines[1].split(separator: " ") == ["TITLE", "UP", "DOWN", "RATING", "VOTED", "YOURS"])
        #expect(lines[2].split(separator: " ") == ["Dune", "1", "0", "-", "1", "of", "3", "voted", "up"])
    }

    @Test("while acting, vote and rate say whom they vote as, and vote as that member")
    func acting() async throws {
        let harness = try await Harness()
        harness.actAsMax()
        let voted = await harness.text("vote \"The Iron Giant\" up")
        #expect(voted.hasPrefix("Voting as Max.\nVoted up on The Iron Giant.\n"))
        #expect(voted.contains("1 of 3 voted"))
        let rated = await harness.text("rate 'the iron giant' 5")
        #expect(rated.hasPrefix("Rating as Max.\nRated The Iron Giant 5 of 5.\n"))
        #expect(rated.contains("5.0 (1)") && rated.contains("up, 5"))
        let listed = await harness.text("votes")
        #expect(listed.hasPrefix("Voting as Max.\nReyes (3 members)\n"))
        // The ballot is Max's: Dana herself has none, and the record names both.
        harness.principals.set(harness.dana)
        let danas = await harness.text("votes")
        #expect(!danas.contains("Voting as"))
        #expect(danas.split(separator: "\n").last?.split(separator: " ").last == "-")
        let records = try await harness.identity.actingRecords(harness.dana)
        #expect(records.map(\.action) == ["vote up on The Iron Giant", "rate The Iron Giant 5 of 5"])
        #expect(records.allSatisfy { $0.subjectMemberId == harness.max.memberId })
    }

    @Test("votes lists every title with its counts, mean rating and X of Y voted")
    func list() async throws {
        let harness = try await Harness()
        _ = await harness.text("vote Dune up")
        _ = await harness.text("rate Dune 4")
        _ = await harness.text("vote Arrival down")
        harness.principals.set(harness.erin)
        _ = await harness.text("vote dune down")
        _ = await harness.text("rate DUNE 5")
        harness.actAsMax()
        _ = await harness.text("vote Dune up")
        harness.principals.set(harness.dana)
        let text = await harness.text("votes")
        let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.count == 4)
        #expect(rows[0] == ["Reyes", "(3", "members)"])
        #expect(rows[2] == ["Arrival", "0", "1", "-", "1", "of", "3", "voted", "down"])
        #expect(rows[3] == ["Dune", "2", "1", "4.5", "(2)", "3", "of", "3", "voted", "up,", "4"])
        let one = await harness.text("votes dune")
        #expect(one.split(separator: "\n").count == 3 && one.contains("3 of 3 voted"))
        let heat = await harness.text("votes Heat")
        #expect(heat.contains("Heat") && heat.contains("0 of 3 voted"))
    }

    @Test("--json prints one value: the ballot and tally, or the household's titles")
    func json() async throws {
        let harness = try await Harness()
        harness.actAsMax()
        let voted = try await harness.json("vote Dune down")
        let ballot = try #require(voted["ballot"] as? [String: Any])
        #expect(ballot["memberId"] as? String == harness.max.memberId)
        #expect(ballot["vote"] as? String == "down" && ballot["title"] as? String == "Dune")
        let acting = try #require(voted["actingAs"] as? [String: Any])
        #expect(acting["displayName"] as? String == "Max")
        let tally = try #require(voted["tally"] as? [String: Any])
        #expect(tally["voted"] as? Int == 1 && tally["members"] as? Int == 3 && tally["down"] as? Int == 1)
        let rated = try await harness.json("rate Dune 3")
        let ratedTally = try #require(rated["tally"] as? [String: Any])
        #expect((ratedTally["averageRating"] as? NSNumber)?.doubleValue == 3 && ratedTally["ratingCount"] as? Int == 1)
        harness.principals.set(harness.dana)
        let listed = try await harness.json("votes")
        #expect(listed["householdName"] as? String == "Reyes" && listed["members"] as? Int == 3)
        #expect(listed["actingAs"] == nil && listed["memberId"] as? String == harness.dana.accountId)
        let titles = try #require(listed["titles"] as? [[String: Any]])
        #expect(titles.count == 1 && titles.first?["title"] as? String == "Dune")
        #expect(titles.first?["myVote"] == nil && titles.first?["voted"] as? Int == 1)
    }

    @Test("an empty household says how to vote")
    func empty() async throws {
        let harness = try await Harness()
        let text = await harness.text("votes")
        #expect(
            text
                == "Reyes (3 members)\nNo votes yet. Vote with `vote TITLE up|down` or rate with `rate TITLE 1 to 5`.\n"
        )
    }

    @Test(
        "malformed lines are usage errors and change nothing",
        arguments: [
            "vote Dune sideways", "vote Dune", "vote", "rate Dune five", "rate Dune 4.5", "rate Dune",
            "votes Dune Heat",
        ])
    func usage(_ line: String) async throws {
        let harness = try await Harness()
        #expect(await harness.run(line).exitCode == 2)
        #expect((try await harness.json("votes")["titles"] as? [Any])?.isEmpty == true)
    }

    @Test("what the rules refuse is an error with the rules' sentence")
    func refused() async throws {
        let harness = try await Harness()
        #expect(await harness.run("rate Dune 6") == .failed(code: 1, message: VotesError.invalidRating.description))
        #expect(await harness.run("rate Dune 0") == .failed(code: 1, message: "A rating is a whole number from 1 to 5"))
        let long = String(repeating: "x", count: 101)
        #expect(
            await harness.run("vote \(long) up") == .failed(code: 1, message: "A title can be at most 100 characters"))
        #expect(await harness.run("vote '  ' up") == .failed(code: 1, message: VotesError.emptyTitle.description))
        harness.principals.set(nil)
        #expect(await harness.run("votes") == .failed(code: 1, message: IdentityError.notSignedIn.description))
        #expect(await harness.run("vote Dune up").exitCode == 1)
    }

    @Test("help is built from the rules' limits")
    func help() async throws {
        let harness = try await Harness()
        let commands = VotesPlugin(service: harness.service, principals: harness.principals).commands
        #expect(commands.map(\.name) == ["vote", "rate", "votes"])
        #expect(commands.map(\.usage) == ["vote TITLE up|down", "rate TITLE RATING", "votes [TITLE]"])
        let rate = try #require(commands.first { $0.name == "rate" })
        #expect(rate.summary.contains("from 1 to 5"))
        #expect(rate.arguments.first?.help.contains("at most 100 characters") == true)
        #expect(VotesPlugin(service: harness.service, principals: harness.principals).name == "votes")
    }
}
