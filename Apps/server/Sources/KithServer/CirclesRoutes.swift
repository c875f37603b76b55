import Circles
import Hummingbird
import Identity

/// Contacts, circles, suggestions, the access matrix, viewing, requests and grants, shadows, personas and
/// profiles: every `CirclesService` call over REST. The domain decides everything (and refuses every call while
/// acting as a managed member); the routes only parse bodies, queries and the closed sets of words.
///
/// References in paths and bodies are what the CLI takes: an id or an exact name (case-insensitive); `primary`
/// names the primary profile. `?profile=` (absent: the active persona) picks the profile of the access routes.
struct CirclesRoutes: Sendable {
    let circles: any CirclesService

    func add(to api: RouterGroup<KithRequestContext>) {
        addContacts(to: api)
        addCircles(to: api)
        addAccess(to: api)
        addViewing(to: api)
        addProfiles(to: api)
    }

    // MARK: - Contacts

    private func addContacts(to api: RouterGroup<KithRequestContext>) {
        api.get("contacts") { _, context in
            try JSONCoding.response(try await circles.contacts(try context.requirePrincipal()))
        }
        api.post("contacts") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.ContactBody.self, context: context)
            let draft = ContactDraft(
                displayName: body.displayName, accountEmail: body.accountEmail, phone: body.phone, email: body.email)
            return try JSONCoding.response(try await circles.addContact(principal, draft), status: .created)
        }
        api.patch("contacts/{contact}") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.ContactEditBody.self, context: context)
            let edit = ContactEdit(
                displayName: body.displayName, accountEmail: body.accountEmail, phone: body.phone, email: body.email)
            guard edit != ContactEdit() else {
                throw Self.nothingToChange("displayName, accountEmail, phone or email")
            }
            let contact = try await circles.editContact(principal, try context.parameters.text("contact"), edit)
            return try JSONCoding.response(contact)
        }
        api.delete("contacts/{contact}") { _, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(
                try await circles.removeContact(principal, try context.parameters.text("contact")))
        }
    }

    // MARK: - Circles and suggestions

    private func addCircles(to api: RouterGroup<KithRequestContext>) {
        api.get("circles") { _, context in
            try JSONCoding.response(try await circles.circles(try context.requirePrincipal()))
        }
        api.post("circles") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.CircleBody.self, context: context)
            let circle = try await circles.createCircle(
                principal, name: body.name, emoji: body.emoji, color: body.color)
            return try JSONCoding.response(circle, status: .created)
        }
        api.get("circles/{circle}") { _, context in
            let principal = try context.requirePrincipal()
            let detail = try await circles.circle(principal, try context.parameters.text("circle"))
            return try JSONCoding.response(CirclesJSON.CircleDetailJSON(detail))
        }
        api.patch("circles/{circle}") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.CircleEditBody.self, context: context)
            let edit = CircleEdit(name: body.name, emoji: body.emoji, color: body.color)
            guard edit != CircleEdit() else { throw Self.nothingToChange("name, emoji or color") }
            return try JSONCoding.response(
                try await circles.editCircle(principal, try context.parameters.text("circle"), edit))
        }
        api.delete("circles/{circle}") { request, context in
            let principal = try context.requirePrincipal()
            let circle = try await circles.deleteCircle(
                principal, try context.parameters.text("circle"), moveTo: request.query("moveTo"))
            return try JSONCoding.response(circle)
        }
        // Under the circle, not `circles/merge`: a literal there would hide a circle named "merge" from
        // `circles/{circle}` (the router prefers the literal and does not fall back).
        api.post("circles/{circle}/merge") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.MergeBody.self, context: context)
            let from = try context.parameters.text("circle")
            return try JSONCoding.response(try await circles.mergeCircles(principal, from: from, into: body.into))
        }
        api.post("circles/{circle}/members") { request, context in
            let principal = try context.requirePrincipal()
            let contacts = try Self.contacts(
                try await request.decodeJSON(CirclesJSON.ContactsBody.self, context: context))
            let detail = try await circles.addMembers(
                principal, circle: try context.parameters.text("circle"), contacts: contacts)
            return try JSONCoding.response(CirclesJSON.CircleDetailJSON(detail))
        }
        api.delete("circles/{circle}/members") { request, context in
            let principal = try context.requirePrincipal()
            let contacts = try Self.contacts(
                try await request.decodeJSON(CirclesJSON.ContactsBody.self, context: context))
            let detail = try await circles.removeMembers(
                principal, circle: try context.parameters.text("circle"), contacts: contacts)
            return try JSONCoding.response(CirclesJSON.CircleDetailJSON(detail))
        }
        api.delete("circles/{circle}/members/{contact}") { _, context in
            let principal = try context.requirePrincipal()
            let detail = try await circles.removeMembers(
                principal, circle: try context.parameters.text("circle"),
                contacts: [try context.parameters.text("contact")])
            return try JSONCoding.response(CirclesJSON.CircleDetailJSON(detail))
        }
        api.get("suggestions") { _, context in
            try JSONCoding.response(try await circles.suggestions(try context.requirePrincipal()))
        }
        api.post("suggestions/{id}/dismiss") { _, context in
            let principal = try context.requirePrincipal()
            try await circles.dismissSuggestion(principal, try context.parameters.text("id"))
            return JSONCoding.noContent()
        }
    }

    // MARK: - The access matrix (staged edits)

    private func addAccess(to api: RouterGroup<KithRequestContext>) {
        api.get("access") { request, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(try await circles.accessMatrix(principal, profile: request.query("profile")))
        }
        api.put("access/cells") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.CellBody.self, context: context)
            let matrix = try await circles.setAccess(
                principal, profile: request.query("profile"), field: try Self.field(body.field), circle: body.circle,
                access: try choice(body.access, field: "access", as: Access.self))
            return try JSONCoding.response(matrix)
        }
        api.post("access/cycle") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.CycleBody.self, context: context)
            let matrix = try await circles.cycleAccess(
                principal, profile: request.query("profile"), field: try Self.field(body.field), circle: body.circle)
            return try JSONCoding.response(matrix)
        }
        api.post("access/allow-all") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.CircleRefBody.self, context: context)
            return try JSONCoding.response(
                try await circles.allowAll(principal, profile: request.query("profile"), circle: body.circle))
        }
        api.post("access/reset") { request, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(try await circles.resetAccess(principal, profile: request.query("profile")))
        }
        api.post("access/save") { request, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(try await circles.saveAccess(principal, profile: request.query("profile")))
        }
        api.post("access/discard") { request, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(
                try await circles.discardAccess(principal, profile: request.query("profile")))
        }
    }

    // MARK: - Viewing, requests and grants

    private func addViewing(to api: RouterGroup<KithRequestContext>) {
        api.get("view-as/{contact}") { request, context in
            let principal = try context.requirePrincipal()
            let view = try await circles.viewAs(
                principal, contact: try context.parameters.text("contact"), profile: request.query("profile"))
            return try JSONCoding.response(CirclesJSON.ProfileViewJSON(view))
        }
        api.get("look") { request, context in
            let principal = try context.requirePrincipal()
            let view = try await circles.look(principal, try Self.lookTarget(request))
            return try JSONCoding.response(CirclesJSON.ProfileViewJSON(view))
        }
        api.get("requests") { _, context in
            let requests = try await circles.requests(try context.requirePrincipal())
            return try JSONCoding.response(requests.map(CirclesJSON.RequestJSON.init))
        }
        api.post("requests") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.RequestBody.self, context: context)
            let receipt = try await circles.request(
                principal, body.target, field: try Self.field(body.field), reason: body.reason)
            return try JSONCoding.response(receipt, status: .created)
        }
        api.post("requests/{id}/allow") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeOptionalJSON(CirclesJSON.AllowBody.self, context: context)
            let grant = try await circles.allowRequest(
                principal, try context.parameters.text("id"), allFields: body?.allFields ?? false)
            return try JSONCoding.response(CirclesJSON.GrantJSON(grant))
        }
        api.post("requests/{id}/deny") { _, context in
            let principal = try context.requirePrincipal()
            let denied = try await circles.denyRequest(principal, try context.parameters.text("id"))
            return try JSONCoding.response(CirclesJSON.RequestJSON(denied))
        }
        api.get("grants") { _, context in
            let grants = try await circles.grants(try context.requirePrincipal())
            return try JSONCoding.response(grants.map(CirclesJSON.GrantJSON.init))
        }
        api.delete("grants/{id}") { _, context in
            let principal = try context.requirePrincipal()
            let grant = try await circles.revokeGrant(principal, try context.parameters.text("id"))
            return try JSONCoding.response(CirclesJSON.GrantJSON(grant))
        }
    }

    // MARK: - Shadows, personas, profiles

    private func addProfiles(to api: RouterGroup<KithRequestContext>) {
        api.post("shadows") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.ShadowBody.self, context: context)
            let profile = try await circles.createShadow(
                principal, type: try Self.shadowType(body.type), displayName: body.displayName,
                circles: body.circles ?? [])
            return try JSONCoding.response(profile, status: .created)
        }
        api.put("shadows/{profile}/circles") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.ShadowCirclesBody.self, context: context)
            return try JSONCoding.response(
                try await circles.setShadowCircles(
                    principal, try context.parameters.text("profile"), circles: body.circles))
        }
        api.post("shadows/{profile}/reveal") { _, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(
                try await circles.revealShadow(principal, try context.parameters.text("profile")))
        }
        api.delete("shadows/{profile}") { _, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(
                try await circles.deleteShadow(principal, try context.parameters.text("profile")))
        }
        api.get("personas") { _, context in
            let personas = try await circles.personas(try context.requirePrincipal())
            return try JSONCoding.response(personas.map(CirclesJSON.PersonaJSON.init))
        }
        api.post("personas/switch") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CirclesJSON.ProfileRefBody.self, context: context)
            return try JSONCoding.response(
                CirclesJSON.PersonaJSON(try await circles.switchPersona(principal, body.profile)))
        }
        // The active persona's profile, then any profile of the caller by reference.
        api.get("profile") { _, context in
            try JSONCoding.response(try await circles.profile(try context.requirePrincipal(), nil))
        }
        api.patch("profile") { request, context in
            let principal = try context.requirePrincipal()
            let edit = try await Self.profileEdit(request, context: context)
            return try JSONCoding.response(try await circles.editProfile(principal, nil, edit))
        }
        api.get("profiles/{profile}") { _, context in
            let principal = try context.requirePrincipal()
            return try JSONCoding.response(try await circles.profile(principal, try context.parameters.text("profile")))
        }
        api.patch("profiles/{profile}") { request, context in
            let principal = try context.requirePrincipal()
            let edit = try await Self.profileEdit(request, context: context)
            return try JSONCoding.response(
                try await circles.editProfile(principal, try context.parameters.text("profile"), edit))
        }
    }

    // MARK: - Parsing

    static func nothingToChange(_ fields: String) -> APIError {
        APIError(.badRequest, code: "invalid_value", message: "Nothing to change: send \(fields)")
    }

    /// A field name: `displayName` (or `display-name`, `name`), `username`, `photo`, `bio`, `email`, `phone`.
    static func field(_ text: String) throws -> Field {
        if let field = Field.parse(text) { return field }
        let choices = Field.allCases.map(\.rawValue).joined(separator: ", ")
        throw APIError(.badRequest, code: "invalid_value", message: "Field \"field\" must be one of: \(choices)")
    }

    static func shadowType(_ text: String) throws -> ProfileType {
        let type = ProfileType(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
        if let type, ProfileType.shadowTypes.contains(type) { return type }
        let choices = ProfileType.shadowTypes.map(\.rawValue).joined(separator: ", ")
        throw APIError(.badRequest, code: "invalid_value", message: "Field \"type\" must be one of: \(choices)")
    }

    static func contacts(_ body: CirclesJSON.ContactsBody) throws -> [String] {
        guard !body.contacts.isEmpty else {
            throw APIError(
                .badRequest, code: "invalid_value", message: "Field \"contacts\" must name at least one contact")
        }
        return body.contacts
    }

    /// `look`'s target from `?email=` or `?username=` (exactly one).
    static func lookTarget(_ request: Request) throws -> String {
        switch (request.query("email"), request.query("username")) {
        case (let email?, nil): return email
        case (nil, let username?):
            return "@" + (username.hasPrefix("@") ? String(username.dropFirst()) : username)
        default:
            throw APIError(
                .badRequest, code: "invalid_value", message: "Send exactly one of ?email= and ?username=")
        }
    }

    static func profileEdit(_ request: Request, context: KithRequestContext) async throws -> ProfileEdit {
        let body = try await request.decodeJSON(CirclesJSON.ProfileEditBody.self, context: context)
        let edit = ProfileEdit(
            displayName: body.displayName, username: body.username, bio: body.bio, phone: body.phone,
            email: body.email, photo: body.photo)
        guard edit != ProfileEdit() else {
            throw nothingToChange("displayName, username, bio, phone, email or photo")
        }
        return edit
    }
}
