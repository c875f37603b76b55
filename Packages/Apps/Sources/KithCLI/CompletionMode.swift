import Console
import Foundation
import SQLiteStorage
import Storage

/// `kith __complete WORD... CURRENT`: what the scripts of `kith completion` run on TAB. Prints the words that
/// may replace CURRENT after the WORDs, one a line, through the registry's completion (the REPL's own).
///
/// It must be safe and quick under a person's fingers: it never prompts and never writes (the file is opened
/// read-only, and not at all when the candidates need no live values; a missing file is not created), it
/// never talks to a server (with `--remote` only commands, flags and fixed choices are offered), and a
/// failure prints nothing rather than an error in the middle of the person's line.
struct CompletionMode {
    static let hiddenCommand = "__complete"

    let app: KithApp

    func run(_ words: [String], environment: [String: String], output: any TextSink) async -> Int32 {
        let typed = Array(words.dropLast())
        let partial = words.last ?? ""
        for candidate in await candidates(after: typed, partial: partial, environment: environment)
        where !candidate.contains("\n") {
            output.write(candidate + "\n")
        }
        return 0
    }

    func candidates(after typed: [String], partial: String, environment: [String: String]) async -> [String] {
        // The value of a global flag (`--product <TAB>`): its choices or live values; file names for `--db`.
        if let last = typed.last, let flag = globalValueFlag(last, before: Array(typed.dropLast())) {
            if !flag.choices.isEmpty { return Self.matching(flag.choices, partial) }
            guard let key = flag.completion, let options = try? GlobalOptions.parse(Array(typed.dropLast())),
                let local = localApp(options, product: app.products[0], environment: environment)
            else { return [] }
            return Self.matching(await Self.gathered(from: local)[key] ?? [], partial)
        }
        guard let options = try? GlobalOptions.parse(typed),
            let product = options.productName.map({ app.product(named: $0) }) ?? app.products[0]
        else { return [] }
        // Commands and flags come from a registry over an empty database: the file is opened only for live values.
        guard let looking = try? AppEnvironment.readOnly(app: app, databasePath: nil, product: product),
            let registry = try? app.makeRegistry(looking)
        else { return [] }
        let words = options.words.filter { $0 != "--" }

        if partial.hasPrefix("-") {
            let commandFlags = registry.completions(after: words, partial: partial)
            let globalFlags = (GlobalOptions.described(products: app.products) + Shell.globalFlags).map {
                "--" + $0.name
            }
            return Array(Set(commandFlags + globalFlags.filter { $0.hasPrefix(partial) })).sorted()
        }
        var values: [String: [String]] = [:]
        if registry.completionKey(after: words) != nil,
            let local = localApp(options, product: product, environment: environment)
        {
            if let account = options.account { _ = try? await local.device.runAs(email: account) }
            values = await Self.gathered(from: local)
        }
        return registry.completions(after: words, partial: partial, values: values)
    }

    /// The global flag that takes a value, when `word` is one and stands where it is global.
    private func globalValueFlag(_ word: String, before: [String]) -> Option? {
        guard let flag = GlobalOptions.described(products: app.products).first(where: { "--" + $0.name == word }),
            !flag.isFlag
        else {
            return nil
        }
        // After a command word `--account` is the command's own (`contact add NAME --account EMAIL`).
        if word == "--account", (try? GlobalOptions.parse(before))?.words.isEmpty != true { return nil }
        return flag
    }

    /// The local file the flags name, opened read-only; nil with `--remote` or `KITH_REMOTE`.
    private func localApp(_ options: GlobalOptions, product: Product, environment: [String: String])
        -> AppEnvironment?
    {
        guard (try? KithApp.remoteURL(options, environment: environment)) == nil else { return nil }
        let path = DatabaseLocation.resolve(explicitPath: options.databasePath, environment: environment)
        return try? AppEnvironment.readOnly(app: app, databasePath: path, product: product)
    }

    private static func gathered(from app: AppEnvironment) async -> [String: [String]] {
        let values = CompletionValues()
        await values.refresh(from: app.plugins)
        return values.values
    }

    private static func matching(_ candidates: [String], _ partial: String) -> [String] {
        candidates.filter { $0.lowercased().hasPrefix(partial.lowercased()) }.sorted()
    }
}
