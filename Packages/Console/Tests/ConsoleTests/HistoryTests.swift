import Console
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("History")
struct HistoryTests {
    private func permissions(_ path: String) throws -> mode_t {
        var info = stat()
        try #require(stat(path, &info) == 0, "\(path) does not exist")
        return info.st_mode & 0o777
    }

    @Test("the file is created with mode 0600 and missing folders with 0700")
    func modes() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/state/kith/history"
        History(path: path).append("echo one")
        #expect(try permissions(root + "/state") == 0o700)
        #expect(try permissions(root + "/state/kith") == 0o700)
        #expect(try permissions(path) == 0o600)
        #expect(History(path: path).load() == ["echo one"])
    }

    @Test("an existing file readable by others is narrowed to 0600 on the next write")
    func narrowsExistingFile() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/history"
        try Data("old line\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o644)
        History(path: path).append("new line")
        #expect(try permissions(path) == 0o600)
        #expect(History(path: path).load() == ["old line", "new line"])
    }

    @Test("load returns the last `limit` lines, oldest first, skipping empty ones")
    func loadLimit() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/history"
        let history = History(path: path, limit: 3)
        for number in 1...5 { history.append("echo \(number)") }
        #expect(history.load() == ["echo 3", "echo 4", "echo 5"])
        #expect(History(path: path, limit: 100).load() == (1...5).map { "echo \($0)" })
        try Data("a\n\n\nb\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(History(path: path).load() == ["a", "b"])
    }

    @Test("load of a file that does not exist yet is empty")
    func loadMissing() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(History(path: root + "/none/history").load().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root + "/none"))
    }

    @Test("lines with --password, and blank lines, are never written")
    func neverWritten() throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/history"
        let history = History(path: path)
        history.append("login ana@example.com --password hunter2")
        history.append("password --password=hunter2")
        history.append("  \t ")
        #expect(!FileManager.default.fileExists(atPath: path))
        history.append("echo fine")
        let contents = try String(contentsOfFile: path, encoding: .utf8)
        #expect(contents == "echo fine\n")
    }

    @Test(
        "what may be remembered",
        arguments: [
            ("echo hi", true), ("李小龍 👍", true), ("", false), ("   ", false), ("\t", false),
            ("login --password x", false), ("x --password=y", false), ("--password", false),
        ])
    func shouldRemember(line: String, expected: Bool) {
        #expect(History.shouldRemember(line) == expected)
    }

    @Test("a line holding line breaks is written as one entry", arguments: ["a\nb", "a\r\nb", "a\rb"])
    func oneEntryPerLine(line: String) throws {
        let root = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let history = History(path: root + "/history")
        history.append(line)
        history.append("next")
        let loaded = history.load()
        #expect(loaded.count == 2, "\(loaded)")
        #expect(loaded.last == "next")
        #expect(loaded.first.map { !$0.contains("\n") && !$0.contains("\r") } == true)
    }

    @Test(
        "defaultPath honours XDG_STATE_HOME (absolute only) and HOME",
        arguments: [
            (["XDG_STATE_HOME": "/x/state", "HOME": "/home/ana"], "/x/state/kith/history"),
            (["HOME": "/home/ana"], "/home/ana/.local/state/kith/history"),
            (["XDG_STATE_HOME": "relative/state", "HOME": "/home/ana"], "/home/ana/.local/state/kith/history"),
            (["XDG_STATE_HOME": "", "HOME": "/home/ana"], "/home/ana/.local/state/kith/history"),
            (["XDG_STATE_HOME": "/x/state"], "/x/state/kith/history"),
        ] as [([String: String], String)])
    func defaultPath(environment: [String: String], expected: String) {
        #expect(History.defaultPath(environment: environment) == expected)
    }

    @Test("the default limit is 1000 lines")
    func defaultLimit() {
        #expect(History(path: "/nowhere").limit == 1000)
    }
}
