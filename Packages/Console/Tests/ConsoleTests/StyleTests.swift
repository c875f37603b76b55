import Console
import Testing

@Suite("Style")
struct StyleTests {
    @Test(
        "colour only on a terminal and when NO_COLOR is unset or empty",
        arguments: [
            (true, [:], true),
            (true, ["NO_COLOR": ""], true),
            (true, ["NO_COLOR": "1"], false),
            (true, ["NO_COLOR": "0"], false),
            (true, ["NO_COLOR": "yes", "TERM": "xterm-256color"], false),
            (false, [:], false),
            (false, ["NO_COLOR": ""], false),
            (false, ["NO_COLOR": "1"], false),
        ] as [(Bool, [String: String], Bool)])
    func forOutput(isTerminal: Bool, environment: [String: String], colour: Bool) {
        let style = Style.forOutput(isTerminal: isTerminal, environment: environment)
        #expect(style.isEnabled == colour)
        let samples = [
            style.bold("x"), style.dim("x"), style.accent("x"), style.success("x"), style.warning("x"),
            style.failure("x"),
        ]
        for sample in samples {
            #expect(sample.contains("\u{1B}[") == colour)
            #expect(strippingEscapes(sample) == "x")
        }
        if !colour { #expect(samples.allSatisfy { $0 == "x" }) }
    }

    @Test("escapes are the expected SGR codes and reset after the text")
    func codes() {
        let dark = Style(isEnabled: true, palette: .dark)
        let light = Style(isEnabled: true, palette: .light)
        #expect(dark.bold("b") == "\u{1B}[1mb\u{1B}[0m")
        #expect(dark.failure("f") == "\u{1B}[31mf\u{1B}[0m")
        #expect(dark.accent("a") == "\u{1B}[96ma\u{1B}[0m")
        #expect(light.accent("a") == "\u{1B}[34ma\u{1B}[0m")
        #expect(dark.warning("w") != light.warning("w"))
        #expect(dark.success("s") != light.success("s"))
    }

    @Test("empty text is never wrapped")
    func emptyText() {
        let style = Style(isEnabled: true)
        #expect(style.bold("") == "")
        #expect(style.failure("") == "")
    }

    @Test("the palette is passed through")
    func palette() {
        #expect(Style.forOutput(isTerminal: true, environment: [:], palette: .light).palette == .light)
        #expect(Style.plain.isEnabled == false)
    }
}
