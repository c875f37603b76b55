import Circles

// MARK: - Contacts

/// `POST /api/contacts`: `accountEmail` links the contact to that account.
public struct ContactBody: Codable, Sendable, Equatable {
    public var displayName: String
    public var accountEmail: String?
    public var phone: String?
    public var email: String?

    /// The body of `draft`; nil values are left out.
    public init(_ draft: ContactDraft) {
        displayName = draft.displayName
        accountEmail = draft.accountEmail
        phone = draft.phone
        email = draft.email
    }

    /// What the body asks for.
    public var draft: ContactDraft {
        ContactDraft(displayName: displayName, accountEmail: accountEmail, phone: phone, email: email)
    }
}

/// `PATCH /api/contacts/{contact}`: an absent key leaves a value alone; "" clears phone, email or the link.
public struct ContactEditBody: Codable, Sendable, Equatable {
    public var displayName: String?
    public var accountEmail: String?
    public var phone: String?
    public var email: String?

    /// The body of `edit`; nil values are left out.
    public init(_ edit: ContactEdit) {
        displayName = edit.displayName
        accountEmail = edit.accountEmail
        phone = edit.phone
        email = edit.email
    }

    /// What the body changes.
    public var edit: ContactEdit {
        ContactEdit(displayName: displayName, accountEmail: accountEmail, phone: phone, email: email)
    }
}

// MARK: - Circles

/// `POST /api/circles`: emoji ⭕ and colour blue unless given.
public struct CircleBody: Codable, Sendable, Equatable {
    public var name: String
    public var emoji: String?
    public var color: String?

    /// A circle to create; nil values are left out.
    public init(name: String, emoji: String? = nil, color: String? = nil) {
        self.name = name
        self.emoji = emoji
        self.color = color
    }
}

/// `PATCH /api/circles/{circle}`: an absent key leaves a value alone.
public struct CircleEditBody: Codable, Sendable, Equatable {
    public var name: String?
    public var emoji: String?
    public var color: String?

    /// The body of `edit`; nil values are left out.
    public init(_ edit: CircleEdit) {
        name = edit.name
        emoji = edit.emoji
        color = edit.color
    }

    /// What the body changes.
    public var edit: CircleEdit { CircleEdit(name: name, emoji: emoji, color: color) }
}

/// `POST` and `DELETE /api/circles/{circle}/members`: contacts by id or name, at least one.
public struct ContactsBody: Codable, Sendable, Equatable {
    public var contacts: [String]

    /// The contacts to add or remove.
    public init(contacts: [String]) {
        self.contacts = contacts
    }
}

/// `POST /api/circles/{circle}/merge`: the circle that receives the members; the one in the path is deleted.
public struct MergeBody: Codable, Sendable, Equatable {
    public var into: String

    /// A merge into `into`.
    public init(into: String) {
        self.into = into
    }
}

// MARK: - The access matrix

/// `PUT /api/access/cells`: one staged cell (`field` as `Field.parse` reads it; `access` allow, deny or ask).
public struct AccessCellBody: Codable, Sendable, Equatable {
    public var field: String
    public var circle: String
    public var access: String

    /// The cell of `field` and `circle` (by id or name) staged as `access`.
    public init(field: Field, circle: String, access: Access) {
        self.field = field.rawValue
        self.circle = circle
        self.access = access.rawValue
    }
}

/// `POST /api/access/cycle`: the cell to stage at its next value.
public struct AccessCycleBody: Codable, Sendable, Equatable {
    public var field: String
    public var circle: String

    /// The cell of `field` and `circle` (by id or name).
    public init(field: Field, circle: String) {
        self.field = field.rawValue
        self.circle = circle
    }
}

/// `POST /api/access/allow-all`: the circle whose every field is staged allow.
public struct AccessCircleBody: Codable, Sendable, Equatable {
    public var circle: String

    /// The circle, by id or name.
    public init(circle: String) {
        self.circle = circle
    }
}

// MARK: - Requests

/// `POST /api/requests`: `target` is an email (that account's primary) or `@username` (any profile).
public struct AccessRequestBody: Codable, Sendable, Equatable {
    public var target: String
    public var field: String
    public var reason: String?

    /// A request for `field` of `target`; a nil reason is left out.
    public init(target: String, field: Field, reason: String?) {
        self.target = target
        self.field = field.rawValue
        self.reason = reason
    }
}

/// `POST /api/requests/{id}/allow`: the body is optional, and so is its key; absent, only the requested field.
public struct AllowBody: Codable, Sendable, Equatable {
    public var allFields: Bool?

    /// Grant every field, or only the requested one.
    public init(allFields: Bool) {
        self.allFields = allFields
    }
}

// MARK: - Shadows, personas, profiles

/// `POST /api/shadows`: `circles` (by id or name) is the audience; absent, nobody sees the shadow yet.
public struct ShadowBody: Codable, Sendable, Equatable {
    public var type: String
    public var displayName: String
    public var circles: [String]?

    /// A shadow of `type` shown to `circles`.
    public init(type: ProfileType, displayName: String, circles: [String]) {
        self.type = type.rawValue
        self.displayName = displayName
        self.circles = circles
    }
}

/// `PUT /api/shadows/{profile}/circles`: the whole audience, replacing the old one (empty: nobody).
public struct ShadowCirclesBody: Codable, Sendable, Equatable {
    public var circles: [String]

    /// The circles, by id or name.
    public init(circles: [String]) {
        self.circles = circles
    }
}

/// `POST /api/personas/switch`: a profile by id or display name, or `primary`.
public struct PersonaSwitchBody: Codable, Sendable, Equatable {
    public var profile: String

    /// A switch to `profile`.
    public init(profile: String) {
        self.profile = profile
    }
}

/// `PATCH /api/profile` and `/api/profiles/{profile}`: an absent key leaves a field alone; "" clears one (never the
/// display name).
public struct ProfileEditBody: Codable, Sendable, Equatable {
    public var displayName: String?
    public var username: String?
    public var bio: String?
    public var phone: String?
    public var email: String?
    public var photo: String?

    /// The body of `edit`; nil values are left out.
    public init(_ edit: ProfileEdit) {
        displayName = edit.displayName
        username = edit.username
        bio = edit.bio
        phone = edit.phone
        email = edit.email
        photo = edit.photo
    }

    /// What the body changes.
    public var edit: ProfileEdit {
        ProfileEdit(
            displayName: displayName, username: username, bio: bio, phone: phone, email: email, photo: photo)
    }
}
