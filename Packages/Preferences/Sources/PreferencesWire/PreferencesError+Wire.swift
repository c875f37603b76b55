import IdentityWire
import Kernel
import Preferences

/// Preferences' one refusal is DOMAIN.md's fixed acting-as body: 403 `{"error":"forbidden","message":"That
/// profile is not available to act as"}`, the same as the server's own check of `X-Acting-As-Member`.
extension PreferencesError: WireCodedError {
    public var wire: WireErrorCase {
        switch self {
        case .notAvailable: WireErrorCase(ServerErrorCode.forbidden.rawValue, status: 403)
        }
    }

    public init?(wireCode code: String, details: WireErrorDetails) {
        guard let error = Self.plain(code, among: [.notAvailable]) else { return nil }
        self = error
    }
}
