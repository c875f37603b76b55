import Foundation
import Synchronization

/// A real browser for the passkey page's tests: Debian's `chromium`, headless, with a virtual passkey authenticator
/// added through the DevTools protocol, driven by Tools/chromium-webauthn.py in its own process. One browser keeps its
/// authenticator (and the passkeys made on it) until `stop()`.
public final class HeadlessChromium: @unchecked Sendable {
    /// What a page said when it finished (`#status`): "done", "failed", or "timeout" when it never finished.
    public struct PageOutcome: Decodable, Sendable {
        public let status: String
        public let text: String
    }

    /// A passkey the virtual authenticator holds (its private key left out).
    public struct Credential: Decodable, Sendable {
        public let credentialId: String
        public let rpId: String
        public let userName: String?
        public let signCount: Int
        public let isResidentCredential: Bool
    }

    /// Chromium is missing, or could not be started or driven (its own words included).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private let process: ChildProcess
    private let input: Pipe
    private let output: Pipe
    private let lines = LineReader()
    /// The folder of Chromium's profile and log.
    public let folder: URL
    /// The browser's name and version (`Chrome/156...`).
    public private(set) var browser = ""

    /// The browser: `KITH_CHROMIUM`, else `chromium` (or `chromium-browser`) on the PATH. A test that needs it fails
    /// (never skips) with how to install it.
    public static func executable() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["KITH_CHROMIUM"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                throw Failure(description: "KITH_CHROMIUM (\(path)) is not a program: run Tools/bootstrap --tests")
            }
            return path
        }
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser"] {
            for folder in folders where FileManager.default.isExecutableFile(atPath: folder + "/" + name) {
                return folder + "/" + name
            }
        }
        throw Failure(
            description:
                "chromium is not installed (the passkey page's browser tests need it): run Tools/bootstrap --tests")
    }

    /// Starts Chromium with its virtual authenticator and waits until it is ready: after the browser another test of
    /// this process started has stopped, since one at a time is all a 2-core machine runs beside other suites
    /// without pushing their timing bounds.
    public static func start() async throws -> HeadlessChromium {
        let chromium = try executable()
        await turn.take()
        do {
            return try await launch(chromium)
        } catch {
            await turn.give()
            throw error
        }
    }

    /// The browsers of this test process, one at a time.
    private static let turn = Turn()

    private static func launch(_ chromium: String) async throws -> HeadlessChromium {
        let folder = try SMTPTestServer.temporaryFolder("kith-chromium")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", SMTPTestServer.repositoryRoot.appendingPathComponent("Tools/chromium-webauthn.py").path,
            "--chromium", chromium, "--profile", folder.path,
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let browser = HeadlessChromium(process: process, input: input, output: output, folder: folder)
        let ready = try await browser.nextLine()
        guard let object = try JSONSerialization.jsonObject(with: Data(ready.utf8)) as? [String: Any],
            object["ready"] as? Bool == true
        else {
            browser.close()
            throw Failure(description: "Chromium could not be driven: \(ready)")
        }
        browser.browser = object["browser"] as? String ?? ""
        return browser
    }

    private init(process: ChildProcess, input: Pipe, output: Pipe, folder: URL) {
        self.process = process
        self.input = input
        self.output = output
        self.folder = folder
    }

    /// Opens `url` and waits until its page says it is done or failed (a minute at most).
    public func open(_ url: String) async throws -> PageOutcome {
        try await command("open " + url, as: PageOutcome.self)
    }

    /// The passkeys the virtual authenticator holds.
    public func credentials() async throws -> [Credential] {
        struct Answer: Decodable { let credentials: [Credential] }
        return try await command("credentials", as: Answer.self).credentials
    }

    /// Closes the browser (end of input), waits for the driver to end, and gives the next test its turn.
    public func stop() {
        close()
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        Task { await Self.turn.give() }
    }

    private let stopped = Atomic(false)

    private func close() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// A turn to run a browser: taken by one at a time, the others waiting in order.
    private actor Turn {
        private var taken = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func take() async {
            guard taken else {
                taken = true
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func give() {
            if waiting.isEmpty { taken = false } else { waiting.removeFirst().resume() }
        }
    }

    private func command<Answer: Decodable>(_ line: String, as _: Answer.Type) async throws -> Answer {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        let answer = try await nextLine()
        if let decoded = try? JSONDecoder().decode(Answer.self, from: Data(answer.utf8)) { return decoded }
        throw Failure(description: "The browser driver answered \(answer)")
    }

    /// The driver's next line, read on a thread of its own (never the cooperative pool).
    private func nextLine() async throws -> String {
        let handle = output.fileHandleForReading
        let lines = lines
        return try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                if let line = lines.next(from: handle) {
                    continuation.resume(returning: line)
                } else {
                    continuation.resume(throwing: Failure(description: "The browser driver ended without answering"))
                }
            }
        }
    }
}

/// Splits what a pipe gives into lines; one reader at a time.
private final class LineReader: @unchecked Sendable {
    private var pending = Data()

    func next(from handle: FileHandle) -> String? {
        while true {
            if let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[(newline + 1)...])
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            pending += chunk
        }
    }
}
