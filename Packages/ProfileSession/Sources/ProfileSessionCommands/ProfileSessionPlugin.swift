import Console
import Households
import ProfileSession

/// The ProfileSession feature's commands: `profiles`, `switch MEMBER` / `switch me`, `activity`.
public struct ProfileSessionPlugin: Plugin {
    private let manager: ProfileSessionManager
    private let identity: any HouseholdsService & ProfileReads

    /// Commands over `manager` (whom this run acts as) and `identity` (the acting records).
    public init(manager: ProfileSessionManager, identity: any HouseholdsService & ProfileReads) {
        self.manager = manager
        self.identity = identity
    }

    public var name: String { "profileSession" }

    public var commands: [Command] {
        [
            ProfilesCommand.make(manager: manager),
            SwitchCommand.make(manager: manager),
            ActivityCommand.make(manager: manager, identity: identity),
        ]
    }

    /// `switch` completes the names of the managed members one may act as, and `me`.
    public func completionValues() async -> [String: [String]] {
        guard let profiles = try? await manager.refresh() else { return [:] }
        return ["switchable": profiles.filter(\.isManaged).map(\.displayName) + [ProfileSessionManager.selfReference]]
    }
}
