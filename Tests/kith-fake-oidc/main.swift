import Foundation
import Hummingbird
import IdentityOIDCTesting
import Networking

/// `kith-fake-oidc --port N --client-id ID... [--subject S] [--email E] [--unverified] [--given G] [--family F]
/// [--es256]`:
/// `FakeOpenIDProvider` served on 127.0.0.1 (its issuer `http://127.0.0.1:N`), for the end-to-end tests of Google
/// sign-in. Every request is answered by the provider itself; this file only carries bytes.
struct FakeProviderArguments {
    static let usage = """
        usage: kith-fake-oidc --port N [--client-id ID]... [--subject S] [--email E] [--unverified] [--given G]
                              [--family F] [--es256]
        A fake OpenID provider on 127.0.0.1:N (issuer http://127.0.0.1:N) that approves one user, for tests.
          --port N          the port (0: any free one)
          --client-id ID    a client id it accepts (repeatable; default kith-test-client)
          --subject S       the user's subject (default fake-subject-1)
          --email E         the user's email (default fake.user@example.com)
          --unverified      the email is not verified
          --given G         the user's given name (default Fay)
          --family F        the user's family name (default Kay)
          --es256           ES256 keys instead of RS256
          --help            this text

        """

    var port = 0
    /// `--help` or `-h`: print the usage and serve nothing.
    var help = false
    var clientIds: [String] = []
    /// ES256 keys instead of RS256: a new P-256 key is instant, a new RSA key is not (tests that make many).
    var es256 = false
    var user = FakeProviderUser(
        subject: "fake-subject-1", email: "fake.user@example.com", givenName: "Fay", familyName: "Kay")

    init(_ arguments: [String]) {
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            if flag == "--help" || flag == "-h" {
                help = true
                continue
            }
            if flag == "--unverified" || flag == "--es256" {
                if flag == "--unverified" { user.emailVerified = false } else { es256 = true }
                continue
            }
            let value = remaining.popFirst() ?? ""
            switch flag {
            case "--port": port = Int(value) ?? 0
            case "--client-id": clientIds.append(value)
            case "--subject": user.subject = value
            case "--email": user.email = value
            case "--given": user.givenName = value
            case "--family": user.familyName = value
            default: FileHandle.standardError.write(Data("unknown argument \(flag)\n".utf8))
            }
        }
    }
}

let arguments = FakeProviderArguments(Array(CommandLine.arguments.dropFirst()))
if arguments.help {
    FileHandle.standardOutput.write(Data(FakeProviderArguments.usage.utf8))
    exit(0)
}
let issuer = "http://127.0.0.1:\(arguments.port)"
let provider = try FakeOpenIDProvider(
    issuer: issuer, clientIds: arguments.clientIds.isEmpty ? ["kith-test-client"] : arguments.clientIds,
    user: arguments.user, es256: arguments.es256)

let router = Router()
let forward: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
    let body = try await request.body.collect(upTo: 1 << 20)
    guard let url = URL(string: issuer + request.uri.description) else { return Response(status: .badRequest) }
    let method = Networking.HTTPMethod(rawValue: request.method.rawValue)
    let answer = await provider.respond(
        to: Networking.HTTPRequest(method: method, url: url, body: Data(body.readableBytesView)))
    // The provider sets only these three.
    var headers = HTTPFields()
    headers[.contentType] = answer.headers["Content-Type"]
    headers[.location] = answer.headers["Location"]
    headers[.cacheControl] = answer.headers["Cache-Control"]
    return Response(
        status: .init(code: answer.status), headers: headers,
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
}
router.get("**", use: forward)
router.post("**", use: forward)
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: arguments.port)))
try await app.runService()
