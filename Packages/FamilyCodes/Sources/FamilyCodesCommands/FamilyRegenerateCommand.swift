import Console
import FamilyCodes
import FamilyCodesWire
import Foundation

/// `family regenerate [--expires 7d] [--max-uses N]`: a new code; the old one stops working at once (asks first).
enum FamilyRegenerateCommand {
    static let question = "Are you sure? The old code will stop working."

    static func make(_ plugin: FamilyCodesPlugin) -> Command {
        Command(
            "family regenerate", summary: "Make a new family code; the old one stops working (asks first)",
            options: [
                Option(
                    "expires", value: "DURATION",
                    "how long the new code lasts: 7d, 12h or 30m (at most \(Int(FamilyCodeLimits.longestLifetime / 86_400)) days)"
                ),
                Option(
                    "max-uses", value: "N",
                    "how many parents it admits (\(FamilyCodeLimits.usesRange.lowerBound)-\(FamilyCodeLimits.usesRange.upperBound))"
                ),
            ]
        ) { arguments, context in
            let limits = FamilyCodeLimits(
                lifetime: try arguments.option("expires").map(duration),
                maxUses: try arguments.option("max-uses").map(uses))
            // The domain's limits are checked before asking: a refusal never follows a confirmation.
            try limits.validate()
            let principal = try await plugin.principals.requirePrincipal()
            try context.confirm(question)
            let code = try await plugin.service.regenerateCode(principal, limits: limits)
            return .value(
                FamilyCodeJSON(code), text: "New family code.\n" + FamilyText.code(code, style: context.style))
        }
    }

    /// `7d`, `12h`, `30m`: a whole number and a unit, in seconds.
    static func duration(_ text: String) throws -> TimeInterval {
        let units: [Character: TimeInterval] = ["d": 86_400, "h": 3_600, "m": 60]
        guard let unit = text.last.flatMap({ units[$0] }), let count = Int(text.dropLast()), count >= 0 else {
            throw UsageError("--expires takes a duration such as 7d, 12h or 30m, not \(text)")
        }
        return TimeInterval(count) * unit
    }

    static func uses(_ text: String) throws -> Int {
        guard let uses = Int(text) else { throw UsageError("--max-uses takes a number, not \(text)") }
        return uses
    }
}
