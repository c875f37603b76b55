/// A thumb on a title: `up` or `down`, as `vote TITLE up|down` and the wire name it.
public enum VoteChoice: String, Sendable, Codable, CaseIterable, Hashable {
    case up
    case down
}
