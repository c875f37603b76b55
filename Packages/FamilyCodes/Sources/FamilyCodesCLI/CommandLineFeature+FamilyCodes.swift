import FamilyCodes
import FamilyCodesCommands
import FamilyCodesFeature
import FamilyCodesHTTP
import KithCLI
import KithComposition

extension CommandLineFeature {
    /// Family codes, joins and roles.
    public static let familyCodes = CommandLineFeature(
        .familyCodes,
        remote: { context, services in
            services.provide(
                HTTPFamilyCodeService(client: context.client, token: context.token),
                as: (any FamilyCodeService).self)
        },
        plugin: { context in
            FamilyCodesPlugin(
                service: try context.services.require((any FamilyCodeService).self, by: "familyCodes"),
                principals: context.session, identity: context.identity)
        })
}
