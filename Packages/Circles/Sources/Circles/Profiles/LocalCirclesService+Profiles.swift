import Accounts
import Foundation

extension LocalCirclesService {
    // MARK: - Profiles

    public func profile(_ principal: Principal, _ reference: String?) async throws -> Profile {
        try await runReading(principal) { context in try context.profile(reference) }
    }

    public func editProfile(_ principal: Principal, _ reference: String?, _ edit: ProfileEdit) async throws -> Profile {
        let profile = try await run(principal) { context in
            guard edit != ProfileEdit() else { throw CirclesError.nothingToChange }
            var profile = try context.profile(reference)
            if let name = edit.displayName { profile.displayName = try Validation.name(name) }
            if let username = edit.username {
                if username.trimmingCharacters(in: .whitespaces).isEmpty {
                    profile.username = nil
                } else {
                    let username = try Validation.username(username)
                    if let other = try context.transaction.profile(username: username), other.id != profile.id {
                        throw CirclesError.usernameTaken(username)
                    }
                    profile.username = username
                }
            }
            if let bio = edit.bio {
                profile.bio = try Validation.text(bio, field: "bio", maxLength: CirclesLimits.bioMax)
            }
            if let phone = edit.phone { profile.phone = try Validation.phone(phone) }
            if let email = edit.email { profile.email = try Validation.email(email) }
            if let photo = edit.photo {
                profile.photo = try Validation.text(photo, field: "photo", maxLength: Validation.photoMax)
            }
            try context.transaction.updateProfile(profile)
            return profile
        }
        // This device's saved entry of the account shows its primary profile's photo (the switcher's avatar).
        if edit.photo != nil, !profile.isShadow {
            try await savedAccounts?.follow(photoURL: profile.photo, of: principal.accountId)
        }
        return profile
    }

    // MARK: - Shadows

    public func createShadow(
        _ principal: Principal, type: ProfileType, displayName: String, circles: [String]
    ) async throws -> Profile {
        try await run(principal) { context in
            guard ProfileType.shadowTypes.contains(type) else { throw CirclesError.invalidShadowType(type.rawValue) }
            let name = try Validation.name(displayName)
            guard try context.profiles().filter(\.isShadow).count < Self.shadowLimit else {
                throw CirclesError.tooManyShadows
            }
            let audience = try context.audience(circles)
            let shadow = Profile(
                id: context.random.uuidString(), ownerAccountId: context.ownerId, type: type, displayName: name,
                shownToCircleIds: audience, lastUsedAt: context.now, createdAt: context.now)
            try context.transaction.insertProfile(shadow)
            try context.transaction.setActivePersonaId(shadow.id, accountId: context.ownerId)
            return shadow
        }
    }

    public func setShadowCircles(_ principal: Principal, _ reference: String, circles: [String]) async throws -> Profile
    {
        try await run(principal) { context in
            var shadow = try context.shadow(reference)
            shadow.shownToCircleIds = try context.audience(circles)
            try context.transaction.updateProfile(shadow)
            return shadow
        }
    }

    public func revealShadow(_ principal: Principal, _ reference: String) async throws -> Profile {
        try await run(principal) { context in
            var shadow = try context.shadow(reference)
            guard shadow.revealedAt == nil else { throw CirclesError.alreadyRevealed(shadow.displayName) }
            shadow.revealedAt = context.now
            try context.transaction.updateProfile(shadow)
            return shadow
        }
    }

    public func deleteShadow(_ principal: Principal, _ reference: String) async throws -> Profile {
        try await run(principal, durability: .immediate) { context in
            let shadow = try context.shadow(reference)
            if try context.transaction.activePersonaId(accountId: context.ownerId) == shadow.id {
                try context.transaction.setActivePersonaId(nil, accountId: context.ownerId)
            }
            try context.transaction.deleteProfile(id: shadow.id)
            return shadow
        }
    }

    // MARK: - Personas

    public func personas(_ principal: Principal) async throws -> [Persona] {
        try await runReading(principal) { context in
            let profiles = try context.profiles()
            let active = try context.activePersona(in: profiles)
            let shadows = profiles.filter(\.isShadow).sorted {
                ($0.lastUsedAt ?? .distantPast, $0.createdAt) > ($1.lastUsedAt ?? .distantPast, $1.createdAt)
            }
            return (profiles.filter { !$0.isShadow } + shadows).map { Context.persona($0, active: active.id) }
        }
    }

    public func activePersona(_ principal: Principal) async throws -> Persona {
        // The persona is the account's, and it presents the account while it acts for a member too: `whoami` and
        // `/api/me` both show it, so this one call answers for the account whoever it acts as.
        var account = principal
        account.actingAs = nil
        return try await runReading(account) { context in
            let active = try context.activePersona(in: try context.profiles())
            return Context.persona(active, active: active.id)
        }
    }

    public func switchPersona(_ principal: Principal, _ reference: String) async throws -> Persona {
        try await run(principal) { context in
            var profile = try context.profile(reference)
            profile.lastUsedAt = context.now
            try context.transaction.updateProfile(profile)
            try context.transaction.setActivePersonaId(profile.id, accountId: context.ownerId)
            return Context.persona(profile, active: profile.id)
        }
    }

    // MARK: - The matrix

    public func accessMatrix(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        try await runReading(principal) { context in try context.matrix(of: try context.profile(profile)) }
    }

    public func setAccess(
        _ principal: Principal, profile: String?, field: Field, circle: String, access: Access
    ) async throws -> AccessMatrix {
        try await editMatrix(principal, profile) { context, profile in
            try context.stage([(field, try context.circle(circle).id, access)], of: profile)
        }
    }

    public func cycleAccess(
        _ principal: Principal, profile: String?, field: Field, circle: String
    ) async throws -> AccessMatrix {
        try await editMatrix(principal, profile) { context, profile in
            let circle = try context.circle(circle)
            let shown = try context.matrix(of: profile).access(field, circle.id) ?? .deny
            try context.stage([(field, circle.id, shown.next)], of: profile)
        }
    }

    public func allowAll(_ principal: Principal, profile: String?, circle: String) async throws -> AccessMatrix {
        try await editMatrix(principal, profile) { context, profile in
            let circle = try context.circle(circle)
            try context.stage(Field.allCases.map { ($0, circle.id, .allow) }, of: profile)
        }
    }

    public func resetAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        try await editMatrix(principal, profile) { context, profile in
            let defaults = try context.circles().flatMap { circle in
                Field.allCases.map { ($0, circle.id, AccessDefaults.access($0, circle.builtIn)) }
            }
            try context.stage(defaults, of: profile)
        }
    }

    public func saveAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        try await editMatrix(principal, profile) { context, profile in
            let staged = try context.transaction.stagedCells(accountId: context.ownerId, profileId: profile.id)
            let saved = try context.savedCells(of: profile)
            // One transaction: a failure at any cell rolls back every cell written before it.
            for cell in staged.sorted(by: { ($0.field, $0.circleId) < ($1.field, $1.circleId) }) {
                try context.transaction.setCell(cell)
            }
            if staged.contains(where: { saved[$0.field]?[$0.circleId] != $0.access }) { try context.accessChanged() }
            try context.transaction.clearStagedCells(accountId: context.ownerId, profileId: profile.id)
        }
    }

    public func discardAccess(_ principal: Principal, profile: String?) async throws -> AccessMatrix {
        try await editMatrix(principal, profile) { context, profile in
            try context.transaction.clearStagedCells(accountId: context.ownerId, profileId: profile.id)
        }
    }

    /// Runs `edit` on the matrix of a profile of the caller (nil: the active persona) in one write transaction, and
    /// returns the matrix as it leaves it.
    private func editMatrix(
        _ principal: Principal, _ reference: String?, _ edit: @Sendable (Context, Profile) throws -> Void
    ) async throws -> AccessMatrix {
        try await run(principal) { context in
            let profile = try context.profile(reference)
            try edit(context, profile)
            return try context.matrix(of: profile)
        }
    }

    public func profilesWithUnsavedAccess(_ principal: Principal) async throws -> [Profile] {
        try await runReading(principal) { context in
            let ids = Set(try context.transaction.profilesWithStagedCells(accountId: context.ownerId))
            return try context.profiles().filter { ids.contains($0.id) }
        }
    }
}

extension AccessMatrix {
    /// The warning printed once when leaving the REPL with staged edits.
    public static let unsavedWarning = "You have unsaved access changes: `access save` or `access discard`."
}

extension Context {
    /// A profile as a persona card. The primary's last use is never unknown: a primary made before its first use was
    /// recorded was in use from its creation.
    static func persona(_ profile: Profile, active: String) -> Persona {
        Persona(
            profileId: profile.id, displayName: profile.displayName, type: profile.type, active: profile.id == active,
            lastUsed: profile.lastUsedAt ?? (profile.isShadow ? nil : profile.createdAt), username: profile.username)
    }

    /// A shadow of the caller (the primary is refused).
    func shadow(_ reference: String) throws -> Profile {
        let profile = try profile(reference)
        guard profile.isShadow else { throw CirclesError.notShadow(profile.displayName) }
        return profile
    }

    /// Circle ids for a shadow's audience, in circle order, without repeats.
    func audience(_ references: [String]) throws -> [String] {
        let ids = Set(try references.map { try circle($0).id })
        return try circles().map(\.id).filter { ids.contains($0) }
    }

    /// The saved matrix: stored cells over the defaults, for every circle of the owner.
    func savedCells(of profile: Profile) throws -> [Field: [String: Access]] {
        let circles = try circles()
        var cells: [Field: [String: Access]] = [:]
        for field in Field.allCases {
            var row: [String: Access] = [:]
            for circle in circles { row[circle.id] = AccessDefaults.access(field, circle.builtIn) }
            cells[field] = row
        }
        let known = Set(circles.map(\.id))
        for cell in try transaction.cells(profileId: profile.id) where known.contains(cell.circleId) {
            cells[cell.field, default: [:]][cell.circleId] = cell.access
        }
        return cells
    }

    /// The saved cells with the staged edits laid over them; a staged cell equal to its saved value is no edit.
    func matrix(of profile: Profile) throws -> AccessMatrix {
        let saved = try savedCells(of: profile)
        let staged = try realEdits(of: profile, saved: saved)
        var cells = saved
        for (field, row) in staged {
            for (circleId, access) in row { cells[field, default: [:]][circleId] = access }
        }
        return AccessMatrix(
            profileId: profile.id, cells: cells, unsaved: !staged.isEmpty, staged: staged,
            circles: try countedCircles())
    }

    /// Stages `edits` over the staged ones. A cell staged back to its saved value is no edit: it stops being staged
    /// (so cycling a cell round, or `access reset` of an untouched matrix, leaves nothing unsaved).
    func stage(_ edits: [(Field, String, Access)], of profile: Profile) throws {
        let saved = try savedCells(of: profile)
        var staged = try realEdits(of: profile, saved: saved)
        var unstaged = false
        for (field, circleId, access) in edits {
            if saved[field]?[circleId] == access {
                unstaged = staged[field]?.removeValue(forKey: circleId) != nil || unstaged
            } else {
                staged[field, default: [:]][circleId] = access
            }
        }
        // Dropping a cell needs the set rewritten; otherwise only the new edits are written.
        let writes: [(Field, String, Access)]
        if unstaged {
            try transaction.clearStagedCells(accountId: ownerId, profileId: profile.id)
            writes = staged.flatMap { field, row in row.map { (field, $0.key, $0.value) } }
        } else {
            writes = edits.compactMap { field, circleId, _ in staged[field]?[circleId].map { (field, circleId, $0) } }
        }
        for (field, circleId, access) in writes.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
            try transaction.stageCell(
                MatrixCell(profileId: profile.id, field: field, circleId: circleId, access: access), accountId: ownerId)
        }
    }

    /// The staged cells of known circles that differ from `saved`.
    private func realEdits(of profile: Profile, saved: [Field: [String: Access]]) throws -> [Field: [String: Access]] {
        var staged: [Field: [String: Access]] = [:]
        for cell in try transaction.stagedCells(accountId: ownerId, profileId: profile.id) {
            guard let savedAccess = saved[cell.field]?[cell.circleId], savedAccess != cell.access else { continue }
            staged[cell.field, default: [:]][cell.circleId] = cell.access
        }
        return staged
    }
}
