/// Splits a command line into words the way a POSIX shell does, without expansions.
///
/// Single quotes keep everything literally; double quotes keep everything but `\"`, `\\`, `\$` and `` \` ``;
/// a backslash outside quotes keeps the next character; an unquoted `#` at the start of a word begins a comment.
public enum Tokenizer {
    public static func tokenize(_ line: String) throws(UsageError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = line.unicodeScalars.makeIterator()

        while let scalar = iterator.next() {
            switch scalar {
            case " ", "\t", "\n", "\r":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "#" where !inWord:
                return words
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" {
                        closed = true
                        break
                    }
                    current.unicodeScalars.append(next)
                }
                if !closed { throw UsageError("Unbalanced single quote: add the closing '") }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { break }
                        if !["\"", "\\", "$", "`"].contains(escaped) { current.unicodeScalars.append("\\") }
                        current.unicodeScalars.append(escaped)
                    } else {
                        current.unicodeScalars.append(next)
                    }
                }
                if !closed { throw UsageError("Unbalanced double quote: add the closing \"") }
            case "\\":
                guard let escaped = iterator.next() else {
                    throw UsageError("A backslash at the end of the line escapes nothing")
                }
                inWord = true
                current.unicodeScalars.append(escaped)
            default:
                inWord = true
                current.unicodeScalars.append(scalar)
            }
        }
        if inWord { words.append(current) }
        return words
    }

    /// Quotes a word so that `tokenize` gives it back unchanged (for help texts and completion).
    public static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { !" \t\n\r'\"\\#$`".unicodeScalars.contains($0) }
        if plain { return word }
        // Scalar by scalar: a `'` followed by a combining mark, ZWJ or skin tone is part of a larger Character,
        // so a Character-level replacement would miss it and leave the quotes unbalanced.
        var quoted = "'"
        for scalar in word.unicodeScalars {
            if scalar == "'" { quoted += "'\\''" } else { quoted.unicodeScalars.append(scalar) }
        }
        return quoted + "'"
    }
}
