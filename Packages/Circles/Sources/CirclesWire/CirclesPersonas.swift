import Accounts
import Circles
import IdentityWire

/// The account's Circles part of `whoami` and `/api/me`: its active persona, its primary profile's photo, and its
/// stats row. One answer for the command line and the server; what Circles refuses (it does while acting) is left
/// out.
public struct CirclesPersonas: PersonaSource {
    let service: any CirclesService

    public init(service: any CirclesService) {
        self.service = service
    }

    public func persona(for principal: Principal) async -> MeJSON.PersonaJSON? {
        guard let persona = try? await service.activePersona(principal) else { return nil }
        return MeJSON.PersonaJSON(
            profileId: persona.profileId, displayName: persona.displayName, type: persona.type.rawValue)
    }

    public func primaryPhoto(for principal: Principal) async -> String? {
        try? await service.profile(principal, "primary").photo
    }

    public func stats(for principal: Principal) async -> ProfileStatsJSON? {
        guard let stats = try? await service.stats(principal) else { return nil }
        return ProfileStatsJSON(contacts: stats.contacts, circles: stats.circles)
    }
}
