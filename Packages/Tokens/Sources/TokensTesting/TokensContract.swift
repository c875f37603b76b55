import Accounts
import Circles
import Foundation
import Identity
import JWTKit
import Kernel
import StorageTesting
import Testing
import Tokens

/// The Tokens rules (DOMAIN.md "Tokens that app backends verify offline") over every store: memory, SQLite and
/// PostgreSQL.
public enum TokensContract {
    public static let cases: [ContractCase<TokensContractEnvironment>] = [
        ContractCase("apps: add, list, rotate the secret, remove; bad names, URLs and ids refused", appsAreManaged),
        ContractCase("a token carries RFC 9068's header and DOMAIN.md's claims, and nothing personal", aTokensClaims),
        ContractCase("an unknown or removed audience is invalid_target", unknownAudienceIsRefused),
        ContractCase("acting: the guardian's token for a member; anyone else gets the uniform refusal", acting),
        ContractCase(
            "age signals: the member's maturity and age range when acting, the account's own, kept by graduation",
            ageSignals),
        ContractCase("rotation: published at once, signing 10 minutes later, retired after its last token", rotation),
        ContractCase("introspection: inactive after sign-out, end-others, password reset, deletion", introspection),
        ContractCase(
            "introspection: wrong credentials refused; another app's, expired or forged tokens inactive",
            introspectionRefusals),
        ContractCase("private keys and webhook secrets are sealed when a sealing key is configured", sealing),
        ContractCase("access checks agree with look over random matrices and memberships", checksAgreeWithLook),
        ContractCase("access checks: another owner's circle is not allowed; 100 checks in one call", checkLimits),
    ]

    typealias Env = TokensContractEnvironment

    // MARK: - Apps

    static func appsAreManaged(_ env: Env) async throws {
        let plain = try await env.tokens.addApp(name: "  Movie Night ", webhookURL: nil)
        #expect(plain.app.name == "Movie Night" && plain.webhookSecret == nil && plain.app.webhookURL == nil)
        let hooked = try await env.tokens.addApp(name: "Chores", webhookURL: "https://chores.example/kith")
        let webhookSecret = try #require(hooked.webhookSecret)
        #expect(
            webhookSecret.hasPrefix("whsec_") && Data(base64Encoded: String(webhookSecret.dropFirst(6)))?.count == 32)
        #expect(try await env.tokens.webhookSecret(appId: hooked.app.id) == webhookSecret)
        #expect(try await env.tokens.apps() == [plain.app, hooked.app])
        // Only the secret's digest is kept.
        let stored = try #require(try await env.store.read { tokens, _, _ in try tokens.app(id: plain.app.id) })
        #expect(stored.secretHash == TokenDigest.hexDigest(plain.secret) && !stored.secretHash.contains(plain.secret))

        // A new secret replaces the old one for every use.
        let rotated = try await env.tokens.rotateSecret(appId: plain.app.id)
        #expect(rotated.secret != plain.secret && rotated.app == plain.app)
        let token = try await env.tokens.issue(try await env.account("Ann"), audience: plain.app.id).accessToken
        await #expect(throws: TokensError.wrongAppCredentials) {
            _ = try await env.tokens.introspect(token, by: plain.credentials)
        }
        #expect(try await env.tokens.introspect(token, by: rotated.credentials).isActive)

        for name in ["", "   ", String(repeating: "x", count: 65), "two\nlines"] {
            await #expect(throws: TokensError.invalidAppName) {
                _ = try await env.tokens.addApp(name: name, webhookURL: nil)
            }
        }
        for url in ["chores.example/kith", "ftp://chores.example", "https://", "https://user:pw@chores.example/"] {
            await #expect(throws: TokensError.invalidWebhookURL(url)) {
                _ = try await env.tokens.addApp(name: "Bad", webhookURL: url)
            }
        }
        #expect(
            TokensError.invalidAppName.description == "An app's name is 1 to 64 characters, with no control characters")
        await #expect(throws: TokensError.appNotFound("nope")) { _ = try await env.tokens.removeApp(id: "nope") }
        await #expect(throws: TokensError.appNotFound("nope")) { _ = try await env.tokens.rotateSecret(appId: "nope") }
        #expect(try await env.tokens.removeApp(id: hooked.app.id) == hooked.app)
        #expect(try await env.tokens.apps() == [plain.app])
    }

    // MARK: - Tokens

    static func aTokensClaims(_ env: Env) async throws {
        let app = try await env.app()
        let ann = try await env.account("Ann")
        let issued = try await env.tokens.issue(ann, audience: app.app.id)
        #expect(issued.expiresIn == 300)
        let parts = issued.accessToken.split(separator: ".")
        #expect(parts.count == 3)
        let header = try #require(try JSONSerialization.jsonObject(with: decoded(parts[0])) as? [String: Any])
        #expect(header["typ"] as? String == "at+jwt" && header["alg"] as? String == "ES256")
        #expect(header["kid"] as? String == issued.keyId)
        let claims = try #require(try JSONSerialization.jsonObject(with: decoded(parts[1])) as? [String: Any])
        let now = env.clock.now().timeIntervalSince1970
        #expect(claims["iss"] as? String == Env.issuer)
        #expect(claims["sub"] as? String == ann.accountId)
        #expect(claims["aud"] as? String == app.app.id || (claims["aud"] as? [String]) == [app.app.id])
        #expect(claims["client_id"] as? String == app.app.id)
        #expect((claims["iat"] as? NSNumber)?.doubleValue == now)
        #expect((claims["exp"] as? NSNumber)?.doubleValue == now + 300)
        #expect(claims["sid"] as? String == ann.sessionId)
        #expect(claims["amr"] as? [String] == ["pwd"])
        #expect(claims["email_verified"] as? Bool == false)
        #expect(claims["act"] == nil && claims["kith_kind"] == nil && claims["kith_household"] == nil)
        // An account's ceiling is 18+; it declared no age range.
        #expect(claims["kith_maturity"] as? String == "18+" && claims["kith_age_range"] == nil)
        #expect((claims["jti"] as? String)?.isEmpty == false)
        // Never an email address, a name or a secret.
        let text = String(decoding: try decoded(parts[1]), as: UTF8.self)
        for personal in [Env.email("Ann"), "Ann", "Tester", Env.password("Ann"), app.secret] {
            #expect(!text.contains(personal))
        }
        // Each token is its own: a new jti.
        #expect(try await env.tokens.issue(ann, audience: app.app.id).claims.jti != issued.claims.jti)

        // With an active household, its id.
        let household = try await env.identity.createHousehold(ann, name: "Lees")
        #expect(try await env.tokens.issue(ann, audience: app.app.id).claims.kithHousehold == household.id)
        // The key it names is the one the JWKS publishes.
        #expect(try await env.tokens.publishedKeys().map(\.id) == [issued.keyId])
        // A caller whose session ended gets none.
        let other = try await env.signIn("Ann")
        try await env.identity.endSession(ann, id: try #require(other.sessionId))
        await #expect(throws: IdentityError.notSignedIn) { _ = try await env.tokens.issue(other, audience: app.app.id) }
    }

    static func unknownAudienceIsRefused(_ env: Env) async throws {
        let ann = try await env.account("Ann")
        await #expect(throws: TokensError.unknownAudience("not-an-app")) {
            _ = try await env.tokens.issue(ann, audience: "not-an-app")
        }
        let app = try await env.app()
        // An app's id and more after a NUL names no app, on engines that bind text up to its first NUL too; nor does
        // the id in capitals. Its credentials so written are wrong, and the operator's commands find no app.
        for audience in [app.app.id + "\u{0}", app.app.id + "\u{0}x", app.app.id.uppercased(), " \u{0}" + app.app.id] {
            await #expect(throws: TokensError.unknownAudience(audience.trimmingWhitespace())) {
                _ = try await env.tokens.issue(ann, audience: audience)
            }
            let credentials = AppCredentials(appId: audience, secret: app.secret)
            await #expect(throws: TokensError.wrongAppCredentials) {
                _ = try await env.tokens.check([], by: credentials)
            }
            await #expect(throws: TokensError.appNotFound(audience.trimmingWhitespace())) {
                _ = try await env.tokens.rotateSecret(appId: audience)
            }
        }
        #expect(try await env.tokens.check([], by: app.credentials) == [])
        _ = try await env.tokens.removeApp(id: app.app.id)
        await #expect(throws: TokensError.unknownAudience(app.app.id)) {
            _ = try await env.tokens.issue(ann, audience: app.app.id)
        }
    }

    static func acting(_ env: Env) async throws {
        let app = try await env.app()
        let ann = try await env.account("Ann")
        _ = try await env.identity.createHousehold(ann, name: "Lees")
        let max = try await env.identity.addManagedMember(ann, displayName: "Max", avatarKey: "fox")
        var asMax = ann
        asMax.actingAs = ActingAs(memberId: max.memberId, displayName: "Max")
        let issued = try await env.tokens.issue(asMax, audience: app.app.id)
        #expect(issued.claims.sub.value == max.memberId)
        #expect(issued.claims.act == AccessTokenClaims.Actor(sub: ann.accountId))
        #expect(issued.claims.kithKind == "managed_member" && issued.claims.emailVerified == nil)
        guard case .active(let seen) = try await env.tokens.introspect(issued.accessToken, by: app.credentials) else {
            Issue.record("an acting token is not active")
            return
        }
        #expect(seen.sub.value == max.memberId && seen.act?.sub == ann.accountId)

        // Not Max's guardian, a member of no one's, an unknown id: one refusal, the sentence every acting request gets.
        let bea = try await env.account("Bea")
        _ = try await env.identity.createHousehold(bea, name: "Bea's")
        var beaAsMax = bea
        beaAsMax.actingAs = ActingAs(memberId: max.memberId, displayName: "Max")
        var annAsNobody = ann
        annAsNobody.actingAs = ActingAs(memberId: "managed_unknown", displayName: "Nobody")
        var annAsBea = ann
        annAsBea.actingAs = ActingAs(memberId: bea.accountId, displayName: "Bea")
        for principal in [beaAsMax, annAsNobody, annAsBea] {
            await #expect(throws: TokensError.actingNotAvailable) {
                _ = try await env.tokens.issue(principal, audience: app.app.id)
            }
        }
        #expect(TokensError.actingNotAvailable.description == "That profile is not available to act as")
        // Once Max is removed, not even Ann.
        _ = try await env.identity.removeMember(ann, max.memberId)
        await #expect(throws: TokensError.actingNotAvailable) {
            _ = try await env.tokens.issue(asMax, audience: app.app.id)
        }
    }

    static func ageSignals(_ env: Env) async throws {
        let app = try await env.app()
        let ann = try await env.account("Ann")
        _ = try await env.identity.createHousehold(ann, name: "Lees")
        let max = try await env.identity.addManagedMember(ann, displayName: "Max", avatarKey: "fox")
        var asMax = ann
        asMax.actingAs = ActingAs(memberId: max.memberId, displayName: "Max")
        // A new member's ceiling is all-ages, and no one declared its age.
        let fresh = try claimsObject(try await env.tokens.issue(asMax, audience: app.app.id))
        #expect(fresh["kith_maturity"] as? String == "all-ages" && fresh["kith_age_range"] == nil)

        _ = try await env.identity.setMaturity(ann, member: max.memberId, rating: .thirteenPlus)
        _ = try await env.identity.setAgeRange(ann, member: max.memberId, lower: 9, upper: 12)
        let nineToTwelve = try AgeRange(lower: 9, upper: 12, method: .guardian)
        let acting = try await env.tokens.issue(asMax, audience: app.app.id)
        let claims = try claimsObject(acting)
        #expect(claims["sub"] as? String == max.memberId)
        #expect(claims["kith_maturity"] as? String == "13+")
        #expect(ageRange(claims) == AgeRangeJSON(lower: 9, upper: 12, method: "guardian"))
        // Introspection says the same of it.
        guard case .active(let seen) = try await env.tokens.introspect(acting.accessToken, by: app.credentials) else {
            Issue.record("an acting token is not active")
            return
        }
        #expect(seen.kithMaturity == .thirteenPlus && seen.kithAgeRange == nineToTwelve)

        // The guardian's own token is about the guardian: 18+, and a range only once the account declares its own.
        let own = try claimsObject(try await env.tokens.issue(ann, audience: app.app.id))
        #expect(own["sub"] as? String == ann.accountId)
        #expect(own["kith_maturity"] as? String == "18+" && own["kith_age_range"] == nil)
        _ = try await env.identity.setOwnAgeRange(ann, lower: 40, upper: 49)
        let declared = try await env.tokens.issue(ann, audience: app.app.id)
        #expect(try claimsObject(declared)["kith_maturity"] as? String == "18+")
        #expect(ageRange(try claimsObject(declared)) == AgeRangeJSON(lower: 40, upper: 49, method: "self"))
        guard case .active(let ownSeen) = try await env.tokens.introspect(declared.accessToken, by: app.credentials)
        else {
            Issue.record("an account's token is not active")
            return
        }
        #expect(ownSeen.kithMaturity == .eighteenPlus)
        #expect(ownSeen.kithAgeRange == (try AgeRange(lower: 40, upper: 49, method: .selfDeclared)))

        // Max graduates: the account keeps the member's ceiling and age range until it changes them.
        let grant = try await env.identity.graduateMember(ann, max.memberId)
        let session = try await env.identity.register(
            SignUp(
                email: Env.email("Maxwell"), firstName: "Maxwell", lastName: "Tester",
                password: Env.password("Maxwell"),
                claimCode: grant.code))
        let maxwell = try await env.identity.principal(forToken: session.token)
        let graduated = try claimsObject(try await env.tokens.issue(maxwell, audience: app.app.id))
        #expect(graduated["sub"] as? String == maxwell.accountId && graduated["act"] == nil)
        #expect(graduated["kith_kind"] == nil)
        #expect(graduated["kith_maturity"] as? String == "13+")
        #expect(ageRange(graduated) == AgeRangeJSON(lower: 9, upper: 12, method: "guardian"))
        _ = try await env.identity.setOwnAgeRange(maxwell, lower: 13, upper: 15)
        let changed = try claimsObject(try await env.tokens.issue(maxwell, audience: app.app.id))
        #expect(changed["kith_maturity"] as? String == "13+")
        #expect(ageRange(changed) == AgeRangeJSON(lower: 13, upper: 15, method: "self"))
    }

    /// The claims of `issued`'s JWT as JSON, read from the token itself (not from `issued.claims`).
    static func claimsObject(_ issued: IssuedToken) throws -> [String: Any] {
        let parts = issued.accessToken.split(separator: ".")
        try #require(parts.count == 3)
        return try #require(try JSONSerialization.jsonObject(with: decoded(parts[1])) as? [String: Any])
    }

    /// `kith_age_range` as the JSON carries it: exactly `lower`, `upper` and `method`; nil when absent or otherwise.
    static func ageRange(_ claims: [String: Any]) -> AgeRangeJSON? {
        guard let object = claims["kith_age_range"] as? [String: Any], object.count == 3,
            let lower = object["lower"] as? Int, let upper = object["upper"] as? Int,
            let method = object["method"] as? String
        else { return nil }
        return AgeRangeJSON(lower: lower, upper: upper, method: method)
    }

    struct AgeRangeJSON: Equatable {
        var lower: Int
        var upper: Int
        var method: String
    }

    // MARK: - Keys

    static func rotation(_ env: Env) async throws {
        let app = try await env.app()
        let ann = try await env.account("Ann")
        let first = try await env.tokens.issue(ann, audience: app.app.id)
        let old = first.keyId
        #expect(try await env.tokens.keys().map(\.state) == [.signing])

        env.clock.advance(by: 60)
        let rotatedAt = env.clock.now()
        let new = try await env.tokens.rotateKey()
        #expect(new.signsFrom == rotatedAt.addingTimeInterval(600) && new.state == .next(signsFrom: new.signsFrom))
        // Published at once, beside the old key, which still signs.
        #expect(try await env.tokens.publishedKeys().map(\.id) == [old, new.id])
        env.clock.advance(by: 599)
        let lastOld = try await env.tokens.issue(ann, audience: app.app.id)
        #expect(lastOld.keyId == old)
        env.clock.advance(by: 1)
        let firstNew = try await env.tokens.issue(ann, audience: app.app.id)
        #expect(firstNew.keyId == new.id)
        #expect(
            try await env.tokens.keys().map(\.state) == [
                .retired(publishedUntil: rotatedAt.addingTimeInterval(900)), .signing,
            ])
        // The old key's last token is live until it expires, and the old key is published as long.
        env.clock.advance(by: 298)
        #expect(try await env.tokens.introspect(lastOld.accessToken, by: app.credentials).isActive)
        #expect(try await env.tokens.publishedKeys().map(\.id) == [old, new.id])
        env.clock.advance(by: 1)
        #expect(try await env.tokens.introspect(lastOld.accessToken, by: app.credentials) == .inactive)
        // Its last token was signed a second before the new key took over: it has just expired, and the key leaves
        // the JWKS at the first instant no token it signed can be live.
        #expect(try await env.tokens.publishedKeys().map(\.id) == [old, new.id])
        env.clock.advance(by: 1)
        #expect(try await env.tokens.publishedKeys().map(\.id) == [new.id])
        #expect(try await env.tokens.keys().map(\.state) == [.expired, .signing])
        // The next rotation deletes what verifies nothing.
        let third = try await env.tokens.rotateKey()
        #expect(try await env.tokens.keys().map(\.id) == [new.id, third.id])
        #expect(try await env.tokens.introspect(firstNew.accessToken, by: app.credentials) == .inactive)
        let latest = try await env.tokens.issue(ann, audience: app.app.id)
        #expect(latest.keyId == new.id)
        #expect(try await env.tokens.introspect(latest.accessToken, by: app.credentials).isActive)
    }

    // MARK: - Introspection

    static func introspection(_ env: Env) async throws {
        let app = try await env.app()
        func token(_ principal: Principal) async throws -> String {
            let token = try await env.tokens.issue(principal, audience: app.app.id).accessToken
            #expect(try await env.tokens.introspect(token, by: app.credentials).isActive)
            return token
        }
        func isInactive(_ token: String) async throws -> Bool {
            try await env.tokens.introspect(token, by: app.credentials) == .inactive
        }
        // Sign-out.
        let ann = try await env.account("Ann")
        let signOut = try await env.identity.signIn(email: Env.email("Ann"), password: Env.password("Ann"))
        let signedOutToken = try await token(try await env.identity.principal(forToken: signOut.token))
        try await env.identity.endSession(token: signOut.token)
        #expect(try await isInactive(signedOutToken))
        // End-others: every other session's token, not this one's.
        let other = try await env.signIn("Ann")
        let otherToken = try await token(other)
        let annToken = try await token(ann)
        _ = try await env.identity.endOtherSessions(ann)
        #expect(try await isInactive(otherToken))
        #expect(try await env.tokens.introspect(annToken, by: app.credentials).isActive)
        // A password reset ends every session.
        try await env.identity.forgotPassword(email: Env.email("Ann"), clientAddress: nil)
        let code = try #require(try await env.latestResetCode(to: Env.email("Ann")))
        _ = try await env.identity.resetPassword(
            email: Env.email("Ann"), code: code, newPassword: "a new long password", clientAddress: nil)
        #expect(try await isInactive(annToken))
        // Deleting the account.
        let bea = try await env.account("Bea")
        let beaToken = try await token(bea)
        try await env.identity.deleteAccount(bea, password: Env.password("Bea"))
        #expect(try await isInactive(beaToken))
    }

    static func introspectionRefusals(_ env: Env) async throws {
        let app = try await env.app()
        let other = try await env.app("Chores")
        let ann = try await env.account("Ann")
        let token = try await env.tokens.issue(ann, audience: app.app.id).accessToken
        for credentials in [
            AppCredentials(appId: app.app.id, secret: other.secret), AppCredentials(appId: "nope", secret: app.secret),
            AppCredentials(appId: app.app.id, secret: ""),
        ] {
            await #expect(throws: TokensError.wrongAppCredentials) {
                _ = try await env.tokens.introspect(token, by: credentials)
            }
        }
        #expect(TokensError.wrongAppCredentials.description == "The app's id or secret is wrong")
        // Another app's token is not this app's to know about.
        #expect(try await env.tokens.introspect(token, by: other.credentials) == .inactive)
        // Not a token, a tampered one, one from another issuer's key.
        var tampered = Array(token)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == "A" ? "B" : "A"
        let foreign = try await LocalTokenService(
            store: env.store, issuer: "https://elsewhere.example", clock: env.clock, random: env.random
        ).issue(ann, audience: app.app.id).accessToken
        for bad in ["", "not.a.token", String(tampered), foreign] {
            #expect(try await env.tokens.introspect(bad, by: app.credentials) == .inactive)
        }
        // Expired after 300 seconds.
        env.clock.advance(by: 299)
        #expect(try await env.tokens.introspect(token, by: app.credentials).isActive)
        env.clock.advance(by: 1)
        #expect(try await env.tokens.introspect(token, by: app.credentials) == .inactive)
    }

    static func sealing(_ env: Env) async throws {
        let key = try SealingKey(bytes: Array(repeating: 9, count: 32))
        let sealed = env.tokens(sealingKey: key)
        let app = try await sealed.addApp(name: "Chores", webhookURL: "https://chores.example/kith")
        let ann = try await env.account("Ann")
        let issued = try await sealed.issue(ann, audience: app.app.id)
        let stored = try await env.store.read { tokens, _, _ in
            (try tokens.signingKeys(), try tokens.app(id: app.app.id))
        }
        #expect(stored.0.count == 1 && stored.0.allSatisfy { $0.storedPrivateKey.hasPrefix("sealed:") })
        #expect(stored.0.allSatisfy { !$0.storedPrivateKey.contains("PRIVATE KEY") })
        let webhookSecret = try #require(app.webhookSecret)
        #expect(stored.1?.storedWebhookSecret?.hasPrefix("sealed:") == true)
        #expect(stored.1?.storedWebhookSecret?.contains(String(webhookSecret.dropFirst(6))) == false)
        #expect(try await sealed.webhookSecret(appId: app.app.id) == webhookSecret)
        // Verifying needs only the public half; signing and the webhook secret need the key.
        #expect(try await env.tokens.introspect(issued.accessToken, by: app.credentials).isActive)
        await #expect(throws: TokensError.sealedSecret) { _ = try await env.tokens.issue(ann, audience: app.app.id) }
        await #expect(throws: TokensError.sealedSecret) { _ = try await env.tokens.webhookSecret(appId: app.app.id) }
        let wrong = env.tokens(sealingKey: try SealingKey(bytes: Array(repeating: 8, count: 32)))
        await #expect(throws: TokensError.sealedSecret) { _ = try await wrong.issue(ann, audience: app.app.id) }
    }

    // MARK: - Access checks

    /// Dana's contacts linked to five viewers (and two unlinked), in random circles; for random non-empty sets of
    /// her circles, a matrix that allows `bio` to exactly those circles: `look` shows a viewer the bio exactly when
    /// the check says the viewer is in one of them. Viewers include Dana herself and an account she does not know.
    static func checksAgreeWithLook(_ env: Env) async throws {
        let app = try await env.app()
        var generator = SplitMix(seed: 41)
        let dana = try await env.account("Dana")
        _ = try await env.circles.createCircle(dana, name: "Book club", emoji: nil, color: nil)
        _ = try await env.circles.createCircle(dana, name: "Neighbours", emoji: nil, color: nil)
        var viewers = [dana]
        for name in ["Erin", "Finn", "Gail", "Hugo", "Iris"] {
            viewers.append(try await env.account(name))
            _ = try await env.circles.addContact(dana, ContactDraft(displayName: name, accountEmail: Env.email(name)))
        }
        viewers.append(try await env.account("Zed"))
        for name in ["Hal", "Ida"] { _ = try await env.circles.addContact(dana, ContactDraft(displayName: name)) }
        let circles = try await env.circles.circles(dana)
        let custom = circles.filter(\.takesMembers)
        let contacts = ["Erin", "Finn", "Gail", "Hugo", "Iris", "Hal", "Ida"]
        var checked = 0
        var allowed = 0
        for round in 0..<6 {
            // Memberships change between rounds: each contact in each custom circle with probability 1/2.
            for circle in custom {
                let inside = contacts.filter { _ in generator.next() % 2 == 0 }
                let detail = try await env.circles.circle(dana, circle.id)
                let current = detail.members.map(\.displayName)
                if !current.isEmpty {
                    _ = try await env.circles.removeMembers(dana, circle: circle.id, contacts: current)
                }
                if !inside.isEmpty { _ = try await env.circles.addMembers(dana, circle: circle.id, contacts: inside) }
            }
            for _ in 0..<3 {
                // Public and Contacts only now and then: they hold every viewer / every linked contact.
                let pool = round % 2 == 0 ? custom : circles
                var chosen = pool.filter { _ in generator.next() % 3 == 0 }
                if chosen.isEmpty { chosen = [pool[Int(generator.next() % UInt64(pool.count))]] }
                for circle in circles {
                    _ = try await env.circles.setAccess(
                        dana, profile: nil, field: .bio, circle: circle.id,
                        access: chosen.contains { $0.id == circle.id } ? .allow : .deny)
                }
                _ = try await env.circles.saveAccess(dana, profile: nil)
                let asked = viewers.map {
                    AccessCheck(owner: dana.accountId, viewer: $0.accountId, circles: chosen.map(\.id))
                }
                let answers = try await env.tokens.check(asked, by: app.credentials)
                for (viewer, answer) in zip(viewers, answers) {
                    let look = try await env.circles.look(viewer, Env.email("Dana"))
                    #expect(
                        (look.access[.bio] == .allow) == answer,
                        "round \(round), circles \(chosen.map(\.name)), viewer \(viewer.accountId)")
                    checked += 1
                    if answer { allowed += 1 }
                }
            }
        }
        #expect(checked == 6 * 3 * viewers.count)
        // Both answers are common, so agreement is not a matter of always saying no.
        #expect(allowed > checked / 5 && allowed < checked * 4 / 5, "\(allowed) of \(checked) allowed")
    }

    static func checkLimits(_ env: Env) async throws {
        let app = try await env.app()
        let dana = try await env.account("Dana")
        let erin = try await env.account("Erin")
        let finn = try await env.account("Finn")
        _ = try await env.circles.addContact(dana, ContactDraft(displayName: "Erin", accountEmail: Env.email("Erin")))
        _ = try await env.circles.addMembers(dana, circle: "Family", contacts: ["Erin"])
        _ = try await env.circles.addContact(finn, ContactDraft(displayName: "Erin", accountEmail: Env.email("Erin")))
        _ = try await env.circles.addMembers(finn, circle: "Family", contacts: ["Erin"])
        let danaFamily = try #require(try await env.circles.circles(dana).first { $0.builtIn == .family })
        let finnFamily = try #require(try await env.circles.circles(finn).first { $0.builtIn == .family })
        // Erin is in Finn's Family, but Finn's circle is not Dana's: "not allowed", as for a circle that never was.
        let answers = try await env.tokens.check(
            [
                AccessCheck(owner: dana.accountId, viewer: erin.accountId, circles: [danaFamily.id]),
                AccessCheck(owner: dana.accountId, viewer: erin.accountId, circles: [finnFamily.id]),
                AccessCheck(owner: dana.accountId, viewer: erin.accountId, circles: ["no-such-circle"]),
                AccessCheck(owner: finn.accountId, viewer: erin.accountId, circles: [finnFamily.id]),
                AccessCheck(owner: dana.accountId, viewer: finn.accountId, circles: [danaFamily.id]),
                AccessCheck(owner: "no-such-owner", viewer: erin.accountId, circles: [danaFamily.id]),
            ], by: app.credentials)
        #expect(answers == [true, false, false, true, false, false])

        // 100 checks in one call, answered in order; 101 refused.
        let hundred = (0..<100).map { index in
            AccessCheck(
                owner: dana.accountId, viewer: index % 2 == 0 ? erin.accountId : finn.accountId,
                circles: [danaFamily.id])
        }
        #expect(try await env.tokens.check(hundred, by: app.credentials) == (0..<100).map { $0 % 2 == 0 })
        await #expect(throws: TokensError.tooManyChecks(101)) {
            _ = try await env.tokens.check(hundred + [hundred[0]], by: app.credentials)
        }
        await #expect(throws: TokensError.wrongAppCredentials) {
            _ = try await env.tokens.check(
                [hundred[0]], by: AppCredentials(appId: app.app.id, secret: "wrong"))
        }
        #expect(try await env.tokens.check([], by: app.credentials) == [])
    }

    // MARK: - Helpers

    /// The bytes of a JWT part (base64url), through Identity's decoder.
    static func decoded(_ part: Substring) throws -> Data {
        Data(try #require(Base64URL.decode(part)))
    }
}

/// A small deterministic generator for the random matrices (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
