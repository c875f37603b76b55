import Console

/// The arguments several commands take, declared once so that their help and completion agree everywhere.
enum CirclesArguments {
    static let circle = Argument("CIRCLE", "a circle's id or name", completion: "circle")
    static let contact = Argument("CONTACT", "a contact's id or name", completion: "contact")
    static let contacts = Argument("CONTACT", "contacts' ids or names", count: .many, completion: "contact")
    static let field = Argument("FIELD", "displayName, username, photo, bio, email or phone", completion: "field")
    static let shadow = Argument("PROFILE", "a shadow's id or name", completion: "persona")
    static let request = Argument("ID", "a request's id (see `requests`)")
    /// The profile to show or edit; the active persona without it.
    static let profile = Argument(
        "PROFILE", "a profile's id or name, or primary", count: .optional, completion: "profile")
}
