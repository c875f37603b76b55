import Foundation
import KithComposition
import KithServer
import Tokens
import TokensFeature

extension ServerFeature {
    /// Tokens for apps' backends: the token exchange, introspection, access checks, the JWKS and the metadata; and the
    /// operator's `kith-server apps ...` and `keys ...`.
    public static let tokens = ServerFeature(
        .tokens,
        routes: { context in
            TokensRoutes(tokens: try context.services.require((any TokenService).self, by: "tokens"))
                .add(to: context.router, api: context.api)
        },
        openAPI: OpenAPIPart(contentsOf: Bundle.module.url(forResource: "openapi", withExtension: "json")),
        commands: TokensOperatorCommands.commands)
}
