import IdentityWire
import Kernel

/// The profile switcher's route: whom the caller may act as. Acting itself is the `X-Acting-As-Member` header of
/// each request (`WireHeaders.actingAsMember`); what was done while acting is `IdentityRoute.activity`.
public enum ProfileSessionRoute {
    public static let profiles = WireRoute("GET", "/api/profiles")

    /// Every route of the feature.
    public static let routes = [profiles]
}
