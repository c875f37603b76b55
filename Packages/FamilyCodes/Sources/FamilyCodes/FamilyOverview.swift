/// What `family` shows: a player's code card, or a parent's families.
public enum FamilyOverview: Sendable, Hashable {
    case player(FamilyCard)
    case parent([JoinedFamily])
}
