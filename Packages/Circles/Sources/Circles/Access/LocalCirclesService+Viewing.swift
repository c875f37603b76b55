import Accounts
import Foundation

extension LocalCirclesService {
    // MARK: - Viewing

    public func viewAs(_ principal: Principal, contact: String, profile: String?) async throws -> ProfileView {
        try await runReading(principal) { context in
            let profile = try context.profile(profile)
            let contact = try context.contact(contact)
            let index = try context.index(owner: context.ownerId)
            guard let slot = index.slot(ofProfile: profile.id),
                let viewer = index.viewer(contact: contact, profileSlot: slot, at: context.now)
            else { throw CirclesError.profileNotFound(profile.displayName) }
            // The owner's own shadow exists for the owner: the preview says who cannot see it.
            guard AccessIndex.isVisible(index.rules[slot], to: viewer) else {
                throw CirclesError.cannotSee(contact: contact.displayName, profile: profile.displayName)
            }
            return try context.view(of: profile, rules: index.rules[slot], viewer: viewer)
        }
    }

    public func look(_ principal: Principal, _ target: String) async throws -> ProfileView {
        // Only the target's data is read: the viewer is known by account id.
        try await runReading(principal, readsOwnData: false) { context in
            let (profile, rules, viewer) = try context.visibleTarget(target)
            return try context.view(of: profile, rules: rules, viewer: viewer)
        }
    }

    // MARK: - Requests

    public func request(
        _ principal: Principal, _ target: String, field: Field, reason: String?
    ) async throws -> RequestReceipt {
        try await run(principal) { context in
            let (profile, rules, viewer) = try context.visibleTarget(target)
            switch AccessIndex.access(field, rules, for: viewer) {
            case .allow: throw CirclesError.alreadyVisible(field)
            case .deny: throw CirclesError.notShared(field)
            case .ask: break
            }
            let requests = try context.transaction.requests(ownerAccountId: profile.ownerAccountId)
                .filter { $0.requesterAccountId == context.ownerId && $0.isPending(at: context.now) }
            if let existing = requests.first(where: { $0.profileId == profile.id && $0.field == field }) {
                return RequestReceipt(requestId: existing.id)
            }
            guard requests.count < Self.pendingRequestLimit else { throw CirclesError.tooManyPendingRequests }
            let reason = try Validation.text(reason, field: "reason", maxLength: CirclesLimits.reasonMax)
            let persona = try context.activePersona(in: try context.profiles())
            let record = RequestRecord(
                id: context.random.uuidString(), ownerAccountId: profile.ownerAccountId, profileId: profile.id,
                requesterAccountId: context.ownerId, requesterProfileId: persona.id,
                requester: PersonaSummary(displayName: persona.displayName, username: persona.username), field: field,
                reason: reason, createdAt: context.now,
                expiresAt: context.now.addingTimeInterval(Self.requestLifetime), status: .pending)
            try context.transaction.insertRequest(record)
            return RequestReceipt(requestId: record.id)
        }
    }

    public func requests(_ principal: Principal) async throws -> [AccessRequest] {
        try await runReading(principal) { context in try context.inbox(try context.pendingRequests()) }
    }

    public func allowRequest(_ principal: Principal, _ reference: String, allFields: Bool) async throws -> Grant {
        try await run(principal) { context in
            var request = try context.pendingRequest(reference)
            request.status = .allowed
            try context.transaction.updateRequest(request)
            let grant = GrantRecord(
                id: context.random.uuidString(), ownerAccountId: context.ownerId, profileId: request.profileId,
                viewerAccountId: request.requesterAccountId, viewer: request.requester,
                field: allFields ? nil : request.field, createdAt: context.now)
            try context.transaction.insertGrant(grant)
            return Grant(grant)
        }
    }

    public func denyRequest(_ principal: Principal, _ reference: String) async throws -> AccessRequest {
        try await run(principal) { context in
            var request = try context.pendingRequest(reference)
            request.status = .denied
            try context.transaction.updateRequest(request)
            return try context.inbox([request])[0]
        }
    }

    // MARK: - Grants

    public func grants(_ principal: Principal) async throws -> [Grant] {
        try await runReading(principal) { context in try context.liveGrants().map(Grant.init) }
    }

    public func revokeGrant(_ principal: Principal, _ reference: String) async throws -> Grant {
        try await run(principal, durability: .immediate) { context in
            let id = reference.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let grant = try context.liveGrants().first(where: { $0.id == id }) else {
                throw CirclesError.grantNotFound(id)
            }
            try context.transaction.deleteGrant(id: grant.id)
            return Grant(grant)
        }
    }
}

extension Context {
    /// The profile `target` names (`@username`: any profile; an email: that account's primary) with the engine's
    /// rules and the caller as its viewer; "No profile named TARGET" when it does not exist or is hidden.
    func visibleTarget(_ target: String) throws -> (Profile, ProfileRules, ViewerAccess) {
        let text = target.trimmingWhitespace()
        let profile: Profile?
        if text.hasPrefix("@") {
            profile = (try? Validation.username(text)).flatMap { try? transaction.profile(username: $0) }
        } else if text.contains("@" as Character) {
            _ = try Validation.email(text)
            // The version of the owner this email had when last looked at is asked for with the account (one
            // round trip on PostgreSQL), and used only if the account read now is that owner.
            let emailKey = EmailAddress.comparisonKey(text)
            let guess = try (canWrite ? nil : engine.ownerHint(emailKey: emailKey)).map {
                (owner: $0, token: try transaction.changeTokenLater(owner: $0))
            }
            if let account = try identity.account(email: text) {
                if let guess, guess.owner == account.id {
                    readTokens.byOwner[account.id] = try guess.token()
                } else {
                    engine.rememberOwner(account.id, emailKey: emailKey)
                }
                try ensurePrepared(account)
                profile = try index(owner: account.id).primary
            } else {
                profile = nil
            }
        } else {
            throw CirclesError.invalidTarget(text)
        }
        guard let profile else { throw CirclesError.profileNotFound(text) }
        let index = try index(owner: profile.ownerAccountId)
        guard let slot = index.slot(ofProfile: profile.id) else { throw CirclesError.profileNotFound(text) }
        let viewer = index.viewer(accountId: ownerId, profileSlot: slot, at: now)
        // A hidden shadow is exactly as absent as a profile that does not exist.
        guard AccessIndex.isVisible(index.rules[slot], to: viewer) else { throw CirclesError.profileNotFound(text) }
        return (profile, index.rules[slot], viewer)
    }

    /// What the viewer gets: allowed values only, the ask fields, and the primary behind a revealed shadow.
    func view(of profile: Profile, rules: ProfileRules, viewer: ViewerAccess) throws -> ProfileView {
        var fields: [Field: String?] = [:]
        var access: [Field: Access] = [:]
        var ask: [Field] = []
        for field in Field.allCases {
            let decision = AccessIndex.access(field, rules, for: viewer)
            access[field] = decision
            fields[field] = decision == .allow ? profile.value(of: field) : String?.none
            if decision == .ask { ask.append(field) }
        }
        var revealed: RevealedIdentity?
        if profile.isShadow, profile.revealedAt != nil, let primary = try index(owner: profile.ownerAccountId).primary {
            revealed = RevealedIdentity(
                profileId: primary.id, displayName: primary.displayName, username: primary.username)
        }
        return ProfileView(profileId: profile.id, fields: fields, ask: ask, revealedAs: revealed, access: access)
    }

    func pendingRequests() throws -> [RequestRecord] {
        try transaction.requests(ownerAccountId: ownerId).filter { $0.isPending(at: now) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    /// The owner's inbox values of `records`, each with its relationship context: the circles holding the requester
    /// (Contacts when it is a linked contact, then the circles holding that contact). A request made under a shadow
    /// that is not revealed gets none: naming the requester's circles would link the shadow to its account.
    func inbox(_ records: [RequestRecord]) throws -> [AccessRequest] {
        let contacts = try filledContacts()
        let everyContact = try circles().first { $0.builtIn == .contacts }.map { [$0.name] } ?? []
        return try records.map { record in
            let persona = try transaction.profile(id: record.requesterProfileId)
            guard let persona, !persona.isShadow || persona.revealedAt != nil else { return AccessRequest(record) }
            let contact = contacts.first { $0.linkedAccountId == record.requesterAccountId }
            return AccessRequest(record, requesterCircles: contact.map { everyContact + $0.circleNames } ?? [])
        }
    }

    func pendingRequest(_ reference: String) throws -> RequestRecord {
        try ReferenceResolver.resolve(reference, in: pendingRequests(), kind: .request, id: \.id, name: \.id)
    }

    func liveGrants() throws -> [GrantRecord] {
        try transaction.grants(ownerAccountId: ownerId).filter { $0.isLive(at: now) }
    }
}
