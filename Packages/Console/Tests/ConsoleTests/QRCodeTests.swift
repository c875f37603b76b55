import Console
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The codes are read back by software nobody here wrote: zbarimg (Debian's zbar-tools) decodes an image of the
/// modules, and an image of what `terminalLines` draws as a terminal shows it.
@Suite("QR codes")
struct QRCodeTests {
    static let otpauth =
        "otpauth://totp/Kith:ada.lovelace%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Kith"

    static let inputs: [(name: String, text: String)] = [
        ("short text", "Kith"),
        ("an otpauth URI", otpauth),
        (
            "an otpauth URI with a non-ASCII email",
            "otpauth://totp/Kith:zoë.müller@bücher.example?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Kith"
        ),
        ("a text that needs version information (7 or more)", String(repeating: "Kith family ", count: 9)),
        (
            "a long text (version 10 or more)",
            String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 6)
        ),
    ]

    @Test("zbarimg reads the modules back", arguments: inputs)
    func decodesModules(name: String, text: String) throws {
        let code = try QRCode(text)
        let image = Bitmap(width: code.size, height: code.size) { x, y in !code.isDark(x: x, y: y) }
        let decoded = try zbarimg(image.bordered(4, light: true))
        #expect(decoded == text, "\(name), version \(code.version)")
    }

    @Test("with colours, zbarimg reads the drawing on a light and on a dark terminal", arguments: inputs)
    func decodesColourDrawing(name: String, text: String) throws {
        let code = try QRCode(text)
        let lines = code.terminalLines(style: Style(isEnabled: true))
        for theme in Theme.allCases {
            let shown = try Self.shown(lines, on: theme)
            // The terminal's own background all around the lines.
            let decoded = try zbarimg(shown.bordered(4, light: theme == .light))
            #expect(decoded == text, "\(name), version \(code.version), \(theme) terminal")
            Self.expectCode(code, in: shown, "\(name), \(theme) terminal")
        }
    }

    @Test("without colours, zbarimg reads the drawing on a light terminal", arguments: inputs)
    func decodesPlainDrawing(name: String, text: String) throws {
        let code = try QRCode(text)
        let lines = code.terminalLines(style: .plain)
        #expect(!lines.joined().contains("\u{1B}"))
        let shown = try Self.shown(lines, on: .light)
        let decoded = try zbarimg(shown.bordered(4, light: true))
        #expect(decoded == text, "\(name), version \(code.version)")
        Self.expectCode(code, in: shown, name)
        // On a dark terminal the text is light: the negative, as terminalLines says.
        let negative = try Self.shown(lines, on: .dark)
        #expect(negative == Bitmap(width: shown.width, height: shown.height) { !shown.light($0, $1) }, "\(name)")
    }

    /// `shown` is the code inside a light quiet zone of 4, with the last line's lower half light too.
    static func expectCode(_ code: QRCode, in shown: Bitmap, _ name: String) {
        let expected = Bitmap(width: code.size + 8, height: code.size + 9) { !code.isDark(x: $0 - 4, y: $1 - 4) }
        #expect(shown == expected, "\(name)")
    }

    /// Bytes each version holds at level M, from the standard's table (index: version - 1).
    static let capacities = [
        14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
        711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213,
        2331,
    ]

    @Test("the smallest version that holds the bytes")
    func smallestVersion() throws {
        // That each version's capacity stays in it is checked by reading every version back.
        for (index, capacity) in Self.capacities.enumerated().dropLast() {
            #expect(try QRCode([UInt8](repeating: 0x41, count: capacity + 1)).version == index + 2)
        }
        #expect(QRCode.maximumBytes == 2331)
        let code = try QRCode("")
        #expect(code.version == 1 && code.size == 21)
    }

    @Test("every version from 1 to 40 is read back when full")
    func everyVersion() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#@!$&'()*+,;=")
        for (index, capacity) in Self.capacities.enumerated() {
            let version = index + 1
            let text = String((0..<capacity).map { alphabet[($0 * 7 + version) % alphabet.count] })
            let code = try QRCode(text)
            #expect(code.version == version && code.size == 17 + 4 * version)
            let image = Bitmap(width: code.size, height: code.size) { x, y in !code.isDark(x: x, y: y) }
            let decoded = try zbarimg(image.bordered(4, light: true))
            #expect(decoded == text, "version \(version), \(capacity) bytes")
        }
    }

    @Test("a text longer than version 40 holds is refused")
    func tooLong() {
        #expect(throws: QRCode.Error.tooLong(bytes: 2332, limit: 2331)) {
            try QRCode([UInt8](repeating: 0x41, count: 2332))
        }
        #expect(throws: QRCode.Error.tooLong(bytes: 2332, limit: 2331)) {
            try QRCode(String(repeating: "A", count: 2332))
        }
        // Text that is not ASCII gives 12 bits to the UTF-8 ECI.
        #expect(throws: QRCode.Error.tooLong(bytes: 2332, limit: 2330)) {
            try QRCode(String(repeating: "é", count: 1166))
        }
        #expect(
            QRCode.Error.tooLong(bytes: 2332, limit: 2331).description
                == "2332 bytes are too long for a QR code: it holds at most 2331.")
    }

    @Test("the longest UTF-8 text is read back")
    func longestUTF8() throws {
        let text = String(repeating: "é", count: 1165)
        let code = try QRCode(text)
        #expect(code.version == 40)
        let image = Bitmap(width: code.size, height: code.size) { x, y in !code.isDark(x: x, y: y) }
        let decoded = try zbarimg(image.bordered(4, light: true))
        #expect(decoded == text)
    }

    @Test("text is its UTF-8 bytes, with the UTF-8 ECI only when it is not ASCII")
    func textAndBytes() throws {
        #expect(try QRCode(Self.otpauth) == QRCode(Array(Self.otpauth.utf8)))
        #expect(try QRCode("zoë") != QRCode(Array("zoë".utf8)))
    }

    @Test("dark modules are blocks and light ones spaces, two rows to a line; with colours, black on white")
    func glyphs() throws {
        let code = try QRCode("Kith")
        let lines = code.terminalLines(style: .plain, quietZone: 1)
        #expect(lines.count == 12)
        #expect(lines.allSatisfy { $0.count == 23 })
        // Row -1 is quiet zone (light); row 0 is light in the quiet zone and dark along the finder's top.
        #expect(lines[0].first == " ")
        #expect(lines[0].dropFirst().prefix(7) == "▄▄▄▄▄▄▄")
        // The last line holds the quiet zone's last row over nothing: all light.
        #expect(lines[11] == String(repeating: " ", count: 23))
        #expect(lines.allSatisfy { $0.allSatisfy { "█▀▄ ".contains($0) } })
        // Colours only set black text on a white background around each line, whatever the palette.
        let coloured = lines.map { "\u{1B}[30;47m" + $0 + "\u{1B}[0m" }
        #expect(code.terminalLines(style: Style(isEnabled: true, palette: .dark), quietZone: 1) == coloured)
        #expect(code.terminalLines(style: Style(isEnabled: true, palette: .light), quietZone: 1) == coloured)
        // The standard's quiet zone of 4 unless told: 29 rows.
        #expect(code.terminalLines(style: .plain).count == 15)
    }

    // MARK: - What a terminal shows

    /// A terminal's own colours: dark text on a light background, or light text on a dark one.
    enum Theme: CaseIterable {
        case light
        case dark
    }

    /// The lines as a terminal with `theme` shows them, a line two pixels high: a half block's half takes the text
    /// colour, the rest of its cell and a space the background. Black (SGR 30, 40) and white (37, 47) are dark and
    /// light on either theme; 0, 39 and 49 go back to the theme's own colours, as every line must before it ends.
    static func shown(_ lines: [String], on theme: Theme) throws -> Bitmap {
        let themeText = theme == .dark
        let themeBackground = theme == .light
        var rows: [[Bool]] = []
        for line in lines {
            var text = themeText
            var background = themeBackground
            var upper: [Bool] = []
            var lower: [Bool] = []
            var rest = Substring(line)
            while let character = rest.popFirst() {
                guard character == "\u{1B}" else {
                    upper.append("█▀".contains(character) ? text : background)
                    lower.append("█▄".contains(character) ? text : background)
                    continue
                }
                let end = try #require(rest.firstIndex(of: "m"), "an escape that is not SGR: \(line.debugDescription)")
                #expect(rest.first == "[", "an escape that is not SGR: \(line.debugDescription)")
                for parameter in rest.dropFirst().prefix(upTo: end).split(
                    separator: ";", omittingEmptySubsequences: false)
                {
                    switch parameter {
                    case "", "0": (text, background) = (themeText, themeBackground)
                    case "30": text = false
                    case "37": text = true
                    case "39": text = themeText
                    case "40": background = false
                    case "47": background = true
                    case "49": background = themeBackground
                    default: Issue.record("an SGR parameter this terminal does not know: \(parameter)")
                    }
                }
                rest = rest[rest.index(after: end)...]
            }
            #expect(text == themeText && background == themeBackground, "colours left set after a line")
            rows += [upper, lower]
        }
        let width = try #require(rows.first?.count)
        #expect(rows.allSatisfy { $0.count == width })
        return Bitmap(width: width, height: rows.count) { x, y in rows[y][x] }
    }

    // MARK: - zbarimg

    /// What zbarimg decodes in `bitmap` (each module 4×4 pixels, as a PBM file): its output without the newline it
    /// ends with.
    func zbarimg(_ bitmap: Bitmap) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let found = path.split(separator: ":").map { "\($0)/zbarimg" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard let program = found else {
            Issue.record("zbarimg is missing: run Tools/bootstrap --tests (it installs Debian's zbar-tools).")
            return ""
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kith-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("code.pbm")
        try Data(bitmap.pbm(scale: 4)).write(to: image)
        let finished = try Spawned.run(program, ["--raw", "-q", image.path], in: directory)
        #expect(finished.status == 0, "zbarimg: \(finished.errors)")
        return finished.output.hasSuffix("\n") ? String(finished.output.dropLast()) : finished.output
    }
}

/// Light and dark pixels (true is light).
struct Bitmap: Equatable, CustomStringConvertible {
    let width: Int
    let height: Int
    private let pixels: [Bool]

    init(width: Int, height: Int, light: (Int, Int) -> Bool) {
        self.width = width
        self.height = height
        pixels = (0..<height).flatMap { y in (0..<width).map { x in light(x, y) } }
    }

    func light(_ x: Int, _ y: Int) -> Bool { pixels[y * width + x] }

    /// Rows of `#` (dark) and `.` (light), so that a failed comparison shows the picture.
    var description: String {
        (0..<height).map { y in String((0..<width).map { light($0, y) ? "." : "#" }) }.joined(separator: "\n")
    }

    /// `size` more pixels on each side, light or dark.
    func bordered(_ size: Int, light colour: Bool) -> Bitmap {
        Bitmap(width: width + 2 * size, height: height + 2 * size) { x, y in
            let inside = (size..<(size + width)).contains(x) && (size..<(size + height)).contains(y)
            return inside ? light(x - size, y - size) : colour
        }
    }

    /// A raw PBM (P4: rows of bits, 1 is black, each row padded to a byte), each pixel `scale` × `scale`.
    func pbm(scale: Int) -> [UInt8] {
        var bytes = Array("P4\n\(width * scale) \(height * scale)\n".utf8)
        let rowBytes = (width * scale + 7) / 8
        for y in 0..<(height * scale) {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<(width * scale) where !light(x / scale, y / scale) {
                row[x / 8] |= 0x80 >> UInt8(x % 8)
            }
            bytes += row
        }
        return bytes
    }
}

/// A program run to its end with `posix_spawn`, its output and errors through files: Console's tests do not depend
/// on Networking, whose `ChildProcess` the other packages' tests use, and Foundation's `Process` crashes with many
/// files open.
enum Spawned {
    struct Finished {
        let status: Int32
        let output: String
        let errors: String
    }

    static func run(_ program: String, _ arguments: [String], in directory: URL) throws -> Finished {
        let outputPath = directory.appendingPathComponent("stdout").path
        let errorsPath = directory.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorsPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // The child keeps none of the test process's other descriptors (a pipe another test reads would stay open).
        if let closeFrom { _ = closeFrom(&actions, 3) }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard started == 0 else { throw SpawnFailure(program: program, code: started) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exited = status & 0x7f == 0
        return Finished(
            status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "")
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 or later), found at run time: Swift's Glibc module
    /// does not declare it.
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np").map {
            unsafeBitCast(
                $0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
        }

    struct SpawnFailure: Error, CustomStringConvertible {
        let program: String
        let code: Int32
        var description: String { "posix_spawn \(program): \(code)" }
    }
}
