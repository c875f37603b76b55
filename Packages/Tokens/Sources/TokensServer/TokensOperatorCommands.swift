import Foundation
import KithComposition
import KithServer
import Tokens

/// `kith-server apps ...` and `kith-server keys ...`: the operator's side of Tokens, on the server's database.
/// Thin: each subcommand is one call of `TokenService`, and its refusals are the domain's sentences.
struct TokensOperatorCommands: Sendable {
    let tokens: any TokenService
    /// Other features' notes on apps (a disabled webhook), shown by `apps list`.
    var notes: (any AppNotes)?

    static let appsUsage = [
        "apps add NAME [--webhook-url URL] [--json]",
        "apps list [--json]",
        "apps remove ID",
        "apps rotate-secret ID [--json]",
    ]
    static let keysUsage = ["keys rotate", "keys list [--json]"]

    /// The two commands, each finding the service among the composed ones.
    static var commands: [OperatorCommand] {
        [
            OperatorCommand(name: "apps", usage: appsUsage) { arguments, services in
                guard let tokens = services[(any TokenService).self] else { return .refused(noService) }
                return await TokensOperatorCommands(tokens: tokens, notes: services[(any AppNotes).self])
                    .apps(arguments)
            },
            OperatorCommand(name: "keys", usage: keysUsage) { arguments, services in
                guard let tokens = services[(any TokenService).self] else { return .refused(noService) }
                return await TokensOperatorCommands(tokens: tokens).keys(arguments)
            },
        ]
    }

    static let noService = "This server has no Tokens feature"

    func apps(_ arguments: [String]) async -> OperatorOutput {
        var words = arguments
        let json = take("--json", from: &words)
        var webhookURL: String?
        if let index = words.firstIndex(where: { $0 == "--webhook-url" || $0.hasPrefix("--webhook-url=") }) {
            let word = words.remove(at: index)
            if let equals = word.firstIndex(of: "=") {
                webhookURL = String(word[word.index(after: equals)...])
            } else if index < words.count {
                webhookURL = words.remove(at: index)
            }
            guard let url = webhookURL, !url.isEmpty else { return .usage("--webhook-url needs a URL") }
        }
        if let unknown = words.first(where: { $0.hasPrefix("--") }) { return .usage("Unknown option \(unknown)") }
        let subcommand = words.first
        let rest = Array(words.dropFirst())
        if webhookURL != nil && subcommand != "add" { return .usage("--webhook-url is for apps add") }
        do {
            switch (subcommand, rest.count) {
            case ("add", 1):
                return Self.secrets(try await tokens.addApp(name: rest[0], webhookURL: webhookURL), json: json)
            case ("add", _): return .usage("apps add takes one NAME (quote a name with spaces)")
            case ("list", 0):
                let apps = try await tokens.apps()
                return Self.list(apps, notes: try await notes?.notes(for: apps) ?? [:], json: json)
            case ("remove", 1):
                let removed = try await tokens.removeApp(id: rest[0])
                return OperatorOutput(text: "Removed \(removed.name) (\(removed.id)).")
            case ("rotate-secret", 1):
                return Self.secrets(try await tokens.rotateSecret(appId: rest[0]), json: json)
            case ("list", _), ("remove", _), ("rotate-secret", _):
                return .usage("apps \(subcommand ?? "") takes \(subcommand == "list" ? "no arguments" : "one app ID")")
            default:
                return .usage(subcommand.map { "Unknown command apps \($0)" } ?? "Say what to do with apps")
            }
        } catch {
            return .refused("\(error)")
        }
    }

    func keys(_ arguments: [String]) async -> OperatorOutput {
        var words = arguments
        let json = take("--json", from: &words)
        do {
            switch words {
            case ["rotate"]:
                let key = try await tokens.rotateKey()
                return OperatorOutput(
                    text: "Added key \(key.id): published now, signing from \(Self.date(key.signsFrom)).")
            case ["list"]: return Self.keyList(try await tokens.keys(), json: json)
            default:
                return .usage(words.first.map { "Unknown command keys \($0)" } ?? "Say what to do with keys")
            }
        } catch {
            return .refused("\(error)")
        }
    }

    /// Removes every `flag` from `words`; whether there was one.
    private func take(_ flag: String, from words: inout [String]) -> Bool {
        let count = words.count
        words.removeAll { $0 == flag }
        return words.count != count
    }

    /// The secrets, shown this once.
    static func secrets(_ secrets: AppSecrets, json: Bool) -> OperatorOutput {
        if json {
            return OperatorOutput(
                text: encoded(
                    [
                        "appId": secrets.app.id, "secret": secrets.secret,
                        "webhookSecret": orNull(secrets.webhookSecret),
                    ] as [String: Any]))
        }
        var lines = [
            "\(secrets.app.name)", "  app id:          \(secrets.app.id)", "  secret:          \(secrets.secret)",
        ]
        if let webhook = secrets.webhookSecret { lines.append("  webhook secret:  \(webhook)") }
        lines.append("Keep the secrets now: they are not shown again.")
        return OperatorOutput(text: lines.joined(separator: "\n"))
    }

    static func list(_ apps: [RegisteredApp], notes: [String: String] = [:], json: Bool) -> OperatorOutput {
        if json {
            return OperatorOutput(
                text: encoded(
                    apps.map { app -> [String: Any] in
                        var entry: [String: Any] = [
                            "appId": app.id, "name": app.name, "webhookURL": orNull(app.webhookURL),
                            "createdAt": date(app.createdAt),
                        ]
                        if let note = notes[app.id] { entry["note"] = note }
                        return entry
                    }))
        }
        guard !apps.isEmpty else { return OperatorOutput(text: "No registered apps.") }
        return OperatorOutput(
            text: apps.map { app in
                "\(app.id)  \(app.name)  added \(date(app.createdAt))"
                    + (app.webhookURL.map { "  webhook \($0)" } ?? "") + (notes[app.id].map { "  (\($0))" } ?? "")
            }.joined(separator: "\n"))
    }

    static func keyList(_ keys: [SigningKeyInfo], json: Bool) -> OperatorOutput {
        if json {
            return OperatorOutput(
                text: encoded(
                    keys.map {
                        [
                            "kid": $0.id, "createdAt": date($0.createdAt), "signsFrom": date($0.signsFrom),
                            "state": state($0.state),
                        ]
                    }))
        }
        guard !keys.isEmpty else {
            return OperatorOutput(text: "No signing keys yet: the first token or JWKS makes one.")
        }
        return OperatorOutput(
            text: keys.map { "\($0.id)  made \(date($0.createdAt))  \(state($0.state))" }.joined(separator: "\n"))
    }

    /// Where a key stands, in words.
    static func state(_ state: KeyRotation.State) -> String {
        switch state {
        case .next(let signsFrom): "published, signing from \(date(signsFrom))"
        case .signing: "signing"
        case .retired(let until): "retired, published until \(date(until))"
        case .expired: "expired"
        }
    }

    /// `value`, or JSON's null.
    static func orNull(_ value: String?) -> Any { value.map { $0 as Any } ?? NSNull() }

    static func date(_ date: Date) -> String { date.formatted(.iso8601) }

    static func encoded(_ value: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
