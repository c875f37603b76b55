import Accounts

extension Household {
    /// The managed member `reference` names (id or exact name) when `accountId` guards it, or why not: "No member
    /// named NAME", "NAME is not a managed member", "Only a guardian of NAME can do that".
    ///
    /// Public so that a command can refuse who the caller is before it asks for a confirmation, with the
    /// service's own sentence.
    public func guardedMember(_ reference: String, by accountId: String) throws(IdentityError) -> Member {
        let member = try ReferenceResolver.resolve(
            reference, in: members, kind: .member, id: \.memberId, name: \.displayName)
        guard member.kind == .managed else { throw IdentityError.notManaged(member.displayName) }
        guard member.guardianAccountIds.contains(accountId) else { throw IdentityError.notGuardian(member.displayName) }
        return member
    }
}
