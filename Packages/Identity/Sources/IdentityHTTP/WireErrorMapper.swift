import Accounts
import IdentityWire
import Kernel
import Networking

/// Turns what the server answered into the error the local service would have thrown, by the `error` code of the
/// body and its `details`, through the Wire modules' tables: the sentence is never read.
///
/// A code no table knows stays a `NetworkingError` (whose description is the server's sentence); a 401 without a
/// known code (the bearer check's own `unauthorized`) is "Not signed in"; connection failures keep the seed's
/// sentences ("Connection error. Please try again.", ...).
public struct WireErrorMapper: Sendable {
    let types: [any WireCodedError.Type]

    /// Maps through `types` first, then `IdentityError` (whose refusals every feature passes through).
    public init(_ types: [any WireCodedError.Type]) {
        self.types = types.contains { $0 == IdentityError.self } ? types : types + [IdentityError.self]
    }

    /// The domain error for `error`, or `error` itself.
    public func map(_ error: any Error) -> any Error {
        guard let error = error as? NetworkingError else { return error }
        if let code = error.serverError {
            let details = error.body.flatMap { try? KithJSON.decoder().decode(WireError.self, from: $0) }?.details
            for type in types {
                if let mapped = type.init(wireCode: code, details: details ?? .none) { return mapped }
            }
        }
        if error.code == .unauthorized { return IdentityError.notSignedIn }
        return error
    }
}
