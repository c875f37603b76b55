/// What the accounts service knows of a session.
public enum DeviceSessionState: Sendable, Hashable {
    /// Live, for this account.
    case live(accountId: String)
    /// Ended or expired.
    case ended
    /// Nothing is left of it: its account was deleted (ended sessions are kept until then).
    case deleted
    /// No answer (a server out of reach): the session counts as live and is checked on the next call.
    case unanswered
}
