import Circles
import Foundation
import IdentityTesting
import Testing

/// DOMAIN.md's evaluation written plainly (sets of circle ids, loops, no bits), to check the engine against.
enum Reference {
    /// nil when the profile does not exist for the viewer.
    static func access(
        _ field: Field, profile: Profile, viewer: String?, in world: OwnerAccessData, at now: Date
    ) -> Access? {
        if viewer == world.ownerAccountId { return .allow }
        var circles: Set<String> = []
        for circle in world.circles where circle.name == "Public" { circles.insert(circle.id) }
        if let viewer, let contact = world.contacts.first(where: { $0.linkedAccountId == viewer }) {
            circles.formUnion(circlesOf(contact, in: world))
        }
        if profile.isShadow && circles.isDisjoint(with: profile.shownToCircleIds) { return nil }
        if let viewer {
            for grant in world.grants
            where grant.viewerAccountId == viewer && grant.profileId == profile.id
                && (grant.field == nil || grant.field == field) && (grant.expiresAt == nil || now < grant.expiresAt!)
            {
                return .allow
            }
        }
        var sawAsk = false
        for circleId in circles {
            let cell = cellValue(field, circleId: circleId, profile: profile, in: world)
            if cell == .allow { return .allow }
            if cell == .ask { sawAsk = true }
        }
        return sawAsk ? .ask : .deny
    }

    /// Public, Contacts and every circle holding the contact.
    static func circlesOf(_ contact: Contact, in world: OwnerAccessData) -> Set<String> {
        var circles: Set<String> = []
        for circle in world.circles where circle.name == "Public" || circle.name == "Contacts" {
            circles.insert(circle.id)
        }
        for membership in world.memberships where membership.contactId == contact.id {
            circles.insert(membership.circleId)
        }
        return circles
    }

    static func cellValue(_ field: Field, circleId: String, profile: Profile, in world: OwnerAccessData) -> Access {
        var value: Access?
        for cell in world.cells where cell.profileId == profile.id && cell.field == field && cell.circleId == circleId {
            value = cell.access
        }
        if let value { return value }
        let name = world.circles.first { $0.id == circleId }?.name ?? ""
        // The table of DOMAIN.md, row by row.
        let table: [Field: [String: Access]] = [
            .displayName: [
                "Public": .allow, "Contacts": .allow, "Family": .allow, "Friends": .allow, "Colleagues": .allow,
            ],
            .username: [
                "Public": .allow, "Contacts": .allow, "Family": .allow, "Friends": .allow, "Colleagues": .allow,
            ],
            .photo: ["Public": .allow, "Contacts": .allow, "Family": .allow, "Friends": .allow, "Colleagues": .allow],
            .bio: ["Public": .deny, "Contacts": .allow, "Family": .allow, "Friends": .allow, "Colleagues": .ask],
            .email: ["Public": .deny, "Contacts": .ask, "Family": .allow, "Friends": .allow, "Colleagues": .allow],
            .phone: ["Public": .deny, "Contacts": .ask, "Family": .allow, "Friends": .ask, "Colleagues": .deny],
        ]
        return table[field]?[name] ?? .deny
    }
}

/// The deterministic generator random worlds are rolled with: the same seed, the same worlds.
typealias Dice = SeededGenerator

extension Dice {
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// Random worlds built directly on the engine's input types.
enum RandomWorld {
    static let builtIns: [(String, BuiltInCircle)] = [
        ("Contacts", .contacts), ("Public", .public), ("Family", .family), ("Friends", .friends),
        ("Colleagues", .colleagues),
    ]

    static func make(_ dice: inout Dice, owner: String, viewers: [String], now: Date) -> OwnerAccessData {
        var circles: [Circle] = []
        for (position, (name, builtIn)) in builtIns.enumerated() {
            circles.append(
                Circle(
                    id: "c\(position)", ownerAccountId: owner, name: name, builtIn: builtIn, emoji: "⭕", color: .blue,
                    position: position, createdAt: now))
        }
        let customCount = dice.chance(10) ? 59 : dice.below(12)
        for index in 0..<customCount {
            circles.append(
                Circle(
                    id: "c\(5 + index)", ownerAccountId: owner, name: "Custom \(index)", builtIn: nil, emoji: "⭕",
                    color: .red, position: 5 + index, createdAt: now))
        }
        // Positions shuffled so a circle's bit is not its id.
        for index in circles.indices.reversed() {
            let other = dice.below(index + 1)
            let position = circles[index].position
            circles[index].position = circles[other].position
            circles[other].position = position
        }
        var contacts: [Contact] = []
        var free = viewers.shuffledDeterministically(&dice)
        for index in 0..<dice.below(14) {
            let linked = dice.chance(70) ? free.popLast() : nil
            contacts.append(
                Contact(
                    id: "k\(index)", ownerAccountId: owner, displayName: "K\(index)", linkedAccountId: linked,
                    createdAt: now))
        }
        let manual = circles.filter { $0.builtIn != .contacts && $0.builtIn != .public }
        var memberships: Set<Membership> = []
        for contact in contacts {
            for circle in manual where dice.chance(25) {
                memberships.insert(Membership(circleId: circle.id, contactId: contact.id))
            }
        }
        var profiles = [Profile(id: "p0", ownerAccountId: owner, type: .primary, displayName: "Owner", createdAt: now)]
        for index in 1...max(1, dice.below(6) + 1) where index <= 5 && dice.chance(70) {
            let audience = circles.filter { _ in dice.chance(15) }.map(\.id)
            profiles.append(
                Profile(
                    id: "p\(index)", ownerAccountId: owner, type: ProfileType.shadowTypes[dice.below(3)],
                    displayName: "Shadow \(index)", shownToCircleIds: audience, createdAt: now))
        }
        var cells: [MatrixCell] = []
        for profile in profiles {
            for circle in circles where dice.chance(30) {
                for field in Field.allCases where dice.chance(40) {
                    cells.append(
                        MatrixCell(
                            profileId: profile.id, field: field, circleId: circle.id,
                            access: Access.allCases[dice.below(3)]))
                }
            }
        }
        var grants: [GrantRecord] = []
        for index in 0..<dice.below(5) {
            let viewer = viewers[dice.below(viewers.count)]
            let expires: Date? =
                dice.chance(50) ? nil : now.addingTimeInterval(dice.chance(50) ? -60 : 3600)
            grants.append(
                GrantRecord(
                    id: "g\(index)", ownerAccountId: owner, profileId: profiles[dice.below(profiles.count)].id,
                    viewerAccountId: viewer, viewer: PersonaSummary(displayName: "V", username: nil),
                    field: dice.chance(30) ? nil : Field.allCases[dice.below(6)], createdAt: now, expiresAt: expires))
        }
        return OwnerAccessData(
            ownerAccountId: owner, circles: circles, contacts: contacts, memberships: Array(memberships),
            profiles: profiles, cells: cells, grants: grants)
    }
}

extension Array {
    func shuffledDeterministically(_ dice: inout Dice) -> [Element] {
        var copy = self
        for index in copy.indices.reversed() { copy.swapAt(index, dice.below(index + 1)) }
        return copy
    }
}

@Suite("Engine against the reference")
struct DifferentialTests {
    @Test("at least 100,000 random cases, 0 disagreements; view-as equals look for every linked pair")
    func differential() {
        var dice = Dice(seed: 0xC1C1E5)
        let now = Date(timeIntervalSince1970: 1_735_689_600)
        let viewers = (0..<10).map { "viewer-\($0)" }
        var cases = 0
        var disagreements: [String] = []
        var pairs = 0
        while cases < 120_000 {
            let owner = "owner"
            let world = RandomWorld.make(&dice, owner: owner, viewers: viewers, now: now)
            let index = AccessIndex(world)
            for profile in world.profiles {
                let slot = index.slot(ofProfile: profile.id)!
                for viewer in [owner, nil] + viewers {
                    let access = index.viewer(accountId: viewer, profileSlot: slot, at: now)
                    let visible = AccessIndex.isVisible(index.rules[slot], to: access)
                    let whole = AccessIndex.profileAccess(index.rules[slot], for: access)
                    for field in Field.allCases {
                        let expected = Reference.access(field, profile: profile, viewer: viewer, in: world, at: now)
                        let actual: Access? = visible ? AccessIndex.access(field, index.rules[slot], for: access) : nil
                        let fromIds = index.access(field, profileSlot: slot, viewerAccountId: viewer, at: now)
                        let bit = UInt8(1) << UInt8(field.bit)
                        let fromWhole: Access = whole.allow & bit != 0 ? .allow : whole.ask & bit != 0 ? .ask : .deny
                        cases += 1
                        if expected != actual || (visible && (fromIds != actual || fromWhole != actual)) {
                            disagreements.append(
                                "\(profile.id) \(viewer ?? "-") \(field): \(String(describing: expected)) vs \(String(describing: actual))"
                            )
                        }
                    }
                }
                // view-as (the owner previews a linked contact) and look (that account's own view) agree.
                for contact in world.contacts where contact.linkedAccountId != nil {
                    pairs += 1
                    let preview = index.viewer(contact: contact, profileSlot: slot, at: now)
                    let own = index.viewer(accountId: contact.linkedAccountId, profileSlot: slot, at: now)
                    if preview != own { disagreements.append("view-as \(contact.id) \(profile.id)") }
                }
            }
        }
        #expect(cases >= 100_000)
        #expect(pairs > 1000)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test("unlinked contacts are previewed with Public, Contacts and their circles")
    func unlinkedPreview() {
        var dice = Dice(seed: 7)
        let now = Date(timeIntervalSince1970: 0)
        for _ in 0..<200 {
            let world = RandomWorld.make(&dice, owner: "o", viewers: ["v"], now: now)
            let index = AccessIndex(world)
            for contact in world.contacts where contact.linkedAccountId == nil {
                let circles = Reference.circlesOf(contact, in: world)
                var mask: UInt64 = 0
                for id in circles { mask |= 1 << UInt64(index.bit(ofCircle: id)!) }
                #expect(index.circles(ofContact: contact.id) == mask)
            }
        }
    }
}

@Suite("Golden evaluations")
struct GoldenTests {
    /// Owner with Ann (Family, Colleagues), Ben (Friends, Book Club), Cat (no circle), and a stranger.
    func world(cells: [MatrixCell] = [], grants: [GrantRecord] = []) -> AccessIndex {
        let now = Date(timeIntervalSince1970: 0)
        var circles = RandomWorld.builtIns.enumerated().map { position, item in
            Circle(
                id: item.0.lowercased(), ownerAccountId: "o", name: item.0, builtIn: item.1, emoji: "⭕", color: .blue,
                position: position, createdAt: now)
        }
        circles.append(
            Circle(
                id: "book", ownerAccountId: "o", name: "Book Club", builtIn: nil, emoji: "📚", color: .green,
                position: 5, createdAt: now))
        let contacts = [("ann", "A"), ("ben", "B"), ("cat", "C")].map {
            Contact(id: $0.0, ownerAccountId: "o", displayName: $0.0, linkedAccountId: $0.1, createdAt: now)
        }
        let memberships = [("family", "ann"), ("colleagues", "ann"), ("friends", "ben"), ("book", "ben")].map {
            Membership(circleId: $0.0, contactId: $0.1)
        }
        let profiles = [Profile(id: "p", ownerAccountId: "o", type: .primary, displayName: "O", createdAt: now)]
        return AccessIndex(
            OwnerAccessData(
                ownerAccountId: "o", circles: circles, contacts: contacts, memberships: memberships,
                profiles: profiles, cells: cells, grants: grants))
    }

    func row(_ index: AccessIndex, _ viewer: String?) -> [Access] {
        Field.allCases.map {
            index.access($0, profileSlot: 0, viewerAccountId: viewer, at: Date(timeIntervalSince1970: 0))
        }
    }

    @Test("defaults: fields displayName, username, photo, bio, email, phone")
    func defaults() {
        let index = world()
        #expect(row(index, "A") == [.allow, .allow, .allow, .allow, .allow, .allow])  // Family allows all
        #expect(row(index, "B") == [.allow, .allow, .allow, .allow, .allow, .ask])  // Friends: phone ask
        #expect(row(index, "C") == [.allow, .allow, .allow, .allow, .ask, .ask])  // Contacts only
        #expect(row(index, "Z") == [.allow, .allow, .allow, .deny, .deny, .deny])  // Public only
        #expect(row(index, nil) == [.allow, .allow, .allow, .deny, .deny, .deny])
        #expect(row(index, "o") == [.allow, .allow, .allow, .allow, .allow, .allow])
    }

    @Test("allow beats ask beats deny across a viewer's circles; grants beat everything")
    func precedence() {
        let cells = [
            MatrixCell(profileId: "p", field: .phone, circleId: "family", access: .deny),
            MatrixCell(profileId: "p", field: .phone, circleId: "colleagues", access: .ask),
            MatrixCell(profileId: "p", field: .phone, circleId: "contacts", access: .deny),
            MatrixCell(profileId: "p", field: .phone, circleId: "friends", access: .deny),
            MatrixCell(profileId: "p", field: .phone, circleId: "book", access: .allow),
            MatrixCell(profileId: "p", field: .bio, circleId: "contacts", access: .deny),
            MatrixCell(profileId: "p", field: .bio, circleId: "friends", access: .deny),
        ]
        let grants = [
            GrantRecord(
                id: "g", ownerAccountId: "o", profileId: "p", viewerAccountId: "C",
                viewer: PersonaSummary(displayName: "C", username: nil), field: .email,
                createdAt: Date(timeIntervalSince1970: 0))
        ]
        let index = world(cells: cells, grants: grants)
        #expect(row(index, "A")[5] == .ask)  // Family deny, Colleagues ask, Contacts deny
        #expect(row(index, "B")[5] == .allow)  // Book Club allows
        #expect(row(index, "C")[5] == .deny)
        #expect(row(index, "C")[4] == .allow)  // granted email
        #expect(row(index, "B")[3] == .deny)  // bio: Contacts and Friends deny, Book Club default deny
        #expect(row(index, "A")[3] == .allow)  // bio: Family allows
    }
}
