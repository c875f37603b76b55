/// What other features say about registered apps in the operator's `kith-server apps list` (Events: a webhook that a
/// 410 disabled). Provided by those features; Tokens only shows the notes.
public protocol AppNotes: Sendable {
    /// A short note for each of `apps` that has one, by app id.
    func notes(for apps: [RegisteredApp]) async throws -> [String: String]
}
