import Console
import Testing

@Suite("Confirmation")
struct ConfirmationTests {
    @Test("without a person to ask and without --yes, confirm refuses")
    func noInteraction() {
        let context = CommandContext(interaction: NoInteraction(), errors: CapturedText())
        #expect(throws: ConsoleError.confirmationRequired) { try context.confirm("Delete Ana?") }
        #expect(ConsoleError.confirmationRequired.description == "This needs confirmation: run it again with --yes.")
    }

    @Test("--yes passes without asking")
    func assumeYes() throws {
        let interaction = ScriptedInteraction(answers: ["n"])
        try CommandContext(assumeYes: true, interaction: interaction, errors: CapturedText()).confirm("Delete Ana?")
        try CommandContext(assumeYes: true, interaction: NoInteraction(), errors: CapturedText()).confirm("Delete?")
        #expect(interaction.questions.isEmpty)
    }

    @Test("yes answers pass", arguments: ["y", "yes", "Y", "YES", "Yes", " yes ", "y\t"])
    func yesAnswers(answer: String) throws {
        let interaction = ScriptedInteraction(answers: [answer])
        try CommandContext(interaction: interaction, errors: CapturedText()).confirm("Delete Ana?")
        #expect(interaction.questions == ["Delete Ana? [y/N] "])
    }

    @Test("anything else cancels", arguments: ["n", "", "no", "N", "maybe", "yess", "ye s", "oui"])
    func otherAnswers(answer: String) {
        let interaction = ScriptedInteraction(answers: [answer])
        let context = CommandContext(interaction: interaction, errors: CapturedText())
        #expect(throws: ConsoleError.cancelled) { try context.confirm("Delete Ana?") }
        #expect(ConsoleError.cancelled.description == "Cancelled: nothing changed.")
    }

    @Test("the end of input cancels")
    func endOfInput() {
        let context = CommandContext(interaction: ScriptedInteraction(answers: []), errors: CapturedText())
        #expect(throws: ConsoleError.cancelled) { try context.confirm("Delete Ana?") }
    }

    @Test("secrets come from the person, or nil without one")
    func secrets() {
        let interaction = ScriptedInteraction(answers: ["hunter2"])
        #expect(CommandContext(interaction: interaction, errors: CapturedText()).askSecret("Password: ") == "hunter2")
        #expect(interaction.questions == ["Password: "])
        #expect(CommandContext(interaction: NoInteraction(), errors: CapturedText()).askSecret("Password: ") == nil)
        #expect(
            ConsoleError.secretRequired("Give a password with --password-file.").description
                == "Give a password with --password-file.")
    }

    // MARK: - Through the shell

    @Test("a refused confirmation leaves the state unchanged and exits 1")
    func refusedLeavesState() async throws {
        let nobody = try Harness(interaction: NoInteraction())
        #expect(await nobody.run("reset") == .failed(code: 1, message: ConsoleError.confirmationRequired.description))
        #expect(nobody.counter.value == 5)
        #expect(nobody.errors.text == "error: This needs confirmation: run it again with --yes.\n")
        #expect(nobody.output.text == "")

        let no = ScriptedInteraction(answers: ["n"])
        let declined = try Harness(interaction: no)
        #expect(await declined.run("reset") == .failed(code: 1, message: "Cancelled: nothing changed."))
        #expect(declined.counter.value == 5)
        #expect(no.questions == ["Reset the counter? [y/N] "])
    }

    @Test("an accepted confirmation changes the state")
    func acceptedChangesState() async throws {
        let harness = try Harness(interaction: ScriptedInteraction(answers: ["yes"]))
        #expect(await harness.run("reset") == .success)
        #expect(harness.counter.value == 0)
        #expect(harness.output.text == "Counter reset.\n")
    }

    @Test("--yes on the line answers without asking")
    func yesOnTheLine() async throws {
        let interaction = ScriptedInteraction(answers: ["n"])
        let harness = try Harness(interaction: interaction)
        #expect(await harness.run("reset --yes") == .success)
        #expect(harness.counter.value == 0)
        #expect(interaction.questions.isEmpty)
    }

    // MARK: - A command's requirement comes first

    struct NotYou: Error, CustomStringConvertible {
        var description: String { "Not available while viewing as Max. Switch back first." }
    }

    @Test("a command's requirement refuses before the command asks anything")
    func requirementBeforeQuestions() async throws {
        let interaction = ScriptedInteraction(answers: ["yes"])
        let ran = Counter(0)
        let reset = Command("reset", summary: "Reset") { _, context in
            try context.confirm("Reset the counter?")
            ran.set(1)
            return .message("Counter reset.")
        }
        var registry = CommandRegistry()
        try registry.register(reset.requiring { throw NotYou() }, feature: "test")
        let errors = CapturedText()
        let shell = Shell(
            registry: registry, output: CapturedText(), errors: errors, interaction: interaction, environment: [:],
            outputIsTerminal: false, jsonEncoder: Fixtures.jsonEncoder())
        #expect(await shell.run(line: "reset", defaults: .init()) == .failed(code: 1, message: NotYou().description))
        #expect(interaction.questions.isEmpty)
        #expect(ran.value == 0)
        #expect(errors.text == "error: Not available while viewing as Max. Switch back first.\n")

        // A requirement that holds lets the command run as before.
        var passing = CommandRegistry()
        try passing.register(reset.requiring {}, feature: "test")
        let asked = Shell(
            registry: passing, output: CapturedText(), errors: CapturedText(), interaction: interaction,
            environment: [:], outputIsTerminal: false, jsonEncoder: Fixtures.jsonEncoder())
        #expect(await asked.run(line: "reset", defaults: .init()) == .success)
        #expect(interaction.questions == ["Reset the counter? [y/N] "])
        #expect(ran.value == 1)
    }
}
