import Console
import Dispatch
import Foundation
import IdentityWire
import Kernel
import KithComposition
import SQLiteStorage
import Storage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A REPL app built on Kith (`kith`, `movienight`): global flags, then one command, a script from standard input, or
/// the REPL, over the features it was built with and the products made of them.
///
/// A product's main is a few lines: `exit(try KithApp(name:version:features:products:).runProcess(...))`.
public struct KithApp: Sendable {
    /// Where a run reads and writes, so tests can run kith in-process.
    public struct Terminal: Sendable {
        public enum Input: Sendable {
            case standardInput
            case text(String)
        }

        public var output: any TextSink
        public var errors: any TextSink
        public var input: Input
        public var inputIsTerminal: Bool
        public var outputIsTerminal: Bool
        public var interaction: any Interaction
        /// The columns of the terminal the output goes to, asked for on every command (used only when
        /// `outputIsTerminal`).
        public var width: @Sendable () -> Int?

        public init(
            output: any TextSink, errors: any TextSink, input: Input, inputIsTerminal: Bool = false,
            outputIsTerminal: Bool = false, interaction: any Interaction = NoInteraction(),
            width: @escaping @Sendable () -> Int? = { nil }
        ) {
            self.output = output
            self.errors = errors
            self.input = input
            self.inputIsTerminal = inputIsTerminal
            self.outputIsTerminal = outputIsTerminal
            self.interaction = interaction
            self.width = width
        }

        /// This process's standard streams.
        public static var standard: Terminal {
            let inputIsTerminal = isatty(0) == 1
            return Terminal(
                output: FileDescriptorSink.standardOutput, errors: FileDescriptorSink.standardError,
                input: .standardInput, inputIsTerminal: inputIsTerminal, outputIsTerminal: isatty(1) == 1,
                interaction: inputIsTerminal ? TerminalInteraction() : NoInteraction(),
                width: { TerminalWidth.of(descriptor: 1, environment: ProcessInfo.processInfo.environment) })
        }
    }

    /// What the app is called (its banner, `version`, `help` and completion scripts).
    public let name: String
    public let version: String
    /// Every feature the app was built with, in the order their migrations apply and their services are built.
    public let features: [CommandLineFeature]
    /// The features' schema and rules, checked to work together.
    public let composition: Composition
    /// The products `--product` chooses among; the first is the default.
    public let products: [Product]

    /// The app of `features` offering `products` (every feature, as a product named "all", when none are given).
    /// Features that clash (a name, a migration id) or a product naming a feature the app was not built with are
    /// refused here, naming them.
    public init(
        name: String, version: String, features: [CommandLineFeature], products: [Product] = []
    ) throws(CompositionError) {
        self.name = name
        self.version = version
        self.features = features
        composition = try Composition(features.map(\.feature))
        let products = products.isEmpty ? [Product(name: "all", features: features.map(\.name))] : products
        var productNames = Set<String>()
        for product in products {
            guard productNames.insert(product.name.lowercased()).inserted else {
                throw CompositionError("Two products are named \(product.name)")
            }
            for feature in product.features where !features.contains(where: { $0.name == feature }) {
                throw CompositionError(
                    "The product \(product.name) offers \(feature), which \(name) was not built with")
            }
        }
        self.products = products
    }

    /// The product named `name` (any case), or nil.
    public func product(named name: String) -> Product? {
        products.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The features of `product`, in the product's order.
    func features(of product: Product) -> [CommandLineFeature] {
        product.features.compactMap { name in features.first { $0.name == name } }
    }

    /// Runs this process's kith: `version` answers at once, everything else runs on Swift concurrency.
    ///
    /// Synchronous on purpose: `kith version` is the start-up benchmark, and answering it before the
    /// concurrency runtime starts its threads saves a good part of the start-up time.
    public func runProcess(environment: @autoclosure () -> [String: String]) -> Int32 {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let options = try? GlobalOptions.parse(arguments), options.words == ["version"],
            options.productName.map({ product(named: $0) != nil }) ?? true
        {
            FileDescriptorSink.standardOutput.write(versionText(json: options.json) + "\n")
            return 0
        }
        let environment = environment()
        let result = ExitStatusBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            result.status = await self.run(arguments: arguments, environment: environment, terminal: .standard)
            done.signal()
        }
        done.wait()
        return result.status
    }

    /// Runs kith and returns its exit status.
    public func run(arguments: [String], environment: [String: String], terminal: Terminal) async -> Int32 {
        if arguments.first == CompletionMode.hiddenCommand {
            return await CompletionMode(app: self).run(
                Array(arguments.dropFirst()), environment: environment, output: terminal.output)
        }
        let reporter = Shell(
            registry: CommandRegistry(), output: terminal.output, errors: terminal.errors,
            interaction: terminal.interaction, environment: environment, outputIsTerminal: terminal.outputIsTerminal,
            jsonEncoder: KithJSON.encoder(), terminalWidth: terminal.width)
        let options: GlobalOptions
        let product: Product
        do {
            options = try GlobalOptions.parse(arguments)
            product = try selectProduct(options.productName)
        } catch {
            reporter.report(error.description)
            return Shell.usageExitCode
        }
        let defaults = Shell.Defaults(json: options.json, assumeYes: options.assumeYes)

        // `version` and `completion` answer without touching the database: they must work, and create nothing,
        // whatever the file (and `version` must start fast).
        let withoutDatabase = KithPlugin.withoutDatabase(app: self)
        if let first = options.words.first, withoutDatabase.commands.contains(where: { $0.name == first }) {
            let registry = (try? CommandRegistry(plugins: [withoutDatabase])) ?? CommandRegistry()
            let outcome = await shell(registry: registry, like: reporter).run(options.words, defaults: defaults)
            if case .failed(_, let message) = outcome { reporter.report(message) }
            return outcome.exitCode
        }

        let remote: URL?
        do {
            remote = try Self.remoteURL(options, environment: environment)
        } catch {
            reporter.report(error.description)
            return Shell.usageExitCode
        }
        // `help` describes the product's commands and touches nothing: no file is created or opened.
        if remote == nil, options.words.first == "help" {
            let registry: CommandRegistry
            do {
                registry = try makeRegistry(AppEnvironment.readOnly(app: self, databasePath: nil, product: product))
            } catch {
                reporter.report(String(describing: error))
                return Shell.refusedExitCode
            }
            let outcome = await shell(registry: registry, like: reporter).run(options.words, defaults: defaults)
            if case .failed(_, let message) = outcome { reporter.report(message) }
            return outcome.exitCode
        }

        let app: AppEnvironment
        let registry: CommandRegistry
        do {
            // The one place the local and the remote compositions are chosen.
            if let remote {
                app = try AppEnvironment.remote(app: self, url: remote, product: product, environment: environment)
            } else {
                let path = DatabaseLocation.resolve(explicitPath: options.databasePath, environment: environment)
                app = try AppEnvironment.local(
                    app: self, databasePath: path, product: product, environment: environment)
            }
            registry = try makeRegistry(app)
        } catch {
            reporter.report(String(describing: error))
            return Shell.refusedExitCode
        }
        do {
            if let email = options.account { _ = try await app.device.runAs(email: email) }
            if let member = options.actingAs { try await app.startActing(as: member) }
        } catch {
            reporter.report(String(describing: error))
            return Shell.refusedExitCode
        }
        let shell = shell(registry: registry, like: reporter, palette: { await app.palette(environment: environment) })

        if !options.words.isEmpty {
            var oneShot = defaults
            oneShot.standardInputIsFree = true
            let outcome = await shell.run(options.words, defaults: oneShot)
            if case .failed(_, let message) = outcome { shell.report(message) }
            await app.sendQueuedMail(notes: terminal.errors)
            return outcome.exitCode
        }
        if terminal.inputIsTerminal {
            return await runREPL(shell, app: app, environment: environment, defaults: defaults)
        }
        let lines: ScriptLines =
            switch terminal.input {
            case .standardInput: ScriptLines(descriptor: 0)
            case .text(let text): ScriptLines(text: text)
            }
        let status = await shell.runScript(lines, defaults: defaults, keepGoing: options.keepGoing)
        await app.sendQueuedMail(notes: terminal.errors)
        return status
    }

    /// The registry of a product: the app's own commands, then each feature's, then `help`.
    func makeRegistry(_ environment: AppEnvironment) throws(UsageError) -> CommandRegistry {
        var registry = try CommandRegistry(
            plugins: [KithPlugin(app: self, environment: environment)] + environment.plugins)
        let title = "\(name) \(version) (product \(environment.product.name))"
        let help = BuiltinCommands.help(
            for: registry, title: title, feature: name,
            globalFlags: GlobalOptions.described(products: products),
            environment: GlobalOptions.environmentVariables)
        try registry.register(help, feature: name)
        return registry
    }

    /// `--remote URL`, else `KITH_REMOTE`: an http or https URL with a host; nil for the local file.
    static func remoteURL(_ options: GlobalOptions, environment: [String: String]) throws(UsageError) -> URL? {
        let text: String
        if let remote = options.remote {
            guard options.databasePath == nil else { throw UsageError("Use either --db or --remote, not both") }
            text = remote
        } else if options.databasePath == nil, let remote = environment["KITH_REMOTE"], !remote.isEmpty {
            text = remote
        } else {
            return nil
        }
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { throw UsageError("--remote needs an http or https URL, such as http://127.0.0.1:8080") }
        return url
    }

    /// The text of `version`, without a registry or a shell, for the start-up path.
    func versionText(json: Bool) -> String {
        json ? "{\"version\":\"\(version)\"}" : "\(name) \(version)"
    }

    private func selectProduct(_ name: String?) throws(UsageError) -> Product {
        guard let name else { return products[0] }
        guard let product = product(named: name) else {
            let names = products.map(\.name).joined(separator: ", ")
            throw UsageError("Unknown product \(name): choose one of \(names)")
        }
        return product
    }

    private func shell(
        registry: CommandRegistry, like other: Shell,
        palette: @escaping @Sendable () async -> Style.Palette = { .dark }
    ) -> Shell {
        Shell(
            registry: registry, output: other.output, errors: other.errors, interaction: other.interaction,
            environment: other.environment, outputIsTerminal: other.outputIsTerminal, jsonEncoder: other.jsonEncoder,
            startOnlyFlags: GlobalOptions.startOnly, palette: palette, terminalWidth: other.terminalWidth)
    }

    private func runREPL(
        _ shell: Shell, app: AppEnvironment, environment: [String: String], defaults: Shell.Defaults
    ) async -> Int32 {
        let history = History(path: History.defaultPath(environment: environment))
        let registry = shell.registry
        let completions = CompletionValues()
        let editor = EditLineEditor(history: history.load()) {
            registry.completions(forLine: $0, values: completions.values)
        }
        let banner = "\(name) \(version): type `help` for commands, Ctrl-D to leave."
        return await shell.runREPL(
            editor: editor, history: history, banner: banner, prompt: { await app.prompt() },
            farewell: { await app.farewell() },
            afterEachCommand: {
                await app.sendQueuedMail(notes: shell.errors)
                await completions.refresh(from: app.plugins)
            }, defaults: defaults)
    }
}

/// Carries the exit status out of the task `runProcess` waits for; written once, before the signal.
private final class ExitStatusBox: @unchecked Sendable {
    var status: Int32 = 0
}
