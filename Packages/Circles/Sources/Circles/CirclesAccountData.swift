import Accounts
import Foundation

/// Circles' share in an account's deletion and export (DOMAIN.md "Leaving, and taking your data"), as plain functions
/// over the one transaction the deletion or export runs in (the composition gives them the feature's store
/// transaction over the same connection as Identity's).
public enum CirclesAccountData {
    /// Removes everything Circles keeps about `deletion`'s account, before Identity removes the account itself.
    ///
    /// In other people's data: the requests it made and the grants it holds go (each carries its persona's name),
    /// and a contact linked to it keeps the name, phone and email its owner typed and loses the link. Its own data
    /// goes whole: profiles and shadows (their cells, staged edits, audiences, the requests to them and the grants
    /// of them), circles (their memberships), contacts, staged edits, the active persona, dismissed suggestions, and
    /// last its change version, which every step before bumped. Other owners' versions are bumped by their own
    /// changes, so their caches notice. Dismissed suggestions name only their owner's circles, so no one else's
    /// name the account.
    public static func delete(_ deletion: AccountDeletion, _ circles: any CirclesStoreTransaction) throws {
        let accountId = deletion.account.id
        try circles.deleteRequests(requesterAccountId: accountId)
        try circles.deleteGrants(viewerAccountId: accountId)
        for var contact in try circles.contacts(linkedAccountId: accountId) {
            contact.linkedAccountId = nil
            try circles.updateContact(contact)
        }
        try circles.deleteProfiles(ownerAccountId: accountId)
        try circles.deleteCircles(ownerAccountId: accountId)
        try circles.deleteContacts(ownerAccountId: accountId)
        try circles.deleteStagedCells(accountId: accountId)
        try circles.deleteActivePersona(accountId: accountId)
        try circles.deleteDismissedSuggestions(ownerAccountId: accountId)
        try circles.deleteChangeVersion(owner: accountId)
    }

    /// Circles' part of an export of `subject`: nil for a managed member (Circles refuses every call while acting,
    /// so it keeps nothing about one) and for an account that never used Circles.
    ///
    /// Of its own data, everything; of the rows it shares with others, only what it is shown: a request to it as its
    /// inbox shows it (the requester's persona, never the requester's account or profile), a grant it gave as its
    /// grants list shows it, and of its requests and grants on other people's profiles, the profile's id and its own
    /// side (never the owner's account or fields).
    public static func export(
        _ subject: ExportSubject, _ circles: any CirclesStoreTransaction
    ) throws -> CirclesExport? {
        guard let accountId = subject.accountId else { return nil }
        let ownCircles = try circles.circles(ownerAccountId: accountId)
        let contacts = try circles.contacts(ownerAccountId: accountId)
        let profiles = try circles.profiles(ownerAccountId: accountId)
        let requestsMade = try circles.requests(requesterAccountId: accountId)
        let grantsHeld = try circles.grants(viewerAccountId: accountId)
        let dismissed = try circles.dismissedSuggestions(ownerAccountId: accountId)
        let activePersonaId = try circles.activePersonaId(accountId: accountId)
        guard
            !(ownCircles.isEmpty && contacts.isEmpty && profiles.isEmpty && requestsMade.isEmpty
                && grantsHeld.isEmpty && dismissed.isEmpty && activePersonaId == nil)
        else { return nil }

        var names: [String: String] = [:]
        for circle in ownCircles { names[circle.id] = circle.name }
        var membersOf: [String: Set<String>] = [:]
        for membership in try circles.memberships(ownerAccountId: accountId) {
            membersOf[membership.contactId, default: []].insert(membership.circleId)
        }
        var saved: [String: [MatrixCell]] = [:]
        for cell in try circles.cells(ownerAccountId: accountId) { saved[cell.profileId, default: []].append(cell) }
        var staged: [String: [MatrixCell]] = [:]
        for profileId in try circles.profilesWithStagedCells(accountId: accountId) {
            staged[profileId] = try circles.stagedCells(accountId: accountId, profileId: profileId)
        }

        var export = CirclesExport()
        export.circles = ownCircles.map(CirclesExport.CircleRecord.init)
        export.contacts = contacts.map { contact in
            let held = ownCircles.filter { membersOf[contact.id]?.contains($0.id) ?? false }
            return CirclesExport.ContactRecord(contact, circles: held)
        }
        export.profiles = profiles.map { profile in
            CirclesExport.ProfileRecord(
                profile, active: profile.id == activePersonaId, circleNames: names,
                matrix: matrix(saved[profile.id] ?? [], over: ownCircles),
                staged: (staged[profile.id] ?? []).map { CirclesExport.Cell($0, circleNames: names) }
                    .sorted { ($0.field, $0.circleId) < ($1.field, $1.circleId) })
        }
        export.activePersonaId = activePersonaId
        export.requestsToMe = try circles.requests(ownerAccountId: accountId).map(CirclesExport.RequestToMe.init)
        export.grantsGiven = try circles.grants(ownerAccountId: accountId).map(CirclesExport.GrantGiven.init)
        export.requestsMade = requestsMade.map(CirclesExport.RequestMade.init)
        export.grantsHeld = grantsHeld.map(CirclesExport.GrantHeld.init)
        export.dismissedSuggestions = dismissed.sorted()
        return export
    }

    /// Every cell of a profile's matrix, field by field in circle order: the stored value, else the default.
    private static func matrix(_ stored: [MatrixCell], over circles: [Circle]) -> [CirclesExport.Cell] {
        var values: [Field: [String: Access]] = [:]
        for cell in stored { values[cell.field, default: [:]][cell.circleId] = cell.access }
        return Field.allCases.flatMap { field in
            circles.map { circle in
                CirclesExport.Cell(
                    field: field, circleId: circle.id, circleName: circle.name,
                    access: values[field]?[circle.id] ?? AccessDefaults.access(field, circle.builtIn))
            }
        }
    }
}
