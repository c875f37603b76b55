import Circles
import Console
import Foundation
import Testing

@Suite("shadows, personas and profiles; unlinkability at the command level")
struct ShadowsAndPersonasTests {
    @Test("at a terminal, shadow create asks for the type and reads the answer by the domain's rule")
    func askedType() async throws {
        let harness = try await Harness()
        try await harness.world()
        let interaction = ScriptedInteraction(answers: ["  Spy ", " Personal "])
        let refused = await harness.run("shadow create --name Dee", interaction: interaction)
        #expect(refused.code == 1)
        #expect(refused.err == "error: A shadow's type must be one of professional, personal, anonymous, not Spy\n")
        let created = await harness.run("shadow create --name Dee", interaction: interaction)
        #expect(created.out.hasPrefix("Created the personal shadow Dee; it is now your active persona."))
        #expect(interaction.questions.first?.hasPrefix("What is the shadow for?\n  professional: ") == true)
    }

    @Test("shadow create switches to it; personas like the card deck; persona switch")
    func personas() async throws {
        let harness = try await Harness()
        try await harness.world()
        let created = await harness.run(
            "shadow create --type professional --name 'Dana Works' --circles Friends,Family", json: true)
        #expect(keys(created.object).isSuperset(of: ["profileId", "displayName", "type"]))
        #expect(created.object["type"] as? String == "professional")
        #expect((created.object["shownToCircleIds"] as? [String])?.count == 2)
        harness.clock.advance(by: 3600)
        let human = await harness.run("shadow create --type anonymous --name 'Night Owl'")
        #expect(
            human.out == """
                Created the anonymous shadow Night Owl; it is now your active persona.
                Nobody sees it yet: `shadow circles 'Night Owl' A,B`

                """)
        let spy = await harness.run("shadow create --type spy --name X")
        #expect(spy.code == 2)
        #expect(spy.err.contains("--type must be one of professional, personal, anonymous, not spy"))
        #expect(await harness.run("shadow create --name X").code == 2)

        let deck = await harness.run("personas")
        #expect(deck.lines[0] == "Personas (3)")
        #expect(deck.lines[1].hasPrefix("   NAME        TYPE          USERNAME  LAST USED"))
        // The primary has been in use since sign-up: its last use is never "never".
        #expect(deck.lines[2].hasPrefix("   Dana Reyes  Primary                 2025-01-01 00:00 UTC"))
        #expect(deck.lines[3].hasPrefix("›  Night Owl   Anonymous               2025-01-01 01:00 UTC"))
        #expect(deck.lines[4].hasPrefix("   Dana Works  Professional            2025-01-01 00:00 UTC"))
        #expect(deck.lines[5] == "› is active: `persona switch PROFILE` · new: `shadow create --type TYPE --name NAME`")

        harness.clock.advance(by: 60)
        let switched = await harness.run("persona switch 'dana works'", json: true)
        #expect(keys(switched.object).isSuperset(of: ["profileId", "displayName", "type", "active", "lastUsed"]))
        #expect(switched.object["active"] as? Bool == true)
        #expect(await harness.run("persona switch primary").out == "You are now Dana Reyes (Primary).\n")
        let json = await harness.run("personas", json: true)
        #expect(json.array.map { $0["displayName"] as? String } == ["Dana Reyes", "Dana Works", "Night Owl"])
        #expect(json.array.map { $0["active"] as? Bool } == [true, false, false])
        for persona in json.array {
            #expect(keys(persona).isSuperset(of: ["profileId", "displayName", "type", "active", "lastUsed"]))
        }
        #expect(json.array[1]["lastUsed"] as? String == "2025-01-01T01:01:00Z")
        #expect(await harness.run("persona switch Nobody").err == "error: No profile named Nobody\n")
    }

    @Test("profile show and edit: fields, who sees them, a shadow's audience and reveal state")
    func profiles() async throws {
        let harness = try await Harness()
        try await harness.world()
        let edited = await harness.run("profile edit --username dana_r --bio 'Gardener'", json: true)
        #expect(edited.object["username"] as? String == "dana_r")
        #expect(await harness.run("profile edit").code == 2)
        let show = await harness.run("profile show")
        #expect(show.lines[0] == "Dana Reyes  Primary · active persona")
        #expect(show.lines[1].hasPrefix("  ") && show.lines[1].hasSuffix(" circles"), "the stats row: \(show.lines[1])")
        #expect(show.lines[2].hasPrefix("               VALUE             SEEN BY"))
        #expect(show.out.contains("  username     @dana_r           Contacts, Public, Family, Friends, Colleagues"))
        #expect(show.out.contains("  phone        (not set)         Family"))
        let shadow = await harness.run("shadow create --type personal --name Dee --circles Friends")
        #expect(shadow.out.hasSuffix("Shown to Friends.\n"))
        let dee = await harness.run("profile show Dee")
        #expect(dee.lines[0] == "Dee  Personal · active persona")
        #expect(dee.out.contains("  shown to     Friends"))
        #expect(dee.out.contains("  revealed     no (`shadow reveal Dee` links it to you, for good)"))
        let circles = await harness.run("shadow circles Dee Family,Colleagues", json: true)
        #expect((circles.object["shownToCircleIds"] as? [String])?.count == 2)
        #expect(await harness.run("shadow circles Dee ''").out == "Dee is shown to nobody.\n")
        let primaryEdit = await harness.run("profile edit primary --display-name 'Dana R'")
        #expect(primaryEdit.lines[0] == "Updated Dana R.")
        #expect(await harness.run("profile show primary", json: true).object["displayName"] as? String == "Dana R")
        let taken = await harness.run("profile edit Dee --username dana_r")
        #expect(taken.code == 1)
        #expect(taken.err == "error: The username dana_r is taken\n")
    }

    @Test("reveal and delete ask first (reveal says it cannot be undone); refused without --yes, nothing changes")
    func revealAndDelete() async throws {
        let harness = try await Harness()
        try await harness.setUp("shadow create --type anonymous --name 'Night Owl'")
        let refused = await harness.run("shadow reveal 'Night Owl'")
        #expect(refused.code == 1)
        #expect(refused.err == "error: This needs confirmation: run it again with --yes.\n")
        #expect(await harness.run("profile show 'Night Owl'", json: true).object["revealedAt"] is NSNull)

        let interaction = ScriptedInteraction(answers: ["n", "y"])
        #expect(
            await harness.run("shadow reveal 'Night Owl'", interaction: interaction).err
                == "error: Cancelled: nothing changed.\n")
        let revealed = await harness.run("shadow reveal 'Night Owl'", interaction: interaction)
        #expect(
            revealed.out == "Revealed: Night Owl now shows its viewers that it is Dana Reyes. This cannot be undone.\n")
        #expect(
            interaction.questions.first
                == "Reveal that Night Owl is you? Its viewers will see Dana Reyes behind it. This cannot be undone. [y/N] "
        )
        #expect(await harness.run("profile show 'Night Owl'", json: true).object["revealedAt"] as? String != nil)
        #expect(
            await harness.run("shadow reveal 'Night Owl'", yes: true).err == "error: Night Owl is already revealed\n")
        #expect(
            await harness.run("shadow reveal primary", yes: true).err
                == "error: Dana Reyes is your primary profile, not a shadow\n")

        #expect(
            await harness.run("shadow delete 'Night Owl'").err
                == "error: This needs confirmation: run it again with --yes.\n")
        #expect(await harness.run("personas", json: true).array.count == 2)
        let deleted = await harness.run("shadow delete 'Night Owl'", json: true, yes: true)
        #expect(deleted.object["displayName"] as? String == "Night Owl")
        #expect(await harness.run("personas", json: true).array.count == 1)
    }

    @Test("unlinkability: look and requests under an anonymous shadow never show the primary until reveal")
    func unlinkability() async throws {
        let harness = try await Harness()
        try await harness.world()
        try await harness.setUp("profile edit --username dana_r --phone '+1 555 0100'")
        let primaryId = try #require(
            await harness.run("profile show primary", json: true).object["profileId"] as? String)
        try await harness.setUp(
            "shadow create --type anonymous --name 'Night Owl' --circles Friends",
            "profile edit --username nightowl --bio 'Jazz at night'")
        // Sam knows Dana too, so Dana's requests can reach Sam; Sam's phone is ask for his contacts.
        harness.asSam()
        try await harness.setUp(
            "contact add 'Dana Reyes' --account dana@example.com", "profile edit --phone '+1 555 0199'")
        harness.asDana()
        try await harness.setUp("request sam@example.com phone --reason 'Late gig tonight'")

        let secrets = ["Dana Reyes", "Reyes", "dana_r", "dana@example.com", "+1 555 0100", primaryId]
        func leaks(_ text: String) -> [String] { secrets.filter { text.contains($0) } }

        harness.asSam()
        var seen: [String] = []
        for line in ["look @nightowl", "requests", "grants"] {
            for json in [false, true] {
                let run = await harness.run(line, json: json)
                #expect(run.code == 0, "\(line): \(run.err)")
                seen.append(run.out + run.err)
            }
        }
        for text in seen { #expect(leaks(text).isEmpty, "\(text)") }
        let inbox = await harness.run("requests", json: true)
        #expect((inbox.array.first?["from"] as? [String: Any])?["displayName"] as? String == "Night Owl")
        #expect((inbox.array.first?["from"] as? [String: Any])?["username"] as? String == "nightowl")
        // No relationship context either: Sam's circles holding Dana would link Night Owl to her.
        #expect(inbox.array.first?["requesterCircles"] is NSNull)
        let row = await harness.run("requests").out.split(separator: "\n").first { $0.hasPrefix("Night Owl") }
        #expect(row?.hasPrefix("Night Owl (@nightowl)  —   ") == true && row?.contains("  phone  ") == true)
        let look = await harness.run("look @nightowl", json: true)
        #expect(look.object["revealedAs"] is NSNull)
        #expect((look.object["fields"] as? [String: Any])?["displayName"] as? String == "Night Owl")
        // Allowing the request shows the grant to Sam under the shadow's name only.
        let requestId = try #require(inbox.array.first?["requestId"] as? String)
        try await harness.setUp("requests allow \(requestId)")
        let grants = await harness.run("grants")
        #expect(grants.out.contains("Night Owl (@nightowl)") && leaks(grants.out).isEmpty)

        harness.asDana()
        try await harness.setUp("shadow reveal 'Night Owl'")
        harness.asSam()
        let after = await harness.run("look @nightowl", json: true)
        let revealedAs = try #require(after.object["revealedAs"] as? [String: Any])
        #expect(revealedAs["profileId"] as? String == primaryId)
        #expect(revealedAs["displayName"] as? String == "Dana Reyes")
        #expect(revealedAs["username"] as? String == "dana_r")
        #expect(await harness.run("look @nightowl").out.contains("  revealed as Dana Reyes (@dana_r)"))

        // Someone outside the shadow's circles: the same "not found" as a profile that does not exist.
        harness.asDana()
        try await harness.setUp("circle remove Friends 'Sam Kim'")
        harness.asSam()
        #expect(await harness.run("look @nightowl").err == "error: No profile named @nightowl\n")
    }
}
