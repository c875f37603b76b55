import KithCLI
import KithComposition
import Tokens
import TokensCommands
import TokensFeature
import TokensHTTP

extension CommandLineFeature {
    /// `token AUDIENCE`: made over the local file (issuer `KITH_ISSUER`, else `Feature.defaultTokensIssuer`), or with
    /// `--remote` asked of the server, which names its own issuer.
    public static let tokens = CommandLineFeature(
        .tokens,
        remote: { context, services in
            services.provide(
                HTTPTokenIssuer(client: context.client, token: context.token), as: (any TokenIssuer).self)
        },
        plugin: { context in
            TokensPlugin(
                issuer: try context.services.require((any TokenIssuer).self, by: "tokens"),
                principals: context.session)
        })
}
