import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a command asks the person at the keyboard something: a yes/no, or a secret typed without echo.
public protocol Interaction: Sendable {
    /// Whether there is a person to ask. Without one, confirmations need `--yes` and secrets come from elsewhere.
    var canAsk: Bool { get }
    /// Shows `question` and reads one line; `nil` at end of input.
    func ask(_ question: String) -> String?
    /// Shows `prompt` and reads one line without echoing it; `nil` at end of input.
    func askSecret(_ prompt: String) -> String?
}

/// Nobody to ask: scripts, one-shot runs without a terminal, the server.
public struct NoInteraction: Interaction {
    public init() {}
    public var canAsk: Bool { false }
    public func ask(_ question: String) -> String? { nil }
    public func askSecret(_ prompt: String) -> String? { nil }
}

/// Asks on the terminal that standard input is; prompts go to standard error so `--json` output stays clean.
public struct TerminalInteraction: Interaction {
    public init() {}

    public var canAsk: Bool { isatty(0) == 1 }

    public func ask(_ question: String) -> String? {
        FileDescriptorSink.standardError.write(question)
        return readLine(strippingNewline: true)
    }

    public func askSecret(_ prompt: String) -> String? {
        FileDescriptorSink.standardError.write(prompt)
        var saved = termios()
        let hasTerminal = tcgetattr(0, &saved) == 0
        if hasTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(0, TCSAFLUSH, &quiet)
        }
        defer {
            if hasTerminal {
                tcsetattr(0, TCSAFLUSH, &saved)
                FileDescriptorSink.standardError.write("\n")
            }
        }
        return readLine(strippingNewline: true)
    }
}

/// Answers from a list, for tests: each `ask` or `askSecret` takes the next answer.
public final class ScriptedInteraction: Interaction {
    private struct State {
        var answers: [String]
        var questions: [String] = []
    }

    private let state: Mutex<State>

    public init(answers: [String]) {
        state = Mutex(State(answers: answers))
    }

    public var canAsk: Bool { true }

    /// Every question and prompt shown so far, in order.
    public var questions: [String] { state.withLock { $0.questions } }

    public func ask(_ question: String) -> String? { next(question) }
    public func askSecret(_ prompt: String) -> String? { next(prompt) }

    private func next(_ question: String) -> String? {
        state.withLock { state in
            state.questions.append(question)
            return state.answers.isEmpty ? nil : state.answers.removeFirst()
        }
    }
}
