import Accounts
import Foundation
import Kernel

extension LocalCirclesService {
    // MARK: - Contacts

    public func contacts(_ principal: Principal, matching search: ContactSearch) async throws -> [Contact] {
        try await runReading(principal) { context in
            let circle = try search.circle.map { try context.circle($0) }
            return try context.filledContacts().filter { contact in
                // Contacts and Public hold every contact.
                let inCircle = circle.map { !$0.takesMembers || contact.circleIds.contains($0.id) } ?? true
                return inCircle && search.matches(contact)
            }.sorted {
                ($0.displayName.lowercased(), $0.createdAt) < ($1.displayName.lowercased(), $1.createdAt)
            }
        }
    }

    public func addContact(_ principal: Principal, _ draft: ContactDraft) async throws -> Contact {
        try await run(principal) { context in
            let name = try Validation.name(draft.displayName)
            let linked = try context.linkableAccount(draft.accountEmail, except: nil)
            let contact = Contact(
                id: context.random.uuidString(), ownerAccountId: context.ownerId, displayName: name,
                linkedAccountId: linked, phone: try Validation.phone(draft.phone),
                email: try Validation.email(draft.email), createdAt: context.now)
            try context.transaction.insertContact(contact)
            if linked != nil { try context.accessChanged() }
            return contact
        }
    }

    public func editContact(_ principal: Principal, _ reference: String, _ edit: ContactEdit) async throws -> Contact {
        try await run(principal) { context in
            guard edit != ContactEdit() else { throw CirclesError.nothingToChange }
            var contact = try context.contact(reference)
            let previousLink = contact.linkedAccountId
            if let name = edit.displayName { contact.displayName = try Validation.name(name) }
            if let email = edit.accountEmail {
                contact.linkedAccountId = try context.linkableAccount(email, except: contact.id)
            }
            if let phone = edit.phone { contact.phone = try Validation.phone(phone) }
            if let email = edit.email { contact.email = try Validation.email(email) }
            try context.transaction.updateContact(contact)
            // A contact that stops being that account takes the account's grants with it, as removing it would.
            if let previousLink, previousLink != contact.linkedAccountId {
                try context.endGrants(toAccount: previousLink)
            }
            if previousLink != contact.linkedAccountId { try context.accessChanged() }
            return try context.filled(contact)
        }
    }

    public func removeContact(_ principal: Principal, _ reference: String) async throws -> Contact {
        try await run(principal) { context in
            let contact = try context.filled(try context.contact(reference))
            try context.transaction.deleteContact(id: contact.id)
            if let account = contact.linkedAccountId { try context.endGrants(toAccount: account) }
            if contact.linkedAccountId != nil || !contact.circleIds.isEmpty { try context.accessChanged() }
            return contact
        }
    }

    // MARK: - Circles

    public func circles(_ principal: Principal) async throws -> [Circle] {
        try await runReading(principal) { context in try context.countedCircles() }
    }

    public func circle(_ principal: Principal, _ reference: String, search: String?) async throws -> CircleDetail {
        try await runReading(principal) { context in
            var detail = try context.detail(of: try context.circle(reference))
            detail.members = detail.members.filter(ContactSearch(text: search).matches)
            return detail
        }
    }

    public func createCircle(
        _ principal: Principal, name: String, emoji: String?, color: String?
    ) async throws -> Circle {
        try await run(principal) { context in
            let name = try Validation.circleName(name)
            let circles = try context.circles()
            try context.checkUnique(name, among: circles, except: nil)
            guard circles.count < Self.circleLimit else { throw CirclesError.tooManyCircles }
            var circle = Circle(
                id: context.random.uuidString(), ownerAccountId: context.ownerId, name: name, builtIn: nil,
                emoji: try emoji.map(Validation.emoji) ?? "⭕", color: try color.map(Validation.color) ?? .blue,
                position: (circles.map(\.position).max() ?? -1) + 1, createdAt: context.now)
            try context.transaction.insertCircle(circle)
            circle.memberCount = 0
            return circle
        }
    }

    public func editCircle(_ principal: Principal, _ reference: String, _ edit: CircleEdit) async throws -> Circle {
        try await run(principal) { context in
            guard edit != CircleEdit() else { throw CirclesError.nothingToChange }
            var circle = try context.circle(reference)
            guard circle.kind == .custom else { throw CirclesError.notCustom(circle.name) }
            if let name = edit.name {
                let name = try Validation.circleName(name)
                try context.checkUnique(name, among: try context.circles(), except: circle.id)
                circle.name = name
            }
            if let emoji = edit.emoji { circle.emoji = try Validation.emoji(emoji) }
            if let color = edit.color { circle.color = try Validation.color(color) }
            try context.transaction.updateCircle(circle)
            return try context.counted(circle)
        }
    }

    public func deleteCircle(_ principal: Principal, _ reference: String, moveTo: String?) async throws -> Circle {
        try await run(principal) { context in
            let circle = try context.circle(reference)
            guard circle.kind == .custom else { throw CirclesError.notCustom(circle.name) }
            if let moveTo {
                let target = try context.circle(moveTo)
                try context.move(from: circle, into: target)
            }
            let counted = try context.counted(circle)
            try context.transaction.deleteCircle(id: circle.id)
            // Its column of the matrix and its memberships go with it.
            try context.accessChanged()
            return counted
        }
    }

    public func addMembers(_ principal: Principal, circle: String, contacts: [String]) async throws -> CircleDetail {
        try await run(principal, prefetching: [.memberships, .contacts, .requests, .activePersona]) { context in
            guard !contacts.isEmpty else { throw CirclesError.noContacts }
            let circle = try context.circle(circle)
            guard circle.takesMembers else { throw CirclesError.noManualMembers }
            let members = Set(try context.members(of: circle.id))
            var already: [String] = []
            var added: Set<String> = []
            for contact in try contacts.map(context.contact) {
                // A contact already in the circle is no change: the caller is told so ("NAME is already in CIRCLE").
                if members.contains(contact.id) {
                    if !already.contains(contact.id) { already.append(contact.id) }
                } else if added.insert(contact.id).inserted {
                    try context.transaction.insertMembership(Membership(circleId: circle.id, contactId: contact.id))
                }
            }
            if !added.isEmpty { try context.accessChanged() }
            var detail = try context.detail(of: circle)
            detail.alreadyMembers = already
            return detail
        }
    }

    public func removeMembers(
        _ principal: Principal, circle: String, contacts: [String]
    ) async throws -> CircleDetail {
        try await run(principal, prefetching: [.contacts, .requests, .activePersona]) { context in
            guard !contacts.isEmpty else { throw CirclesError.noContacts }
            let circle = try context.circle(circle)
            guard circle.takesMembers else { throw CirclesError.noManualMembers }
            let members = Set(try context.members(of: circle.id))
            for contact in try contacts.map(context.contact) {
                try context.transaction.deleteMembership(Membership(circleId: circle.id, contactId: contact.id))
                if members.contains(contact.id) { try context.accessChanged() }
            }
            return try context.detail(of: circle)
        }
    }

    public func mergeCircles(_ principal: Principal, from: String, into: String) async throws -> Circle {
        try await run(principal) { context in
            let source = try context.circle(from)
            let target = try context.circle(into)
            guard source.kind == .custom else { throw CirclesError.notCustom(source.name) }
            try context.move(from: source, into: target)
            try context.transaction.deleteCircle(id: source.id)
            try context.accessChanged()
            return try context.counted(target)
        }
    }

    public func suggestions(_ principal: Principal) async throws -> [MergeSuggestion] {
        try await runReading(principal) { context in
            let dismissed = try context.transaction.dismissedSuggestions(ownerAccountId: context.ownerId)
            return try context.allSuggestions().filter { !dismissed.contains($0.suggestionId) }
        }
    }

    public func dismissSuggestion(_ principal: Principal, _ suggestionId: String) async throws {
        try await run(principal) { context in
            let id = suggestionId.trimmingCharacters(in: .whitespacesAndNewlines)
            guard try context.allSuggestions().contains(where: { $0.suggestionId == id }) else {
                throw CirclesError.suggestionNotFound(id)
            }
            try context.transaction.dismissSuggestion(id, ownerAccountId: context.ownerId)
        }
    }
}

extension Context {
    /// The account with `email` to link to a contact, refusing oneself and an account linked already.
    func linkableAccount(_ email: String?, except contactId: String?) throws -> String? {
        guard let email = try Validation.email(email) else { return nil }
        guard let account = try identity.account(email: email) else { throw IdentityError.notFound(.account, email) }
        guard account.id != ownerId else { throw CirclesError.cannotLinkSelf }
        if let existing = try transaction.contact(ownerAccountId: ownerId, linkedAccountId: account.id),
            existing.id != contactId
        {
            throw CirclesError.accountAlreadyLinked(account.email)
        }
        return account.id
    }

    /// Ends every grant the owner gave to `accountId`.
    func endGrants(toAccount accountId: String) throws {
        for grant in try transaction.grants(ownerAccountId: ownerId) where grant.viewerAccountId == accountId {
            try transaction.deleteGrant(id: grant.id)
        }
    }

    func checkUnique(_ name: String, among circles: [Circle], except id: String?) throws {
        let key = ReferenceResolver.normalizedKey(name)
        if circles.contains(where: { $0.id != id && ReferenceResolver.normalizedKey($0.name) == key }) {
            throw CirclesError.circleNameTaken(name)
        }
    }

    /// The contact ids of a circle's manual members.
    func members(of circleId: String) throws -> [String] {
        try transaction.memberships(ownerAccountId: ownerId).filter { $0.circleId == circleId }.map(\.contactId)
    }

    /// Moves every member of `source` into `target` (which must take members and differ).
    func move(from source: Circle, into target: Circle) throws {
        guard source.id != target.id else { throw CirclesError.sameCircle(source.name) }
        guard target.takesMembers else { throw CirclesError.noManualMembers }
        let present = Set(try members(of: target.id))
        for contactId in try members(of: source.id) where !present.contains(contactId) {
            try transaction.insertMembership(Membership(circleId: target.id, contactId: contactId))
        }
    }

    /// Circles with member counts: Contacts every contact, Public nil.
    func countedCircles() throws -> [Circle] {
        let memberships = try transaction.memberships(ownerAccountId: ownerId)
        let contactCount = try contacts().count
        var counts: [String: Int] = [:]
        for membership in memberships { counts[membership.circleId, default: 0] += 1 }
        return try circles().map { circle in
            var circle = circle
            switch circle.builtIn {
            case .public: circle.memberCount = nil
            case .contacts: circle.memberCount = contactCount
            default: circle.memberCount = counts[circle.id] ?? 0
            }
            return circle
        }
    }

    /// `circle` with its member count, as `countedCircles` counts it.
    func counted(_ circle: Circle) throws -> Circle {
        try countedCircles().first { $0.id == circle.id } ?? circle
    }

    /// Contacts with the names and ids of the circles holding them.
    func filledContacts() throws -> [Contact] {
        let circles = try circles()
        let memberships = try transaction.memberships(ownerAccountId: ownerId)
        var byContact: [String: Set<String>] = [:]
        for membership in memberships { byContact[membership.contactId, default: []].insert(membership.circleId) }
        return try contacts().map { contact in
            var contact = contact
            let held = circles.filter { byContact[contact.id]?.contains($0.id) ?? false }
            contact.circleIds = held.map(\.id)
            contact.circleNames = held.map(\.name)
            return contact
        }
    }

    func filled(_ contact: Contact) throws -> Contact {
        try filledContacts().first { $0.id == contact.id } ?? contact
    }

    func detail(of circle: Circle) throws -> CircleDetail {
        let counted = try self.counted(circle)
        let contacts = try filledContacts()
        let members: [Contact]
        switch circle.builtIn {
        case .public: members = []
        case .contacts: members = contacts
        default:
            let ids = Set(try self.members(of: circle.id))
            members = contacts.filter { ids.contains($0.id) }
        }
        let persona = try activePersona(in: try profiles())
        let cells = try savedCells(of: persona)
        var access: [Field: Access] = [:]
        for field in Field.allCases { access[field] = cells[field]?[circle.id] ?? .deny }
        let accounts = Set(members.compactMap(\.linkedAccountId))
        let requests = try inbox(
            try transaction.requests(ownerAccountId: ownerId)
                .filter { $0.isPending(at: now) && accounts.contains($0.requesterAccountId) })
        return CircleDetail(
            circle: counted, members: members.sorted { $0.displayName.lowercased() < $1.displayName.lowercased() },
            profileId: persona.id, access: access, pendingRequests: requests)
    }

    /// Every candidate pair (dismissed ones included): a custom circle and another non-mandatory circle, each with
    /// 2 or more members, with a Jaccard index of 0.8 or more.
    func allSuggestions() throws -> [MergeSuggestion] {
        let circles = try circles().filter { $0.kind != .mandatory }
        var members: [String: Set<String>] = [:]
        for membership in try transaction.memberships(ownerAccountId: ownerId) {
            members[membership.circleId, default: []].insert(membership.contactId)
        }
        var suggestions: [MergeSuggestion] = []
        for (index, first) in circles.enumerated() {
            for second in circles[(index + 1)...] where first.kind == .custom || second.kind == .custom {
                let a = members[first.id] ?? []
                let b = members[second.id] ?? []
                guard a.count >= 2, b.count >= 2 else { continue }
                let intersection = a.intersection(b).count
                let union = a.union(b).count
                // Exact: |A ∩ B| / |A ∪ B| >= 0.8 without floating point.
                guard 5 * intersection >= 4 * union else { continue }
                let (from, into) = first.kind == .custom ? (first, second) : (second, first)
                suggestions.append(
                    MergeSuggestion(
                        suggestionId: Self.suggestionId(from.id, into.id), circleIds: [from.id, into.id],
                        circleNames: [from.name, into.name], jaccard: Double(intersection) / Double(union)))
            }
        }
        return suggestions
    }

    /// Stable for the pair, whichever order the circles come in.
    static func suggestionId(_ a: String, _ b: String) -> String {
        "sug_" + TokenDigest.hexDigest([a, b].sorted().joined(separator: "|")).prefix(16)
    }
}
