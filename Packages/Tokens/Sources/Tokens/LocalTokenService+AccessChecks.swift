import Circles
import Foundation

extension LocalTokenService {
    // MARK: - Circles for an app's content

    /// Each answer comes from Circles' access engine, the index `look` uses: whether the viewer, as `look` resolves
    /// it against the owner, is in any of the circles. A circle id that is not the owner's matches nothing, so it
    /// answers "not allowed" like a circle the viewer is not in, never telling that it exists.
    public func check(_ checks: [AccessCheck], by credentials: AppCredentials) async throws -> [Bool] {
        guard checks.count <= Self.checkLimit else { throw TokensError.tooManyChecks(checks.count) }
        let engine = engine
        return try await store.read { tokens, _, circles in
            _ = try Self.requireApp(credentials, in: tokens)
            // An owner's change token cannot change inside a read transaction: one index per owner per call.
            var indexes: [String: AccessIndex] = [:]
            return try checks.map { check in
                let index: AccessIndex
                if let known = indexes[check.owner] {
                    index = known
                } else {
                    index = try engine.index(owner: check.owner, token: try circles.changeToken(owner: check.owner)) {
                        AccessIndex(try circles.accessData(ownerAccountId: check.owner))
                    }
                    indexes[check.owner] = index
                }
                return index.isViewer(check.viewer, inAnyOf: check.circles)
            }
        }
    }
}
