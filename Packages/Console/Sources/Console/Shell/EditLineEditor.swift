import CEditLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Line editing, history and tab completion through libedit's readline interface.
///
/// libedit calls completion through a C function pointer, which cannot capture context, so the completer
/// lives in a module-level slot; there is only ever one interactive editor per process.
public final class EditLineEditor: LineEditor {
    public init(history: [String], completer: @escaping @Sendable (String) -> [String]) {
        Self.useUTF8Locale()
        EditLineSlots.completer = completer
        kith_editline_setup { text, start, end in
            kith_editline_completion_over()
            let buffer = kith_editline_line_buffer().map { String(cString: $0) } ?? ""
            let prefix = String(decoding: Array(buffer.utf8).prefix(Int(end)), as: UTF8.self)
            EditLineSlots.candidates = EditLineSlots.completer?(prefix) ?? []
            EditLineSlots.next = 0
            return rl_completion_matches(text) { _, state in
                if state == 0 { EditLineSlots.next = 0 }
                guard EditLineSlots.next < EditLineSlots.candidates.count else { return nil }
                defer { EditLineSlots.next += 1 }
                return strdup(EditLineSlots.candidates[EditLineSlots.next])
            }
        }
        for line in history { add_history(line) }
        installInterruptHandler()
    }

    public func readLine(prompt: String) -> LineInput {
        // Dispatch's worker threads block signals; this one must take SIGINT so that `read` returns EINTR.
        var interrupt = sigset_t()
        var previous = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, &previous)
        EditLineSlots.reader = pthread_self()
        EditLineSlots.hasReader = 1
        EditLineSlots.interrupted = 0
        defer {
            EditLineSlots.hasReader = 0
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        guard let raw = readline(prompt) else {
            if EditLineSlots.interrupted != 0 {
                FileDescriptorSink.standardOutput.write("\n")
                return .interrupted
            }
            return .end
        }
        defer { free(raw) }
        if EditLineSlots.interrupted != 0 { return .interrupted }
        return .line(String(decoding: UnsafeRawBufferPointer(start: raw, count: strlen(raw)), as: UTF8.self))
    }

    public func addToHistory(_ line: String) { add_history(line) }

    /// libedit decodes the prompt and the line with the C library's multibyte functions: in the "C" locale a
    /// prompt such as `kith ›` does not decode and libedit crashes, so prefer the user's locale, else C.UTF-8.
    private static func useUTF8Locale() {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        if !chosen.uppercased().contains("UTF-8") && !chosen.uppercased().contains("UTF8") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    /// Ctrl-C leaves the REPL running: the handler only notes it, and `readLine` reports `.interrupted`.
    ///
    /// The kernel may deliver SIGINT to any thread of the cooperative pool, and only the thread blocked in
    /// libedit's `read` gets EINTR, so the handler forwards the signal to that thread.
    private func installInterruptHandler() {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = { _ in EditLineSlots.noteInterrupt() }
        #else
            action.__sigaction_u.__sa_handler = { _ in EditLineSlots.noteInterrupt() }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }
}

/// State libedit's C callbacks reach; touched only from the REPL's thread and the SIGINT handler.
enum EditLineSlots {
    nonisolated(unsafe) static var completer: (@Sendable (String) -> [String])?
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var next = 0
    nonisolated(unsafe) static var interrupted: sig_atomic_t = 0
    nonisolated(unsafe) static var hasReader: sig_atomic_t = 0
    nonisolated(unsafe) static var reader = pthread_t()

    /// Runs in the signal handler: only async-signal-safe work.
    static func noteInterrupt() {
        interrupted = 1
        if hasReader != 0, pthread_equal(pthread_self(), reader) == 0 { pthread_kill(reader, SIGINT) }
    }
}
