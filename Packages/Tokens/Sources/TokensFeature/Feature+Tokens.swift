import Circles
import IdentitySQL
import KithComposition
import Tokens
import TokensSQL

extension Feature {
    /// Registered apps, signing keys, tokens for apps, introspection and access checks. Provides `any TokenService` (and `any TokenIssuer`, what `kith token` needs);
    /// needs Circles' `AccessEngine` (so checks and `look` share one cache), so it comes after Circles in a list.
    public static let tokens = Feature(
        name: "tokens", migrations: TokensMigrations.all,
        local: { context, services in
            let options = context.options
            let engine = try services.require(AccessEngine.self, by: "tokens")
            let tokens = LocalTokenService(
                store: SQLStore(tokensOn: context.database), issuer: options.issuer ?? Feature.defaultTokensIssuer,
                clock: options.clock, random: options.random, sealingKey: options.sealingKey, engine: engine)
            services.provide(tokens, as: (any TokenService).self)
            services.provide(tokens, as: (any TokenIssuer).self)
        })

    /// The issuer when the app names none: `kith-server`'s own default address (`http://127.0.0.1:8080`), so tokens
    /// made by `kith` on a file that a default server also serves name the same issuer.
    public static let defaultTokensIssuer = "http://127.0.0.1:8080"
}
