import Circles
import CirclesWire
import Hummingbird
import Identity

/// Contacts, circles, suggestions, the access matrix, viewing, requests and grants, shadows, personas and
/// profiles over `CirclesRoute`: every `CirclesService` call over REST. The domain decides everything (and refuses
/// every call while acting as a managed member); the routes only parse bodies, queries and the closed sets of words.
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
        api.api(CirclesRoute.contacts) { request, context in
            let search = ContactSearch(text: request.query("search"), circle: request.query("circle"))
            let contacts = try await circles.contacts(try context.requirePrincipal(), matching: search)
            return try JSONCoding.response(contacts.map(ContactJSON.init))
        }
        api.api(CirclesRoute.addContact) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(ContactBody.self, context: context)
            let contact = try await circles.addContact(principal, body.draft)
            return try JSONCoding.response(ContactJSON(contact), status: .created)
        }
        api.api(CirclesRoute.editContact) { request, context in
            let principal = try context.requirePrincipal()
            let edit = try await request.decodeJSON(ContactEditBody.self, context: context).edit
            let contact = try await circles.editContact(principal, try context.parameters.text("contact"), edit)
            return try JSONCoding.response(ContactJSON(contact))
        }
        api.api(CirclesRoute.removeContact) { _, context in
            let principal = try context.requirePrincipal()
            let contact = try await circles.removeContact(principal, try context.parameters.text("contact"))
            return try JSONCoding.response(ContactJSON(contact))
        }
    }

    // MARK: - Circles and suggestions

    private func addCircles(to api: RouterGroup<KithRequestContext>) {
        api.api(CirclesRoute.circles) { _, context in
            let list = try await circles.circles(try context.requirePrincipal())
            return try JSONCoding.response(list.map(CircleJSON.init))
        }
        api.api(CirclesRoute.createCircle) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(CircleBody.self, context: context)
            let circle = try await circles.createCircle(
                principal, name: body.name, emoji: body.emoji, color: body.color)
            return try JSONCoding.response(CircleJSON(circle), status: .created)
        }
        api.api(CirclesRoute.circle) { request, context in
            let principal = try context.requirePrincipal()
            let detail = try await circles.circle(
                principal, try context.parameters.text("circle"), search: request.query("search"))
            return try JSONCoding.response(CircleDetailJSON(detail))
        }
        api.api(CirclesRoute.editCircle) { request, context in
            let principal = try context.requirePrincipal()
            let edit = try await request.decodeJSON(CircleEditBody.self, context: context).edit
            let circle = try await circles.editCircle(principal, try context.parameters.text("circle"), edit)
            return try JSONCoding.response(CircleJSON(circle))
        }
        api.api(CirclesRoute.deleteCircle) { request, context in
            let principal = try context.requirePrincipal()
            let circle = try await circles.deleteCircle(
                principal, try context.parameters.text("circle"), moveTo: request.query("moveTo"))
            return try JSONCoding.response(CircleJSON(circle))
        }
        api.api(CirclesRoute.mergeCircle) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(MergeBody.self, context: context)
            let from = try context.parameters.text("circle")
            let into = try await circles.mergeCircles(principal, from: from, into: body.into)
            return try JSONCoding.response(CircleJSON(into))
        }
        api.api(CirclesRoute.addMembers) { request, context in
            let principal = try context.requirePrincipal()
            let contacts = try await request.decodeJSON(ContactsBody.self, context: context).contacts
            let detail = try await circles.addMembers(
                principal, circle: try context.parameters.text("circle"), contacts: contacts)
            return try JSONCoding.response(CircleDetailJSON(added: detail))
        }
        api.api(CirclesRoute.removeMembers) { request, context in
            let principal = try context.requirePrincipal()
            let contacts = try await request.decodeJSON(ContactsBody.self, context: context).contacts
            let detail = try await circles.removeMembers(
                principal, circle: try context.parameters.text("circle"), contacts: contacts)
            return try JSONCoding.response(CircleDetailJSON(detail))
        }
        api.api(CirclesRoute.removeMember) { _, context in
            let principal = try context.requirePrincipal()
            let detail = try await circles.removeMembers(
                principal, circle: try context.parameters.text("circle"),
                contacts: [try context.parameters.text("contact")])
            return try JSONCoding.response(CircleDetailJSON(detail))
        }
        api.api(CirclesRoute.suggestions) { _, context in
            let suggestions = try await circles.suggestions(try context.requirePrincipal())
            return try JSONCoding.response(suggestions.map(MergeSuggestionJSON.init))
        }
        api.api(CirclesRoute.dismissSuggestion) { _, context in
            let principal = try context.requirePrincipal()
            try await circles.dismissSuggestion(principal, try context.parameters.text("id"))
            return JSONCoding.noContent()
        }
    }

    // MARK: - The access matrix (staged edits)

    private func addAccess(to api: RouterGroup<KithRequestContext>) {
        api.api(CirclesRoute.access) { request, context in
            let principal = try context.requirePrincipal()
            let matrix = try await circles.accessMatrix(principal, profile: request.query("profile"))
            return try JSONCoding.response(AccessMatrixJSON(matrix))
        }
        api.api(CirclesRoute.setAccess) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(AccessCellBody.self, context: context)
            let matrix = try await circles.setAccess(
                principal, profile: request.query("profile"), field: try Self.field(body.field), circle: body.circle,
                access: try choice(body.access, field: "access", as: Access.self))
            return try JSONCoding.response(AccessMatrixJSON(matrix))
        }
        api.api(CirclesRoute.cycleAccess) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(AccessCycleBody.self, context: context)
            let matrix = try await circles.cycleAccess(
                principal, profile: request.query("profile"), field: try Self.field(body.field), circle: body.circle)
            return try JSONCoding.response(AccessMatrixJSON(matrix))
        }
        api.api(CirclesRoute.allowAll) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(AccessCircleBody.self, context: context)
            let matrix = try await circles.allowAll(principal, profile: request.query("profile"), circle: body.circle)
            return try JSONCoding.response(AccessMatrixJSON(matrix))
        }
        api.api(CirclesRoute.resetAccess) { request, context in
            let principal = try context.requirePrincipal()
            let matrix = try await circles.resetAccess(principal, profile: request.query("profile"))
            return try JSONCoding.response(AccessMatrixJSON(matrix))
        }
        api.api(CirclesRoute.saveAccess) { request, context in
            let principal = try context.requirePrincipal()
            let matrix = try await circles.saveAccess(principal, profile: request.query("profile"))
            return try JSONCoding.response(AccessMatrixJSON(matrix))
        }
        api.api(CirclesRoute.discardAccess) { request, context in
            let principal = try context.requirePrincipal()
            let matrix = try await circles.discardAccess(principal, profile: request.query("profile"))
            return try JSONCoding.response(AccessMatrixJSON(matrix))
        }
    }

    // MARK: - Viewing, requests and grants

    private func addViewing(to api: RouterGroup<KithRequestContext>) {
        api.api(CirclesRoute.viewAs) { request, context in
            let principal = try context.requirePrincipal()
            let view = try await circles.viewAs(
                principal, contact: try context.parameters.text("contact"), profile: request.query("profile"))
            return JSONCoding.bytesResponse(ProfileViewJSON(view).sortedJSON)
        }
        api.api(CirclesRoute.look) { request, context in
            let principal = try context.requirePrincipal()
            let view = try await circles.look(principal, try Self.lookTarget(request))
            return JSONCoding.bytesResponse(ProfileViewJSON(view).sortedJSON)
        }
        api.api(CirclesRoute.requests) { _, context in
            let requests = try await circles.requests(try context.requirePrincipal())
            return try JSONCoding.response(requests.map(AccessRequestJSON.init))
        }
        api.api(CirclesRoute.request) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(AccessRequestBody.self, context: context)
            let receipt = try await circles.request(
                principal, body.target, field: try Self.field(body.field), reason: body.reason)
            return try JSONCoding.response(RequestReceiptJSON(receipt), status: .created)
        }
        api.api(CirclesRoute.allowRequest) { request, context in
            let principal = try context.requirePrincipal()
            // The body is optional: without it (or its key), only the requested field is granted.
            let body = try await request.decodeOptionalJSON(AllowBody.self, context: context)
            let grant = try await circles.allowRequest(
                principal, try context.parameters.text("id"), allFields: body?.allFields ?? false)
            return try JSONCoding.response(GrantJSON(grant))
        }
        api.api(CirclesRoute.denyRequest) { _, context in
            let principal = try context.requirePrincipal()
            let denied = try await circles.denyRequest(principal, try context.parameters.text("id"))
            return try JSONCoding.response(AccessRequestJSON(denied))
        }
        api.api(CirclesRoute.grants) { _, context in
            let grants = try await circles.grants(try context.requirePrincipal())
            return try JSONCoding.response(grants.map(GrantJSON.init))
        }
        api.api(CirclesRoute.revokeGrant) { _, context in
            let principal = try context.requirePrincipal()
            let grant = try await circles.revokeGrant(principal, try context.parameters.text("id"))
            return try JSONCoding.response(GrantJSON(grant))
        }
    }

    // MARK: - Shadows, personas, profiles

    private func addProfiles(to api: RouterGroup<KithRequestContext>) {
        api.api(CirclesRoute.createShadow) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(ShadowBody.self, context: context)
            // Without `circles` the shadow is shown to nobody until `PUT /api/shadows/{profile}/circles`.
            let profile = try await circles.createShadow(
                principal, type: try ProfileType.shadowType(body.type), displayName: body.displayName,
                circles: body.circles ?? [])
            return try JSONCoding.response(CirclesProfileJSON(profile), status: .created)
        }
        api.api(CirclesRoute.setShadowCircles) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(ShadowCirclesBody.self, context: context)
            let profile = try await circles.setShadowCircles(
                principal, try context.parameters.text("profile"), circles: body.circles)
            return try JSONCoding.response(CirclesProfileJSON(profile))
        }
        api.api(CirclesRoute.revealShadow) { _, context in
            let principal = try context.requirePrincipal()
            let profile = try await circles.revealShadow(principal, try context.parameters.text("profile"))
            return try JSONCoding.response(CirclesProfileJSON(profile))
        }
        api.api(CirclesRoute.deleteShadow) { _, context in
            let principal = try context.requirePrincipal()
            let profile = try await circles.deleteShadow(principal, try context.parameters.text("profile"))
            return try JSONCoding.response(CirclesProfileJSON(profile))
        }
        api.api(CirclesRoute.personas) { _, context in
            let personas = try await circles.personas(try context.requirePrincipal())
            return try JSONCoding.response(personas.map(PersonaCardJSON.init))
        }
        api.api(CirclesRoute.switchPersona) { request, context in
            let principal = try context.requirePrincipal()
            let body = try await request.decodeJSON(PersonaSwitchBody.self, context: context)
            return try JSONCoding.response(PersonaCardJSON(try await circles.switchPersona(principal, body.profile)))
        }
        // The active persona's profile, then any profile of the caller by reference.
        api.api(CirclesRoute.activeProfile) { _, context in
            try JSONCoding.response(CirclesProfileJSON(try await circles.profile(try context.requirePrincipal(), nil)))
        }
        api.api(CirclesRoute.editActiveProfile) { request, context in
            let principal = try context.requirePrincipal()
            let edit = try await Self.profileEdit(request, context: context)
            return try JSONCoding.response(CirclesProfileJSON(try await circles.editProfile(principal, nil, edit)))
        }
        api.api(CirclesRoute.profile) { _, context in
            let principal = try context.requirePrincipal()
            let profile = try await circles.profile(principal, try context.parameters.text("profile"))
            return try JSONCoding.response(CirclesProfileJSON(profile))
        }
        api.api(CirclesRoute.editProfile) { request, context in
            let principal = try context.requirePrincipal()
            let edit = try await Self.profileEdit(request, context: context)
            let profile = try await circles.editProfile(principal, try context.parameters.text("profile"), edit)
            return try JSONCoding.response(CirclesProfileJSON(profile))
        }
    }

    // MARK: - Parsing

    /// A field name: `displayName` (or `display-name`, `name`), `username`, `photo`, `bio`, `email`, `phone`.
    static func field(_ text: String) throws -> Field {
        if let field = Field.parse(text) { return field }
        let choices = Field.allCases.map(\.rawValue).joined(separator: ", ")
        throw APIError(.badRequest, code: .invalidValue, message: "Field \"field\" must be one of: \(choices)")
    }

    /// `look`'s target from `?email=` or `?username=` (exactly one).
    static func lookTarget(_ request: Request) throws -> String {
        switch (request.query("email"), request.query("username")) {
        case (let email?, nil): return email
        case (nil, let username?):
            return "@" + (username.hasPrefix("@") ? String(username.dropFirst()) : username)
        default:
            throw APIError(
                .badRequest, code: .invalidValue, message: "Send exactly one of ?email= and ?username=")
        }
    }

    static func profileEdit(_ request: Request, context: KithRequestContext) async throws -> ProfileEdit {
        try await request.decodeJSON(ProfileEditBody.self, context: context).edit
    }
}
