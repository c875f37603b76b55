import Foundation

/// Everything the access engine needs about one owner: plain values, as the store gives them.
public struct OwnerAccessData: Sendable {
    public var ownerAccountId: String
    /// At most 64, by position: circle `i` gets bit `i`.
    public var circles: [Circle]
    public var contacts: [Contact]
    public var memberships: [Membership]
    public var profiles: [Profile]
    /// Stored cells; a missing cell has its default (`AccessDefaults`).
    public var cells: [MatrixCell]
    public var grants: [GrantRecord]

    public init(
        ownerAccountId: String, circles: [Circle], contacts: [Contact], memberships: [Membership],
        profiles: [Profile], cells: [MatrixCell], grants: [GrantRecord]
    ) {
        self.ownerAccountId = ownerAccountId
        self.circles = circles
        self.contacts = contacts
        self.memberships = memberships
        self.profiles = profiles
        self.cells = cells
        self.grants = grants
    }
}

/// One profile's matrix as bit masks over circle bits: per field (row `field.bit`), who is allowed, who may ask.
public struct ProfileRules: Sendable, Hashable {
    /// `allow[field.bit]`: the circles whose viewers see the field.
    public var allow: SIMD8<UInt64> = .zero
    /// `ask[field.bit]`: the circles whose viewers may request the field.
    public var ask: SIMD8<UInt64> = .zero
    /// A shadow's audience (the circles it is shown to); ignored for a primary.
    public var audience: UInt64 = 0
    public var isShadow: Bool
}

/// A viewer resolved against one owner and profile: its circles as a bit set and its live grants as a field set.
public struct ViewerAccess: Sendable, Hashable {
    /// Public, Contacts when it is a contact, and every circle holding it.
    public var circles: UInt64
    /// Fields granted to it on this profile (`1 << field.bit`).
    public var granted: UInt8 = 0
    /// The owner sees everything.
    public var isOwner = false
}

/// The access engine's index of one owner: contacts to circle bit sets, matrices as masks, live grants.
///
/// Built from `OwnerAccessData` (no I/O); a field check is a few bit operations on values already resolved:
/// no database, no allocation, no `await`.
public struct AccessIndex: Sendable {
    public let ownerAccountId: String
    public let publicMask: UInt64
    private let circleBits: [String: Int]
    /// Contact id → its circles (Public, Contacts and its circles).
    private let contactCircles: [String: UInt64]
    /// Linked account id → its contact's circles.
    private let viewerCircles: [String: UInt64]
    private let profileSlots: [String: Int]
    /// The owner's profiles by slot, as stored when the index was built (valid under the same token).
    public let profiles: [Profile]
    /// Rules by profile slot.
    public let rules: [ProfileRules]
    /// Viewer account id → its grants.
    private let grants: [String: [GrantEntry]]

    struct GrantEntry: Sendable {
        var profileSlot: Int
        var fields: UInt8
        /// Seconds since 1970; +infinity when the grant never expires.
        var expiresAt: Double
    }

    /// Builds the index of `data`. Circles past the 64th (which the rules never allow) are ignored.
    public init(_ data: OwnerAccessData) {
        ownerAccountId = data.ownerAccountId
        let circles = Array(data.circles.sorted { $0.position < $1.position }.prefix(64))
        var circleBits: [String: Int] = [:]
        circleBits.reserveCapacity(circles.count)
        var publicMask: UInt64 = 0
        var contactsMask: UInt64 = 0
        for (bit, circle) in circles.enumerated() {
            circleBits[circle.id] = bit
            if circle.builtIn == .public { publicMask |= 1 << UInt64(bit) }
            if circle.builtIn == .contacts { contactsMask |= 1 << UInt64(bit) }
        }
        self.publicMask = publicMask
        self.circleBits = circleBits

        var contactCircles: [String: UInt64] = [:]
        contactCircles.reserveCapacity(data.contacts.count)
        for contact in data.contacts { contactCircles[contact.id] = publicMask | contactsMask }
        for membership in data.memberships {
            guard let bit = circleBits[membership.circleId], let mask = contactCircles[membership.contactId] else {
                continue
            }
            contactCircles[membership.contactId] = mask | (1 << UInt64(bit))
        }
        var viewerCircles: [String: UInt64] = [:]
        for contact in data.contacts {
            if let account = contact.linkedAccountId { viewerCircles[account] = contactCircles[contact.id] }
        }
        self.contactCircles = contactCircles
        self.viewerCircles = viewerCircles

        var profileSlots: [String: Int] = [:]
        var rules: [ProfileRules] = []
        // Defaults first: one column per built-in circle; custom circles stay deny (no bit in either mask).
        var defaults = ProfileRules(isShadow: false)
        for (bit, circle) in circles.enumerated() {
            for field in Field.allCases {
                switch AccessDefaults.access(field, circle.builtIn) {
                case .allow: defaults.allow[field.bit] |= 1 << UInt64(bit)
                case .ask: defaults.ask[field.bit] |= 1 << UInt64(bit)
                case .deny: break
                }
            }
        }
        for profile in data.profiles {
            var profileRules = defaults
            profileRules.isShadow = profile.isShadow
            for circleId in profile.shownToCircleIds {
                if let bit = circleBits[circleId] { profileRules.audience |= 1 << UInt64(bit) }
            }
            profileSlots[profile.id] = rules.count
            rules.append(profileRules)
        }
        for cell in data.cells {
            guard let slot = profileSlots[cell.profileId], let bit = circleBits[cell.circleId] else { continue }
            let mask: UInt64 = 1 << UInt64(bit)
            let row = cell.field.bit
            rules[slot].allow[row] &= ~mask
            rules[slot].ask[row] &= ~mask
            switch cell.access {
            case .allow: rules[slot].allow[row] |= mask
            case .ask: rules[slot].ask[row] |= mask
            case .deny: break
            }
        }
        self.profileSlots = profileSlots
        self.profiles = data.profiles
        self.rules = rules

        var grants: [String: [GrantEntry]] = [:]
        for grant in data.grants {
            guard let slot = profileSlots[grant.profileId] else { continue }
            let fields = grant.field.map { UInt8(1) << UInt8($0.bit) } ?? Field.allFieldsMask
            grants[grant.viewerAccountId, default: []].append(
                GrantEntry(
                    profileSlot: slot, fields: fields,
                    expiresAt: grant.expiresAt?.timeIntervalSince1970 ?? .infinity))
        }
        self.grants = grants
    }

    // MARK: - Resolving

    /// The slot of a profile of this owner (index into `rules` and `profiles`).
    public func slot(ofProfile profileId: String) -> Int? { profileSlots[profileId] }

    /// The owner's primary profile; nil before the owner's first use of Circles.
    public var primary: Profile? { profiles.first { $0.type == .primary } }

    /// The bit of a circle of this owner.
    public func bit(ofCircle circleId: String) -> Int? { circleBits[circleId] }

    /// The circles of a contact (Public, Contacts and the circles holding it); nil when it is not this owner's.
    public func circles(ofContact contactId: String) -> UInt64? { contactCircles[contactId] }

    /// The circles the account `accountId` is in as a viewer of this owner, as every check resolves it: all of them
    /// for the owner; Public, Contacts and the circles holding its contact for a linked contact; Public for anyone
    /// else.
    @inline(__always)
    public func circles(ofViewer accountId: String) -> UInt64 {
        accountId == ownerAccountId ? ~0 : viewerCircles[accountId] ?? publicMask
    }

    /// Whether the account `accountId`, as a viewer (`circles(ofViewer:)`), is in any of `circleIds`. An id that is
    /// not one of this owner's circles (another owner's, or none) matches nothing: it is never told apart.
    public func isViewer(_ accountId: String, inAnyOf circleIds: some Sequence<String>) -> Bool {
        var mask: UInt64 = 0
        for id in circleIds { if let bit = circleBits[id] { mask |= 1 << UInt64(bit) } }
        return circles(ofViewer: accountId) & mask != 0
    }

    /// The viewer account `accountId` (nil: anonymous) against profile slot `slot` at `now`.
    @inline(__always)
    public func viewer(accountId: String?, profileSlot slot: Int, at now: Date) -> ViewerAccess {
        guard let accountId else { return ViewerAccess(circles: publicMask) }
        if accountId == ownerAccountId { return ViewerAccess(circles: ~0, granted: Field.allFieldsMask, isOwner: true) }
        var granted: UInt8 = 0
        if let entries = grants[accountId] {
            let seconds = now.timeIntervalSince1970
            for entry in entries where entry.profileSlot == slot && seconds < entry.expiresAt {
                granted |= entry.fields
            }
        }
        return ViewerAccess(circles: circles(ofViewer: accountId), granted: granted)
    }

    /// A contact as `view-as` previews it: a linked contact is exactly its account as a viewer (grants included);
    /// an unlinked one has Public, Contacts and its circles. Nil when the contact is not this owner's.
    public func viewer(contact: Contact, profileSlot slot: Int, at now: Date) -> ViewerAccess? {
        if let account = contact.linkedAccountId { return viewer(accountId: account, profileSlot: slot, at: now) }
        guard let circles = contactCircles[contact.id] else { return nil }
        return ViewerAccess(circles: circles)
    }

    // MARK: - Checking

    /// Whether the profile exists for the viewer: a shadow only for viewers in its audience (and its owner).
    @inline(__always)
    public static func isVisible(_ rules: ProfileRules, to viewer: ViewerAccess) -> Bool {
        viewer.isOwner || !rules.isShadow || rules.audience & viewer.circles != 0
    }

    /// DOMAIN.md's evaluation: owner → allow; a grant → allow; any circle allows → allow; any asks → ask; else deny.
    @inline(__always)
    public static func access(_ field: Field, _ rules: ProfileRules, for viewer: ViewerAccess) -> Access {
        if viewer.isOwner { return .allow }
        let row = field.bit
        if viewer.granted & (1 << UInt8(row)) != 0 { return .allow }
        if rules.allow[row] & viewer.circles != 0 { return .allow }
        if rules.ask[row] & viewer.circles != 0 { return .ask }
        return .deny
    }

    /// One field check from ids: resolve the viewer (two hash lookups), then the bit operations.
    @inline(__always)
    public func access(_ field: Field, profileSlot slot: Int, viewerAccountId: String?, at now: Date) -> Access {
        let viewer = viewer(accountId: viewerAccountId, profileSlot: slot, at: now)
        return Self.access(field, rules[slot], for: viewer)
    }

    /// Every field at once, as six bits of allow and six of ask (no allocation).
    @inline(__always)
    public static func profileAccess(_ rules: ProfileRules, for viewer: ViewerAccess) -> (allow: UInt8, ask: UInt8) {
        if viewer.isOwner { return (Field.allFieldsMask, 0) }
        var allow = viewer.granted
        var ask: UInt8 = 0
        for row in 0..<6 {
            let bit = UInt8(1) << UInt8(row)
            if rules.allow[row] & viewer.circles != 0 {
                allow |= bit
            } else if rules.ask[row] & viewer.circles != 0 {
                ask |= bit
            }
        }
        return (allow, ask & ~allow)
    }
}
