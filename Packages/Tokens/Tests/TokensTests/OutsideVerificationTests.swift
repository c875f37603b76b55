import Accounts
import Foundation
import NetworkingTesting
import Testing
import Tokens
import TokensTesting
import TokensWire

/// Software nobody here wrote verifies what Tokens issues, offline: PyJWT and, separately, jwcrypto read the metadata,
/// then the JWKS it names, and check a token's signature, `iss`, `aud`, `exp` (300 s after `iat`) and header `typ`.
@Suite("Tokens verified by PyJWT and jwcrypto")
struct OutsideVerificationTests {
    /// The documents and tokens as an app's backend would have fetched them, in a temporary folder.
    func folder() async throws -> (path: String, app: AppSecrets, ann: Principal, max: String) {
        let env = TokensContractEnvironment.inMemory()
        // Python checks `exp` against the real clock: tokens are issued now.
        env.clock.set(Date())
        let app = try await env.app()
        let ann = try await env.account("Ann")
        _ = try await env.identity.createHousehold(ann, name: "Lees")
        let max = try await env.identity.addManagedMember(ann, displayName: "Max", avatarKey: "fox")
        var asMax = ann
        asMax.actingAs = ActingAs(memberId: max.memberId, displayName: "Max")
        let root =
            (ProcessInfo.processInfo.environment["KITH_TEST_TMPDIR"] ?? NSTemporaryDirectory())
            + "/kith-tokens-outside-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        let files: [(String, Data)] = [
            ("metadata.json", try encoder.encode(AuthorizationServerMetadataJSON(env.tokens.metadata))),
            ("jwks.json", try encoder.encode(JWKSDocument(try await env.tokens.publishedKeys()))),
            ("token", Data(try await env.tokens.issue(ann, audience: app.app.id).accessToken.utf8)),
            ("acting-token", Data(try await env.tokens.issue(asMax, audience: app.app.id).accessToken.utf8)),
        ]
        for (name, data) in files { try data.write(to: URL(fileURLWithPath: root + "/" + name)) }
        return (root, app, ann, max.memberId)
    }

    /// Both scripts print `sub act.sub exp-iat typ` for each token; `act.sub` is `-` without one.
    static let pyjwt = #"""
        import json, sys, time, jwt
        folder, audience = sys.argv[1], sys.argv[2]
        metadata = json.load(open(folder + "/metadata.json"))
        assert metadata["jwks_uri"].endswith("/.well-known/jwks.json"), metadata
        jwks = jwt.PyJWKSet.from_dict(json.load(open(folder + "/jwks.json")))
        for name in ["token", "acting-token"]:
            token = open(folder + "/" + name).read()
            header = jwt.get_unverified_header(token)
            key = next(k for k in jwks.keys if k.key_id == header["kid"])
            started = time.perf_counter()
            claims = jwt.decode(token, key.key, algorithms=["ES256"], audience=audience, issuer=metadata["issuer"],
                                options={"require": ["exp", "iat", "iss", "aud", "sub"]})
            took = time.perf_counter() - started
            print(claims["sub"], claims.get("act", {}).get("sub", "-"), claims["exp"] - claims["iat"], header["typ"],
                  "%.6f" % took)
        token = open(folder + "/token").read()
        started = time.perf_counter()
        for _ in range(200):
            jwt.decode(token, key.key, algorithms=["ES256"], audience=audience, issuer=metadata["issuer"])
        print("mean", "%.6f" % ((time.perf_counter() - started) / 200))
        try:
            jwt.decode(open(folder + "/token").read(), key.key, algorithms=["ES256"], audience="another-app",
                       issuer=metadata["issuer"])
            print("wrong audience accepted")
        except jwt.InvalidAudienceError:
            print("wrong audience refused")
        """#

    static let jwcrypto = #"""
        import json, sys, time
        from jwcrypto import jwk, jwt
        folder, audience = sys.argv[1], sys.argv[2]
        metadata = json.load(open(folder + "/metadata.json"))
        keys = jwk.JWKSet.from_json(open(folder + "/jwks.json").read())
        for name in ["token", "acting-token"]:
            token = jwt.JWT(jwt=open(folder + "/" + name).read(), key=keys, algs=["ES256"],
                            check_claims={"iss": metadata["issuer"], "aud": audience, "exp": None})
            claims = json.loads(token.claims)
            header = json.loads(token.header)
            assert claims["exp"] > time.time()
            print(claims["sub"], claims.get("act", {}).get("sub", "-"), claims["exp"] - claims["iat"], header["typ"])
        """#

    @Test("PyJWT verifies signature, iss, aud, exp and typ with the JWKS the metadata names; act.sub is the guardian")
    func pyJWT() async throws {
        let (folder, app, ann, max) = try await folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lines = try await PythonTools.run(Self.pyjwt, arguments: [folder, app.app.id])
            .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        try #require(lines.count == 4, "\(lines)")
        #expect(Array(lines[0].prefix(4)) == [ann.accountId, "-", "300", "at+jwt"])
        #expect(Array(lines[1].prefix(4)) == [max, ann.accountId, "300", "at+jwt"])
        #expect(lines[3] == ["wrong", "audience", "refused"])
        // How long one verification takes, with no call to Kith (not an assertion: machines differ).
        print("PyJWT: one ES256 verification takes \(lines[2][1]) s (mean of 200; the first took \(lines[0][4]) s)")
    }

    @Test("jwcrypto verifies the same tokens with the same JWKS")
    func jwcrypto() async throws {
        let (folder, app, ann, max) = try await folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = try await PythonTools.run(Self.jwcrypto, arguments: [folder, app.app.id])
        #expect(
            output.split(separator: "\n").map(String.init) == [
                "\(ann.accountId) - 300 at+jwt", "\(max) \(ann.accountId) 300 at+jwt",
            ])
    }
}
