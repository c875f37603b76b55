import Foundation
import NetworkingTesting
import Testing

/// A long-running `kith` sees what another `kith` process wrote to the same file at its next check.
@Suite("Circles: another process's writes reach a running kith")
struct CirclesStalenessTests {
    let kith = KithOnFile("kith-e2e-stale-")

    @Test func aCellAndAMembershipChangedElsewhereShowAtTheNextCheck() async throws {
        let setup = try await kith(
            [],
            input: """
                signup sam@example.com --first Sam --last Ray
                signup dana@example.com --first Dana --last Lee
                profile edit --phone '+1 555 0100'
                contact add 'Sam Ray' --account sam@example.com
                circle add Family 'Sam Ray'
                """)
        try #require(setup.status == 0, "\(setup.errors)")

        // Dana's long-running kith: a script fed one line at a time.
        let running = try RunningKith(
            binary: KithProcess.binary, arguments: ["--db", kith.database, "--json"], environment: kith.environment)
        defer { running.stop() }
        let before = try running.ask("view-as 'Sam Ray'")
        #expect(before.contains("\"phone\":\"+1 555 0100\""), "\(before)")

        let cell = try await kith(["access", "set", "phone", "Family", "deny"])
        #expect(cell.status == 0, "\(cell.errors)")
        #expect(try await kith(["access", "save"]).status == 0)
        let afterCell = try running.ask("view-as 'Sam Ray'")
        #expect(afterCell.contains("\"phone\":null"), "\(afterCell)")

        // Out of Family, Sam is only a contact: email is ask there, allow in Family.
        #expect(afterCell.contains("\"email\":\"dana@example.com\""))
        #expect(try await kith(["circle", "remove", "Family", "Sam Ray"]).status == 0)
        let afterMembership = try running.ask("view-as 'Sam Ray'")
        #expect(afterMembership.contains("\"email\":null"), "\(afterMembership)")
        #expect(afterMembership.contains("\"ask\":[") && afterMembership.contains("\"email\""))
    }
}

/// A `kith` script process kept running: each `ask` writes one line and reads the one line it prints.
final class RunningKith: @unchecked Sendable {
    private let process = ChildProcess()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(binary: String, arguments: [String], environment: [String: String]) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = KithProcess.childEnvironment(environment)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
    }

    func ask(_ line: String) throws -> String {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let answer = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return answer
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw CocoaError(.fileReadUnknown) }
            buffer.append(chunk)
        }
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
