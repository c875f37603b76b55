import Accounts
import Device
import Identity

// MARK: - Shorthands the contract cases and the store tests share

extension ThisDevice {
    /// Signs up `name@example.com` as "Name Tester" with password "password-name".
    @discardableResult
    public func signUp(_ name: String, role: AccountRole = .member) async throws -> Account {
        try await signUp(
            SignUp(
                email: "\(name.lowercased())@example.com", firstName: name, lastName: "Tester",
                password: "password-\(name.lowercased())", role: role))
    }

    /// The principal of this process, which must be signed in.
    public func me() async throws -> Principal {
        guard let principal = try await currentPrincipal() else { throw IdentityError.notSignedIn }
        return principal
    }
}

extension LocalIdentityService {
    /// Registers `name@example.com` as "Name Tester" (a bearer session, as a server signs up): its principal.
    public func register(_ name: String, role: AccountRole = .member) async throws -> Principal {
        let grant = try await register(
            SignUp(
                email: "\(name.lowercased())@example.com", firstName: name, lastName: "Tester",
                password: "password-\(name.lowercased())", role: role))
        return try await principal(forToken: grant.token)
    }
}

/// The email `signUp(_:)` and `register(_:)` give `name`.
public func email(_ name: String) -> String { "\(name.lowercased())@example.com" }
/// The password `signUp(_:)` and `register(_:)` give `name`.
public func password(_ name: String) -> String { "password-\(name.lowercased())" }

/// Runs `body` and returns the `IdentityError` it threw (nil if none, or another error).
public func identityError(_ body: () async throws -> Void) async -> IdentityError? {
    do {
        try await body()
        return nil
    } catch let error as IdentityError {
        return error
    } catch {
        return nil
    }
}
