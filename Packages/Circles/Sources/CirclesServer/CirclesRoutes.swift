import Accounts
import Circles
import CirclesWire
import Hummingbird
import IdentityWire
import Kernel
import KithServer

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
        api.signedIn(CirclesRoute.contacts) { principal, request, context in
            let search = ContactSearch(text: request.query("search"), circle: request.query("circle"))
            let contacts = try await circles.contacts(principal, matching: search)
            return contacts.map(ContactJSON.init)
        }
        api.signedIn(CirclesRoute.addContact, status: .created) { principal, request, context in
            let body = try await request.decodeJSON(ContactBody.self, context: context)
            let contact = try await circles.addContact(principal, body.draft)
            return ContactJSON(contact)
        }
        api.signedIn(CirclesRoute.editContact) { principal, request, context in
            let edit = try await request.decodeJSON(ContactEditBody.self, context: context).edit
            let contact = try await circles.editContact(principal, try context.parameters.text("contact"), edit)
            return ContactJSON(contact)
        }
        api.signedIn(CirclesRoute.removeContact) { principal, _, context in
            let contact = try await circles.removeContact(principal, try context.parameters.text("contact"))
            return ContactJSON(contact)
        }
    }

    // MARK: - Circles and suggestions

    private func addCircles(to api: RouterGroup<KithRequestContext>) {
        api.signedIn(CirclesRoute.circles) { principal, _, context in
            let list = try await circles.circles(principal)
            return list.map(CircleJSON.init)
        }
        api.signedIn(CirclesRoute.createCircle, status: .created) { principal, request, context in
            let body = try await request.decodeJSON(CircleBody.self, context: context)
            let circle = try await circles.createCircle(
                principal, name: body.name, emoji: body.emoji, color: body.color)
            return CircleJSON(circle)
        }
        api.signedIn(CirclesRoute.circle) { principal, request, context in
            let detail = try await circles.circle(
                principal, try context.parameters.text("circle"), search: request.query("search"))
            return CircleDetailJSON(detail)
        }
        api.signedIn(CirclesRoute.editCircle) { principal, request, context in
            let edit = try await request.decodeJSON(CircleEditBody.self, context: context).edit
            let circle = try await circles.editCircle(principal, try context.parameters.text("circle"), edit)
            return CircleJSON(circle)
        }
        api.signedIn(CirclesRoute.deleteCircle) { principal, request, context in
            let circle = try await circles.deleteCircle(
                principal, try context.parameters.text("circle"), moveTo: request.query("moveTo"))
            return CircleJSON(circle)
        }
        api.signedIn(CirclesRoute.mergeCircle) { principal, request, context in
            let body = try await request.decodeJSON(MergeBody.self, context: context)
            let from = try context.parameters.text("circle")
            let into = try await circles.mergeCircles(principal, from: from, into: body.into)
            return CircleJSON(into)
        }
        api.signedIn(CirclesRoute.addMembers) { principal, request, context in
            let contacts = try await request.decodeJSON(ContactsBody.self, context: context).contacts
            let detail = try await circles.addMembers(
                principal, circle: try context.parameters.text("circle"), contacts: contacts)
            return CircleDetailJSON(added: detail)
        }
        api.signedIn(CirclesRoute.removeMembers) { principal, request, context in
            let contacts = try await request.decodeJSON(ContactsBody.self, context: context).contacts
            let detail = try await circles.removeMembers(
                principal, circle: try context.parameters.text("circle"), contacts: contacts)
            return CircleDetailJSON(detail)
        }
        api.signedIn(CirclesRoute.removeMember) { principal, _, context in
            let detail = try await circles.removeMembers(
                principal, circle: try context.parameters.text("circle"),
                contacts: [try context.parameters.text("contact")])
            return CircleDetailJSON(detail)
        }
        api.signedIn(CirclesRoute.suggestions) { principal, _, context in
            let suggestions = try await circles.suggestions(principal)
            return suggestions.map(MergeSuggestionJSON.init)
        }
        api.signedInNoContent(CirclesRoute.dismissSuggestion) { principal, _, context in
            try await circles.dismissSuggestion(principal, try context.parameters.text("id"))
        }
    }

    // MARK: - The access matrix (staged edits)

    private func addAccess(to api: RouterGroup<KithRequestContext>) {
        // Reading the matrix, and the edits that take no body.
        let bodiless: [(WireRoute, @Sendable (Principal, String?) async throws -> AccessMatrix)] = [
            (CirclesRoute.access, circles.accessMatrix), (CirclesRoute.resetAccess, circles.resetAccess),
            (CirclesRoute.saveAccess, circles.saveAccess), (CirclesRoute.discardAccess, circles.discardAccess),
        ]
        for (route, call) in bodiless {
            api.signedIn(route) { principal, request, _ in
                AccessMatrixJSON(try await call(principal, request.query("profile")))
            }
        }
        api.signedIn(CirclesRoute.setAccess) { principal, request, context in
            let body = try await request.decodeJSON(AccessCellBody.self, context: context)
            let matrix = try await circles.setAccess(
                principal, profile: request.query("profile"), field: try Self.field(body.field), circle: body.circle,
                access: try choice(body.access, field: "access", as: Access.self))
            return AccessMatrixJSON(matrix)
        }
        api.signedIn(CirclesRoute.cycleAccess) { principal, request, context in
            let body = try await request.decodeJSON(AccessCycleBody.self, context: context)
            let matrix = try await circles.cycleAccess(
                principal, profile: request.query("profile"), field: try Self.field(body.field), circle: body.circle)
            return AccessMatrixJSON(matrix)
        }
        api.signedIn(CirclesRoute.allowAll) { principal, request, context in
            let body = try await request.decodeJSON(AccessCircleBody.self, context: context)
            let matrix = try await circles.allowAll(principal, profile: request.query("profile"), circle: body.circle)
            return AccessMatrixJSON(matrix)
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
        api.signedIn(CirclesRoute.requests) { principal, _, context in
            let requests = try await circles.requests(principal)
            return requests.map(AccessRequestJSON.init)
        }
        api.signedIn(CirclesRoute.request, status: .created) { principal, request, context in
            let body = try await request.decodeJSON(AccessRequestBody.self, context: context)
            let receipt = try await circles.request(
                principal, body.target, field: try Self.field(body.field), reason: body.reason)
            return RequestReceiptJSON(receipt)
        }
        api.signedIn(CirclesRoute.allowRequest) { principal, request, context in
            // The body is optional: without it (or its key), only the requested field is granted.
            let body = try await request.decodeOptionalJSON(AllowBody.self, context: context)
            let grant = try await circles.allowRequest(
                principal, try context.parameters.text("id"), allFields: body?.allFields ?? false)
            return GrantJSON(grant)
        }
        api.signedIn(CirclesRoute.denyRequest) { principal, _, context in
            let denied = try await circles.denyRequest(principal, try context.parameters.text("id"))
            return AccessRequestJSON(denied)
        }
        api.signedIn(CirclesRoute.grants) { principal, _, context in
            let grants = try await circles.grants(principal)
            return grants.map(GrantJSON.init)
        }
        api.signedIn(CirclesRoute.revokeGrant) { principal, _, context in
            let grant = try await circles.revokeGrant(principal, try context.parameters.text("id"))
            return GrantJSON(grant)
        }
    }

    // MARK: - Shadows, personas, profiles

    private func addProfiles(to api: RouterGroup<KithRequestContext>) {
        api.signedIn(CirclesRoute.createShadow, status: .created) { principal, request, context in
            let body = try await request.decodeJSON(ShadowBody.self, context: context)
            // Without `circles` the shadow is shown to nobody until `PUT /api/shadows/{profile}/circles`.
            let profile = try await circles.createShadow(
                principal, type: try ProfileType.shadowType(body.type), displayName: body.displayName,
                circles: body.circles ?? [])
            return CirclesProfileJSON(profile)
        }
        api.signedIn(CirclesRoute.setShadowCircles) { principal, request, context in
            let body = try await request.decodeJSON(ShadowCirclesBody.self, context: context)
            let profile = try await circles.setShadowCircles(
                principal, try context.parameters.text("profile"), circles: body.circles)
            return CirclesProfileJSON(profile)
        }
        api.signedIn(CirclesRoute.revealShadow) { principal, _, context in
            let profile = try await circles.revealShadow(principal, try context.parameters.text("profile"))
            return CirclesProfileJSON(profile)
        }
        api.signedIn(CirclesRoute.deleteShadow) { principal, _, context in
            let profile = try await circles.deleteShadow(principal, try context.parameters.text("profile"))
            return CirclesProfileJSON(profile)
        }
        api.signedIn(CirclesRoute.personas) { principal, _, context in
            let personas = try await circles.personas(principal)
            return personas.map(PersonaCardJSON.init)
        }
        api.signedIn(CirclesRoute.switchPersona) { principal, request, context in
            let body = try await request.decodeJSON(PersonaSwitchBody.self, context: context)
            return PersonaCardJSON(try await circles.switchPersona(principal, body.profile))
        }
        // The active persona's profile, then any profile of the caller by reference.
        api.signedIn(CirclesRoute.activeProfile) { principal, _, context in
            CirclesProfileJSON(try await circles.profile(principal, nil))
        }
        api.signedIn(CirclesRoute.editActiveProfile) { principal, request, context in
            let edit = try await Self.profileEdit(request, context: context)
            return CirclesProfileJSON(try await circles.editProfile(principal, nil, edit))
        }
        api.signedIn(CirclesRoute.profile) { principal, _, context in
            let profile = try await circles.profile(principal, try context.parameters.text("profile"))
            return CirclesProfileJSON(profile)
        }
        api.signedIn(CirclesRoute.editProfile) { principal, request, context in
            let edit = try await Self.profileEdit(request, context: context)
            let profile = try await circles.editProfile(principal, try context.parameters.text("profile"), edit)
            return CirclesProfileJSON(profile)
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
