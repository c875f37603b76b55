import Accounts
import Foundation
import Hummingbird
import HummingbirdTesting
import Identity
import Testing

@testable import KithServer

@Suite("Bearer authentication")
struct AuthenticationTests {
    /// Every route that needs a token, as `(method, concrete path)`, read from the router itself.
    static func protectedRoutes(_ server: TestServer) -> [(HTTPRequest.Method, String)] {
        server.router.routes
            .filter {
                let route = "\($0.method.rawValue) \($0.path.description)"
                return !publicRoutes.contains(route) && !appRoutes.contains(route)
            }
            .map { ($0.method, concretePath($0.path.description)) }
    }

    static func expectUnauthorized(
        _ client: any TestClientProtocol, _ routes: [(HTTPRequest.Method, String)], token: String?,
        headers: HTTPFields = [:]
    ) async throws {
        for (method, path) in routes {
            let response = try await client.send(method, path, token: token, body: "{}", headers: headers)
            #expect(response.status == .unauthorized, "\(method) \(path) with token \(token ?? "none")")
            #expect(try response.error().code == "unauthorized", "\(method) \(path)")
        }
    }

    @Test func everyProtectedRouteRefusesAMissingToken() async throws {
        let server = try TestServer()
        let routes = Self.protectedRoutes(server)
        #expect(routes.count >= 30)
        try await server.test { client in
            try await Self.expectUnauthorized(client, routes, token: nil)
        }
    }

    @Test func everyProtectedRouteRefusesAWrongOrMalformedToken() async throws {
        let server = try TestServer()
        let routes = Self.protectedRoutes(server)
        try await server.test { client in
            try await Self.expectUnauthorized(client, routes, token: "not-a-real-token")
            var basic = HTTPFields()
            basic[.authorization] = "Basic ZGFuYTpzZWNyZXQ="
            try await Self.expectUnauthorized(client, routes, token: nil, headers: basic)
        }
    }

    @Test func everyProtectedRouteRefusesAnExpiredToken() async throws {
        let server = try TestServer()
        let clock = server.clock
        let routes = Self.protectedRoutes(server)
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            #expect(try await client.send(.get, "/api/me", token: dana.token).status == .ok)
            clock.advance(by: 30 * 24 * 60 * 60 + 1)
            try await Self.expectUnauthorized(client, routes, token: dana.token)
        }
    }

    @Test func everyProtectedRouteRefusesAnEndedToken() async throws {
        let server = try TestServer()
        let routes = Self.protectedRoutes(server)
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            // Used once, so the server knows the token's principal (`BearerPrincipals`): every route must still
            // find the session ended, in its own service call or through the middleware's check.
            #expect(try await client.send(.get, "/api/me", token: dana.token).status == .ok)
            #expect(try await client.send(.post, "/api/auth/signout", token: dana.token).status == .noContent)
            try await Self.expectUnauthorized(client, routes, token: dana.token)
        }
    }

    @Test func aPasswordChangeEndsTheOtherSessionsOnly() async throws {
        let server = try TestServer()
        try await server.test { client in
            let dana = try await client.signUp("dana@example.com")
            let other = try await client.send(
                .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
            let otherToken = try other.object()["token"] as? String
            let change = try await client.send(
                .put, "/api/me/password", token: dana.token,
                body: #"{"currentPassword":"correct horse","newPassword":"battery staple"}"#)
            #expect(change.status == .noContent)
            #expect(try await client.send(.get, "/api/me", token: dana.token).status == .ok)
            #expect(try await client.send(.get, "/api/me", token: otherToken).status == .unauthorized)
            let old = try await client.send(
                .post, "/api/auth/signin", body: #"{"email":"dana@example.com","password":"correct horse"}"#)
            #expect(old.status == .unauthorized)
            #expect(try old.error().message == "Email or password is incorrect")
        }
    }

    @Test func publicRoutesNeedNoToken() async throws {
        let server = try TestServer()
        try await server.test { client in
            let health = try await client.send(.get, "/health")
            #expect(health.status == .ok)
            #expect(try health.object()["status"] as? String == "ok")
            #expect(try await client.send(.get, "/openapi.json").status == .ok)
        }
    }

    @Test func bearerTokenParsing() {
        var headers = HTTPFields()
        #expect(AuthMiddleware.bearerToken(headers) == nil)
        headers[.authorization] = "bearer abc"
        #expect(AuthMiddleware.bearerToken(headers) == "abc")
        headers[.authorization] = "Bearer "
        #expect(AuthMiddleware.bearerToken(headers) == nil)
        headers[.authorization] = "Token abc"
        #expect(AuthMiddleware.bearerToken(headers) == nil)
    }
}

@Suite("Bearer principals: each token resolved once, its session checked by every call")
struct BearerPrincipalsTests {
    /// Registers `email` as Dana Reyes through `identity`, as the server signs up: the session.
    static func register(_ email: String, on identity: any IdentityService) async throws -> SessionGrant {
        try await identity.register(
            SignUp(email: email, firstName: "Dana", lastName: "Reyes", password: "correct horse"))
    }

    @Test func aKnownTokenIsNotLookedUpAgainButAnEndedOneIsConfirmedAndForgotten() async throws {
        let server = try TestServer()
        let identity = server.services.identity
        let principals = BearerPrincipals(identity: identity, capacity: 2)
        let grant = try await Self.register("dana@example.com", on: identity)
        let first = try await principals.principal(forToken: grant.token)
        #expect(!first.cached && first.principal.accountId == grant.accountId)
        let second = try await principals.principal(forToken: grant.token)
        #expect(second.cached && second.principal == first.principal)
        try await principals.confirm(token: grant.token)
        #expect(principals.count == 1)

        // Ended: the service refuses the cached principal, and `confirm` forgets the token.
        try await identity.endSession(token: grant.token)
        let refused = await #expect(throws: IdentityError.self) { _ = try await identity.account(second.principal) }
        #expect(refused == .notSignedIn)
        await #expect(throws: IdentityError.notSignedIn) { try await principals.confirm(token: grant.token) }
        #expect(principals.count == 0)
        await #expect(throws: IdentityError.notSignedIn) { _ = try await principals.principal(forToken: grant.token) }
        await #expect(throws: IdentityError.notSignedIn) { _ = try await principals.principal(forToken: "made-up") }
        #expect(principals.count == 0)
    }

    /// A router with the API's middleware and two routes that end the caller's session and then fail: one after a
    /// service call found the session live, one without any call.
    static func endingRoutes(_ server: TestServer) -> Router<KithRequestContext> {
        let identity = server.services.identity
        let router = Router(context: KithRequestContext.self)
        router.add(middleware: ErrorMiddleware(routes: RouteMethods()))
        let api = router.group("api").add(
            middleware: AuthMiddleware(identity: identity, principals: BearerPrincipals(identity: identity)))
        let refusal = APIError(.conflict, code: "test.refused", message: "Refused by the route")
        api.get("me") { _, context in
            _ = try await identity.account(try context.requirePrincipal())
            return Response(status: .ok)
        }
        api.post("after-a-call") { request, context -> Response in
            _ = try await identity.account(try context.requirePrincipal())
            try await identity.endSession(token: AuthMiddleware.bearerToken(request.headers) ?? "")
            throw refusal
        }
        api.post("without-a-call") { request, _ -> Response in
            try await identity.endSession(token: AuthMiddleware.bearerToken(request.headers) ?? "")
            throw refusal
        }
        return router
    }

    @Test func aFailureAfterACallFoundTheSessionLiveIsTheRoutesAndOtherwiseTheSessionIsCheckedAgain() async throws {
        let server = try TestServer()
        let app = Application(router: Self.endingRoutes(server))
        let identity = server.services.identity
        try await app.test(.router) { client in
            for (path, status) in [
                ("/api/after-a-call", HTTPResponse.Status.conflict), ("/api/without-a-call", .unauthorized),
            ] {
                let grant = try await Self.register("\(UUID().uuidString)@example.com", on: identity)
                // Known to the server from now on: the next request's principal comes from the cache.
                #expect(try await client.send(.get, "/api/me", token: grant.token).status == .ok)
                // The session ends during the request. After a call found it live, the failure is the route's
                // (the session was live when the request was served); with no call, the middleware checks it
                // again and answers 401, as it would have had it looked the token up first.
                #expect(try await client.send(.post, path, token: grant.token).status == status, "\(path)")
                #expect(try await client.send(.get, "/api/me", token: grant.token).status == .unauthorized)
            }
        }
    }

    @Test func theCacheKeepsAtMostItsCapacity() async throws {
        let server = try TestServer()
        let identity = server.services.identity
        let principals = BearerPrincipals(identity: identity, capacity: 2)
        for name in ["ann", "bo", "cy"] {
            let grant = try await Self.register("\(name)@example.com", on: identity)
            _ = try await principals.principal(forToken: grant.token)
        }
        #expect(principals.count == 2)
    }

    @Test func aCapacityOfZeroLooksEveryTokenUp() async throws {
        let server = try TestServer()
        let identity = server.services.identity
        let principals = BearerPrincipals(identity: identity, capacity: 0)
        let grant = try await Self.register("dana@example.com", on: identity)
        #expect(try await principals.principal(forToken: grant.token).cached == false)
        #expect(try await principals.principal(forToken: grant.token).cached == false)
        #expect(principals.count == 0)
        try await identity.endSession(token: grant.token)
        await #expect(throws: IdentityError.notSignedIn) { _ = try await principals.principal(forToken: grant.token) }
    }
}
