import IdentityWire
import Kernel

/// The family-code routes: the seed's paths (`/api/family/create`, `/api/family/code/join`,
/// `/api/family/code/regenerate`, `/api/family/members`) and the rest in the same style. The bodies are the
/// other types of this module; `openapi.json` documents both, and a test keeps them equal.
public enum FamilyCodesRoute {
    public static let overview = WireRoute("GET", "/api/family")
    public static let create = WireRoute("POST", "/api/family/create")
    public static let code = WireRoute("GET", "/api/family/code")
    public static let regenerate = WireRoute("POST", "/api/family/code/regenerate")
    public static let join = WireRoute("POST", "/api/family/code/join")
    public static let members = WireRoute("GET", "/api/family/members")
    public static let removeMember = WireRoute("DELETE", "/api/family/members/{id}")
    public static let families = WireRoute("GET", "/api/family/families")
    public static let leave = WireRoute("POST", "/api/family/leave")
    public static let use = WireRoute("POST", "/api/family/use")
    public static let log = WireRoute("GET", "/api/family/log")

    /// Every route of the feature.
    public static let routes = [
        overview, create, code, regenerate, join, members, removeMember, families, leave, use, log,
    ]
}
