import Console

/// The flags of CLI.md's invocation line, taken out of the arguments wherever they stand.
struct GlobalOptions: Equatable {
    var databasePath: String?
    /// `--remote URL`: talk to a `kith-server` instead of the local file.
    var remote: String?
    var productName: String?
    /// `--account EMAIL`: run as that saved account without changing the file's current account.
    var account: String?
    /// `--as MEMBER`: start the run acting as that managed member.
    var actingAs: String?
    var json = false
    var assumeYes = false
    var keepGoing = false
    /// The command and its own arguments, in order, without the global flags.
    var words: [String] = []

    /// Flags that take a value and only make sense when starting kith.
    static let startOnly: Set<String> = ["--db", "--remote", "--product", "--keep-going", "--as"]

    /// The flags `parse` takes, as `help` lists them and shell completion offers them (`--json` and `--yes`
    /// are the shell's own, `Shell.globalFlags`).
    static func described(products: [Product]) -> [Option] {
        [
            Option("db", value: "PATH", "the SQLite file (else KITH_DB, else $XDG_DATA_HOME/kith/kith.sqlite)"),
            Option("remote", value: "URL", "talk to a kith-server instead of the file (else KITH_REMOTE)"),
            Option("product", value: "NAME", "the features on offer", choices: products.map(\.name)),
            Option(
                "account", value: "EMAIL", "run as this saved account (its session must be live) without switching",
                completion: "savedAccount"),
            Option("as", value: "MEMBER", "start acting as this managed member", completion: "switchable"),
            Option("keep-going", "a script runs every line, and exits 1 if any failed"),
            Option("help", "this list; `help COMMAND` shows one command"),
            Option("version", "the version of kith"),
        ]
    }

    /// The environment variables kith reads, as `help` lists them.
    static let environmentVariables: [(name: String, help: String)] = [
        ("KITH_DB", "the SQLite file when --db is not given"),
        ("KITH_REMOTE", "the kith-server URL when neither --remote nor --db is given"),
        ("KITH_PASSWORD", "the password without a terminal (signup, login, accounts switch, password)"),
        ("KITH_NEW_PASSWORD", "the new password of `password` without a terminal"),
        ("NO_COLOR", "no colours, when set to anything but the empty string"),
        ("COLORFGBG", "the terminal's colours: with theme `system`, a dark background picks dark colours"),
        ("COLUMNS", "the width of output on a terminal that does not tell its own"),
        ("XDG_DATA_HOME", "the folder of the default database (else ~/.local/share)"),
        ("XDG_STATE_HOME", "the folder of the REPL history and remote sign-ins (else ~/.local/state)"),
    ]

    static func parse(_ arguments: [String]) throws(UsageError) -> GlobalOptions {
        var options = GlobalOptions()
        var index = 0
        var optionsEnded = false
        func value(for flag: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard index < arguments.count else { throw UsageError("\(flag) needs a value") }
            defer { index += 1 }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded {
                options.words.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let inline = argument.contains("=") && argument.hasPrefix("--") ? (parts.count > 1 ? parts[1] : "") : nil
            switch argument.hasPrefix("--") ? parts[0] : argument {
            case "--db": options.databasePath = try value(for: "--db", inline: inline)
            case "--remote": options.remote = try value(for: "--remote", inline: inline)
            case "--product": options.productName = try value(for: "--product", inline: inline)
            // `contact add NAME --account EMAIL` has an option of the same name: after the command word,
            // `--account` belongs to the command.
            case "--account" where options.words.isEmpty:
                options.account = try value(for: "--account", inline: inline)
            case "--as": options.actingAs = try value(for: "--as", inline: inline)
            case "--json", "--yes", "--keep-going", "--help", "--version":
                // `--yes=no` must not read as `--yes`: a flag given a value is a usage error, as the
                // command-level parser has it.
                if inline != nil { throw UsageError("\(parts[0]) takes no value") }
                switch parts[0] {
                case "--json": options.json = true
                case "--yes": options.assumeYes = true
                case "--keep-going": options.keepGoing = true
                case "--help": options.words.insert("help", at: 0)
                default: options.words.insert("version", at: 0)
                }
            case "--":
                optionsEnded = true
                options.words.append(argument)
            default: options.words.append(argument)
            }
        }
        return options
    }
}
