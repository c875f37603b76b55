import Foundation
import Networking
import NetworkingTesting
import PostgresStorageTesting
import Testing

/// Passkeys over HTTP against the built `kith-server` (`--passkey-rp-id localhost --passkey-origin
/// http://localhost:8765`), with PyPI's soft-webauthn (over fido2) as the authenticator and browser: it registers and
/// signs in; each tampering is refused with 401 and the one sentence while the server's log names the check; an
/// account with two-step sign-in on gets a session from its passkey directly. soft-webauthn never sets the
/// user-verified flag: the driver sets it and signs again with the device's own key, as PasskeyCheckTests does.
@Suite("Passkeys end to end over HTTP (soft-webauthn)")
struct PasskeyEndToEndTests {
    static let origin = "http://localhost:8765"
    static let flags = ["--passkey-rp-id", "localhost", "--passkey-origin", origin]
    static let sentence = "Passkey sign-in failed. Please try again."

    /// One JSON call: its status and body (an object, an array, or nil).
    static func call(
        _ base: String, _ method: HTTPMethod, _ path: String, token: String? = nil, body: Any? = nil
    ) async throws -> (status: Int, json: Any?) {
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        let response = try await CurlHTTPClient().send(
            HTTPRequest(
                method: method, url: URL(string: base + path)!, headers: headers,
                body: try body.map { try JSONSerialization.data(withJSONObject: $0) }))
        return (response.status, try? JSONSerialization.jsonObject(with: response.body))
    }

    /// The driver's answer to `request`.
    static func soft(_ request: [String: Any]) async throws -> [String: Any] {
        let output = try await PythonTools.run(driver, input: try JSONSerialization.data(withJSONObject: request))
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    /// A registered passkey: what signing in with it needs.
    struct Device {
        var credentialId: String
        var privateKey: String
        var userHandle: String
    }

    /// Creation options from `server` for `token`'s account, answered by soft-webauthn with `changes`; the status and
    /// body of `POST /api/me/passkeys`, and the device.
    static func register(
        _ server: String, _ token: String, name: String = "Laptop", _ changes: [String: Any] = [:]
    ) async throws -> (status: Int, json: [String: Any], device: Device) {
        let options = try await call(server, .post, "/api/me/passkeys/options", token: token)
        #expect(options.status == 200, "\(String(describing: options.json))")
        let creation = try #require(options.json as? [String: Any])
        var request: [String: Any] = ["op": "create", "origin": origin, "options": creation]
        request.merge(changes) { $1 }
        let answer = try await soft(request)
        let registered = try await call(
            server, .post, "/api/me/passkeys", token: token, body: ["name": name, "credential": answer["credential"]!])
        let user = try #require(creation["user"] as? [String: Any])
        let credential = try #require(answer["credential"] as? [String: Any])
        return (
            registered.status, registered.json as? [String: Any] ?? [:],
            Device(
                credentialId: try #require(credential["id"] as? String),
                privateKey: try #require(answer["privateKey"] as? String),
                userHandle: try #require(user["id"] as? String))
        )
    }

    /// A sign-in with `device` whose authenticator counts `signCount`, with the driver's `changes`: the assertion
    /// sent and the answer of `POST /api/auth/passkey`.
    static func signIn(
        _ server: String, _ device: Device, signCount: Int, _ changes: [String: Any] = [:]
    ) async throws -> (credential: Any, status: Int, json: [String: Any]) {
        let options = try await call(server, .post, "/api/auth/passkey/options")
        #expect(options.status == 200, "\(String(describing: options.json))")
        var request: [String: Any] = [
            "op": "get", "origin": origin, "options": options.json!, "privateKey": device.privateKey,
            "credentialId": device.credentialId, "userHandle": device.userHandle, "signCount": signCount,
        ]
        request.merge(changes) { $1 }
        let made = try await soft(request)
        let credential = try #require(made["credential"])
        let answer = try await call(server, .post, "/api/auth/passkey", body: ["credential": credential])
        return (credential, answer.status, answer.json as? [String: Any] ?? [:])
    }

    /// The log of `server` names `check` after a refusal; the refusal itself was 401 with the one sentence.
    static func expectRefused(
        _ status: Int, _ json: [String: Any], check: String, in server: KithServerProcess,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(status == 401, "\(json)", sourceLocation: sourceLocation)
        #expect(json["error"] as? String == "identity.passkey_sign_in_failed", sourceLocation: sourceLocation)
        #expect(json["message"] as? String == sentence, sourceLocation: sourceLocation)
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(log.contains("Passkey check failed"), sourceLocation: sourceLocation)
        #expect(log.contains("passkey: " + check), "\(check)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [false, true])
    func registerSignInAndEveryTamperingRefused(onPostgres: Bool) async throws {
        let folder = NSTemporaryDirectory() + "kith-passkeys-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = onPostgres ? try await TestPostgres.freshSchemaURL() : nil
        let server = try await KithServerProcess.start(in: folder, databaseURL: url, arguments: Self.flags)
        defer { server.stop() }
        let base = server.url
        let token = try await TwoServersTests.signUp(base, "dana@example.com", role: "member")

        // Registration: soft-webauthn answers the creation options; the passkey is listed.
        let registered = try await Self.register(base, token)
        #expect(registered.status == 201, "\(registered.json)")
        let device = registered.device
        #expect(registered.json["id"] as? String == device.credentialId)
        #expect(registered.json["name"] as? String == "Laptop")
        let listed = try await Self.call(base, .get, "/api/me/passkeys", token: token)
        let passkeys = try #require(listed.json as? [[String: Any]])
        #expect(passkeys.count == 1 && passkeys.first?["id"] as? String == device.credentialId)
        #expect(passkeys.first?["lastUsedAt"] is NSNull)

        // Sign-in: a session, answered as a password sign-in is.
        let first = try await Self.signIn(base, device, signCount: 1)
        #expect(first.status == 200, "\(first.json)")
        let session = try #require(first.json["token"] as? String)
        let me = try await Self.call(base, .get, "/api/me", token: session)
        #expect((me.json as? [String: Any])?["email"] as? String == "dana@example.com")

        // Replayed: the challenge was used.
        let replay = try await Self.call(base, .post, "/api/auth/passkey", body: ["credential": first.credential])
        try Self.expectRefused(
            replay.status, replay.json as? [String: Any] ?? [:],
            check: "the challenge is unknown, used, expired or not this ceremony's", in: server)
        // Client data changed after it was signed.
        let tampered = try await Self.signIn(base, device, signCount: 2, ["tamper": true])
        try Self.expectRefused(tampered.status, tampered.json, check: "the signature does not verify", in: server)
        // Another origin, another rp id.
        let elsewhere = try await Self.signIn(base, device, signCount: 3, ["origin": "http://localhost:9999"])
        try Self.expectRefused(
            elsewhere.status, elsewhere.json, check: #"origin "http://localhost:9999" is not allowed"#, in: server)
        let otherParty = try await Self.signIn(base, device, signCount: 4, ["rpId": "evil.example"])
        try Self.expectRefused(
            otherParty.status, otherParty.json, check: "the rp id hash is not the relying party's", in: server)
        // A cloned authenticator: count 5, then 5 again.
        #expect(try await Self.signIn(base, device, signCount: 5).status == 200)
        let clone = try await Self.signIn(base, device, signCount: 5)
        try Self.expectRefused(
            clone.status, clone.json, check: "sign count 5 after 5, a possible cloned authenticator", in: server)
        // The passkey's count is the last accepted, and it was used.
        let after = try #require(
            try await Self.call(base, .get, "/api/me/passkeys", token: token).json as? [[String: Any]])
        #expect(after.first?["lastUsedAt"] is String)

        // Alg games at registration: an Ed25519 key that says ES256, a packed statement's alg that is not the
        // key's, an algorithm nobody offered.
        let ed25519 = try await Self.register(base, token, ["key": "ed25519", "claimAlg": -7])
        try Self.expectRefused(
            ed25519.status, ed25519.json, check: "the COSE key does not fit its algorithm -7", in: server)
        let packed = try await Self.register(base, token, ["fmt": "packed", "statementAlg": -257])
        try Self.expectRefused(
            packed.status, packed.json, check: "the attestation's alg -257 is not the credential's -7", in: server)
        let es512 = try await Self.register(base, token, ["claimAlg": -36])
        try Self.expectRefused(es512.status, es512.json, check: "unsupported COSE algorithm -36", in: server)
        // Packed self attestation with the key's own alg is accepted.
        let goodPacked = try await Self.register(base, token, name: "Key", ["fmt": "packed"])
        #expect(goodPacked.status == 201, "\(goodPacked.json)")
        let keys = try #require(
            try await Self.call(base, .get, "/api/me/passkeys", token: token).json as? [[String: Any]])
        #expect(keys.compactMap { $0["name"] as? String } == ["Laptop", "Key"])

        // Two-step sign-in on: the password asks for a code, the passkey signs in directly.
        let begun = try await Self.call(base, .post, "/api/me/2fa", token: token, body: ["password": "correct horse"])
        let uri = try #require((begun.json as? [String: Any])?["uri"] as? String)
        let code = try await PythonTools.run(
            "import pyotp, sys; print(pyotp.parse_uri(sys.argv[1]).now())", arguments: [uri]
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
        let on = try await Self.call(base, .post, "/api/me/2fa", token: token, body: ["code": code])
        #expect(on.status == 200, "\(String(describing: on.json))")
        let password = try await Self.call(
            base, .post, "/api/auth/signin", body: ["email": "dana@example.com", "password": "correct horse"])
        #expect(password.status == 401)
        #expect((password.json as? [String: Any])?["error"] as? String == "identity.second_factor_required")
        let direct = try await Self.signIn(base, device, signCount: 6)
        #expect(direct.status == 200, "\(direct.json)")
        #expect(direct.json["token"] is String)

        // Removal: the password; then its sign-in is refused as an unknown credential.
        let removed = try await Self.call(
            base, .delete, "/api/me/passkeys/\(device.credentialId)", token: token,
            body: ["password": "correct horse"])
        #expect(removed.status == 204)
        let gone = try await Self.signIn(base, device, signCount: 7)
        try Self.expectRefused(gone.status, gone.json, check: "no passkey has this credential id", in: server)
        // Nothing secret in the log.
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(!log.contains(device.privateKey.split(separator: "\n")[1]))
        #expect(!log.contains(session))
    }

    @Test func withoutTheFlagsEveryPasskeyRouteIs404AndHalfTheFlagsIsAUsageError() async throws {
        let folder = NSTemporaryDirectory() + "kith-passkeys-off-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await KithServerProcess.start(in: folder)
        defer { server.stop() }
        let token = try await TwoServersTests.signUp(server.url, "dana@example.com", role: "member")
        let routes: [(HTTPMethod, String, String?)] = [
            (.post, "/api/auth/passkey/options", nil),
            (.post, "/api/me/passkeys/options", token), (.get, "/api/me/passkeys", token),
            (.delete, "/api/me/passkeys/abc", token),
        ]
        for (method, path, bearer) in routes {
            let answer = try await Self.call(server.url, method, path, token: bearer)
            #expect(answer.status == 404, "\(path)")
            let json = answer.json as? [String: Any]
            #expect(json?["error"] as? String == "identity.passkeys_not_configured", "\(path)")
            #expect(json?["message"] as? String == "Passkeys are not set up here", "\(path)")
        }
        let registration = try await Self.call(
            server.url, .post, "/api/me/passkeys", token: token,
            body: [
                "name": "x",
                "credential": [
                    "id": "a", "rawId": "a", "type": "public-key",
                    "response": ["clientDataJSON": "e30", "attestationObject": "oA"],
                ],
            ])
        #expect(registration.status == 404)
        // A body that reads as a sign-in's: refused as not set up (an empty one is a 400 before that).
        let signIn = try await Self.call(
            server.url, .post, "/api/auth/passkey",
            body: [
                "credential": [
                    "id": "a", "rawId": "a", "type": "public-key",
                    "response": ["clientDataJSON": "e30", "authenticatorData": "AA", "signature": "AA"],
                ]
            ])
        #expect(signIn.status == 404)
        #expect((signIn.json as? [String: Any])?["error"] as? String == "identity.passkeys_not_configured")

        for (arguments, sentence) in [
            (["--passkey-rp-id", "localhost"], "--passkey-rp-id needs --passkey-origin"),
            (["--passkey-origin", Self.origin], "--passkey-origin needs --passkey-rp-id"),
            (
                ["--passkey-rp-id", "localhost", "--passkey-origin", "https://example.com"],
                #"The passkey origin "https://example.com" is not on the relying party id "localhost"."#
            ),
        ] {
            let finished = try await ChildProcess.finish(
                KithServerProcess.binary, ["--db", folder + "/refused.sqlite"] + arguments)
            #expect(finished.status == 2, "\(arguments)")
            #expect(finished.errors.hasPrefix("error: \(sentence)\n"), "\(finished.errors)")
        }
    }

    /// soft-webauthn, JSON in and out: `create` answers creation options (then changes the key's algorithm claim,
    /// the key itself, the flags or the format as asked, signing again where a signature covers the change);
    /// `get` answers request options with the stored key and count (then changes the origin, the rp id hash or the
    /// client data after signing, as asked).
    static let driver = #"""
        import base64, json, sys
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec, ed25519
        from fido2 import cbor
        from fido2.cose import ES256, EdDSA
        from fido2.utils import sha256
        from soft_webauthn import SoftWebauthnDevice

        def b64(data): return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
        def unb64(text): return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

        def sign(key, data):
            if isinstance(key, ec.EllipticCurvePrivateKey): return key.sign(data, ec.ECDSA(hashes.SHA256()))
            return key.sign(data)

        def pem(key):
            return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                     serialization.NoEncryption()).decode("ascii")

        def browser(options):
            options = json.loads(json.dumps(options))
            options["challenge"] = unb64(options["challenge"])
            if "user" in options: options["user"]["id"] = unb64(options["user"]["id"])
            return {"publicKey": options}

        def create(request):
            device = SoftWebauthnDevice()
            answer = device.create(browser(request["options"]), request["origin"])
            key = device.private_key
            credential_id = answer["rawId"]
            client_json = answer["response"]["clientDataJSON"]
            auth = bytearray(cbor.decode(answer["response"]["attestationObject"])["authData"])
            if request.get("key") == "ed25519":
                key = ed25519.Ed25519PrivateKey.generate()
                cose = dict(EdDSA.from_cryptography_key(key.public_key()))
            else:
                cose = dict(ES256.from_cryptography_key(key.public_key()))
            if "claimAlg" in request: cose[3] = request["claimAlg"]
            auth = auth[:55 + len(credential_id)] + cbor.encode(cose)
            auth[32] = request.get("flags", 0x45)
            auth = bytes(auth)
            fmt = request.get("fmt", "none")
            statement = {}
            if fmt == "packed":
                statement = {"alg": request.get("statementAlg", cose[3]), "sig": sign(key, auth + sha256(client_json))}
            attestation = cbor.encode({"fmt": fmt, "attStmt": statement, "authData": auth})
            return {"credential": {"id": b64(credential_id), "rawId": b64(credential_id), "type": "public-key",
                                   "response": {"clientDataJSON": b64(client_json),
                                                "attestationObject": b64(attestation), "transports": ["usb"]},
                                   "clientExtensionResults": {}},
                    "privateKey": pem(key)}

        def get(request):
            options = request["options"]
            key = serialization.load_pem_private_key(request["privateKey"].encode(), None)
            device = SoftWebauthnDevice()
            device.private_key = key
            device.credential_id = unb64(request["credentialId"])
            device.rp_id = options["rpId"]
            device.user_handle = unb64(request["userHandle"])
            device.sign_count = request["signCount"] - 1  # get() counts first
            answer = device.get(browser(options), request["origin"])
            client_json = answer["response"]["clientDataJSON"]
            auth = bytearray(answer["response"]["authenticatorData"])
            if "rpId" in request: auth[0:32] = sha256(request["rpId"].encode())
            auth[32] = request.get("flags", 0x05)
            auth = bytes(auth)
            signature = sign(key, auth + sha256(client_json))
            if request.get("tamper"): client_json = client_json.replace(b" ", b"\t", 1)
            return {"credential": {"id": request["credentialId"], "rawId": request["credentialId"],
                                   "type": "public-key",
                                   "response": {"clientDataJSON": b64(client_json), "authenticatorData": b64(auth),
                                                "signature": b64(signature), "userHandle": b64(device.user_handle)},
                                   "clientExtensionResults": {}}}

        request = json.load(sys.stdin)
        print(json.dumps(create(request) if request["op"] == "create" else get(request)))
        """#
}
