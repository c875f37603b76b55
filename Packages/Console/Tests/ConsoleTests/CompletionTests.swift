import Console
import Testing

@Suite("Completion of argument and option values")
struct CompletionTests {
    struct CirclesPlugin: Plugin {
        let name = "circles"
        var commands: [Command] {
            [
                Command(
                    "circle add", summary: "Add contacts",
                    arguments: [
                        Argument("CIRCLE", completion: "circle"),
                        Argument("CONTACT", count: .many, completion: "contact"),
                    ]
                ) { _, _ in .message("ok") },
                Command(
                    "circle delete", summary: "Delete",
                    arguments: [Argument("CIRCLE", completion: "circle")],
                    options: [Option("move-to", value: "CIRCLE", completion: "circle"), Option("yes")]
                ) { _, _ in .message("ok") },
                Command(
                    "prefs theme", summary: "Theme",
                    arguments: [Argument("THEME", choices: ["system", "light", "dark"])]
                ) { _, _ in .message("ok") },
            ]
        }

        func completionValues() async -> [String: [String]] {
            ["circle": ["Family", "Friends", "Book Club"], "contact": ["Ann", "Bob"]]
        }
    }

    @Test("values come from the plugins, filtered by what was typed, quoted when they need it")
    func values() async throws {
        let plugin = CirclesPlugin()
        let registry = try CommandRegistry(plugins: [plugin])
        let live = CompletionValues()
        await live.refresh(from: [plugin])
        let values = live.values
        #expect(registry.completions(forLine: "circle add ", values: values) == ["'Book Club'", "Family", "Friends"])
        #expect(registry.completions(forLine: "circle add f", values: values) == ["Family", "Friends"])
        #expect(registry.completions(forLine: "circle add Family ", values: values) == ["Ann", "Bob"])
        #expect(registry.completions(forLine: "circle add Family Ann b", values: values) == ["Bob"])
        #expect(registry.completions(forLine: "circle delete Family --move-to ", values: values).contains("Friends"))
        #expect(registry.completions(forLine: "circle delete Family --yes ", values: values).isEmpty)
        #expect(registry.completions(forLine: "prefs theme d", values: values) == ["dark"])
        #expect(registry.completions(forLine: "circle ", values: values) == ["add", "delete"])
    }

    @Test("a plugin without values offers none")
    func noValues() async throws {
        struct Quiet: Plugin {
            let name = "quiet"
            var commands: [Command] {
                [Command("x", summary: "x", arguments: [Argument("A", completion: "a")]) { _, _ in .message("") }]
            }
        }
        let live = CompletionValues()
        await live.refresh(from: [Quiet()])
        #expect(live.values.isEmpty)
        #expect(try CommandRegistry(plugins: [Quiet()]).completions(forLine: "x ", values: live.values).isEmpty)
    }
}
