/// DOMAIN.md's default matrix for a new profile (primary or shadow); custom circles default to deny.
public enum AccessDefaults {
    /// The default cell of `field` for a circle that is `builtIn` (nil: a custom circle).
    public static func access(_ field: Field, _ builtIn: BuiltInCircle?) -> Access {
        guard let builtIn else { return .deny }
        switch (field, builtIn) {
        case (.displayName, _), (.username, _), (.photo, _): return .allow
        case (.bio, .public): return .deny
        case (.bio, .colleagues): return .ask
        case (.bio, _): return .allow
        case (.email, .public): return .deny
        case (.email, .contacts): return .ask
        case (.email, _): return .allow
        case (.phone, .public), (.phone, .colleagues): return .deny
        case (.phone, .contacts), (.phone, .friends): return .ask
        case (.phone, .family): return .allow
        }
    }
}
