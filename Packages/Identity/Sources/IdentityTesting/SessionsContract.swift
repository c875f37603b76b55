import Accounts
import Foundation
import Identity
import StorageTesting
import Testing

/// The account's sessions (DOMAIN.md "Leaving, and taking your data"): listed with where they were made and when
/// last used, ended one by one or all but this one, durably; "last used" written at most once per 5 minutes.
public enum SessionsContract {
    /// The cases, for every store, PostgreSQL included.
    public static let cases: [ContractCase<IdentityContractEnvironment>] = [
        ContractCase(
            "sessions lists both devices' sessions with their labels, this one marked",
            sessionsListBothDevicesWithTheirLabels),
        ContractCase(
            "an ended session's next authentication fails, and the end is durable", anEndedSessionIsRefusedNext),
        ContractCase("--others ends every session but this one", othersEndsEverySessionButThisOne),
        ContractCase(
            "this session is refused; an unknown, ended or another account's id is not found",
            refusalsChangeNothing),
        ContractCase("last used is written at most once per 5 minutes", lastUsedIsWrittenAtMostOncePerFiveMinutes),
    ]

    /// A process's service whose sessions say they were made `label` (as `kith` on HOST does), over `store`.
    static func service(
        _ env: IdentityContractEnvironment, label: String?, store: (any IdentityStore)? = nil
    ) -> LocalIdentityService {
        LocalIdentityService(
            store: store ?? env.store,
            options: IdentityOptions(clock: env.clock, random: env.random, hasher: env.hasher, sessionLabel: label))
    }

    static func sessionsListBothDevicesWithTheirLabels(_ env: IdentityContractEnvironment) async throws {
        let laptop = service(env, label: "kith on laptop")
        let ann = try await laptop.register("Ann")
        env.clock.advance(by: 60)
        // A server labels each request's session (X-Kith-Client), over the service's own label.
        let phone = try await SessionLabel.$current.withValue("Kith/2.1 (iPhone)") {
            try await laptop.principal(
                forToken: try await laptop.signIn(email: email("Ann"), password: password("Ann")).token)
        }
        env.clock.advance(by: 60)
        let elsewhere = service(env, label: nil)
        let unlabelled = try await elsewhere.principal(
            forToken: try await elsewhere.signIn(email: email("Ann"), password: password("Ann")).token)
        // Another account's session and an ended one of Ann's are not hers to see.
        _ = try await laptop.register("Bea")
        let ended = try await laptop.signIn(email: email("Ann"), password: password("Ann"))
        try await laptop.endSession(token: ended.token)

        let seen = try await laptop.sessions(ann)
        #expect(seen.map(\.id) == [ann.sessionId, phone.sessionId, unlabelled.sessionId])
        #expect(seen.map(\.createdWhere) == ["kith on laptop", "Kith/2.1 (iPhone)", nil])
        #expect(seen.map(\.current) == [true, false, false])
        let start = env.clock.now().addingTimeInterval(-120)
        #expect(seen.map(\.createdAt) == [start, start.addingTimeInterval(60), start.addingTimeInterval(120)])
        #expect(seen.map(\.lastUsedAt) == seen.map(\.createdAt))
        // The phone sees the same sessions, its own marked.
        #expect(try await laptop.sessions(phone).map(\.current) == [false, true, false])
        // Expired sessions are not live either.
        env.clock.advance(by: Session.lifetime - 90)
        #expect(try await laptop.sessions(unlabelled).map(\.id) == [phone.sessionId, unlabelled.sessionId])
    }

    static func anEndedSessionIsRefusedNext(_ env: IdentityContractEnvironment) async throws {
        let recorder = DurabilityRecorder(env.store)
        let laptop = service(env, label: "kith on laptop", store: recorder)
        let ann = try await laptop.register("Ann")
        let phoneGrant = try await laptop.signIn(email: email("Ann"), password: password("Ann"))
        let phone = try await laptop.principal(forToken: phoneGrant.token)
        #expect(try await laptop.account(phone).id == ann.accountId)

        recorder.forget()
        try await laptop.endSession(ann, id: " \(phone.sessionId!) ")
        #expect(recorder.writes == [.immediate])
        #expect(await identityError { _ = try await laptop.principal(forToken: phoneGrant.token) } == .notSignedIn)
        #expect(await identityError { _ = try await laptop.account(phone) } == .notSignedIn)
        // Another process (another server on the same database) refuses it too.
        let other = service(env, label: nil)
        #expect(await identityError { _ = try await other.principal(forToken: phoneGrant.token) } == .notSignedIn)
        #expect(try await laptop.sessions(ann).map(\.id) == [ann.sessionId])
        // The ended session cannot end another.
        #expect(await identityError { try await laptop.endSession(phone, id: ann.sessionId!) } == .notSignedIn)
    }

    static func othersEndsEverySessionButThisOne(_ env: IdentityContractEnvironment) async throws {
        let recorder = DurabilityRecorder(env.store)
        let laptop = service(env, label: "kith on laptop", store: recorder)
        let ann = try await laptop.register("Ann")
        let bea = try await laptop.register("Bea")
        var tokens: [String] = []
        for _ in 0..<2 { tokens.append(try await laptop.signIn(email: email("Ann"), password: password("Ann")).token) }

        recorder.forget()
        #expect(try await laptop.endOtherSessions(ann) == 2)
        #expect(recorder.writes == [.immediate])
        for token in tokens {
            #expect(await identityError { _ = try await laptop.principal(forToken: token) } == .notSignedIn)
        }
        #expect(try await laptop.sessions(ann).map(\.id) == [ann.sessionId])
        #expect(try await laptop.account(ann).id == ann.accountId)
        // Another account's sessions are untouched; nothing else to end is 0.
        #expect(try await laptop.sessions(bea).map(\.id) == [bea.sessionId])
        #expect(try await laptop.endOtherSessions(ann) == 0)
    }

    static func refusalsChangeNothing(_ env: IdentityContractEnvironment) async throws {
        let laptop = service(env, label: "kith on laptop")
        let ann = try await laptop.register("Ann")
        let bea = try await laptop.register("Bea")
        let ended = try await laptop.principal(
            forToken: try await laptop.signIn(email: email("Ann"), password: password("Ann")).token)
        try await laptop.endSession(ann, id: ended.sessionId!)
        let before = try await laptop.sessions(ann)

        let refusal = await identityError { try await laptop.endSession(ann, id: ann.sessionId!) }
        #expect(refusal == .thisSession)
        #expect(refusal?.description == "That is this session: use `logout`.")
        for id in ["made-up", bea.sessionId!, ended.sessionId!] {
            let error = await identityError { try await laptop.endSession(ann, id: id) }
            #expect(error == .notFound(.session, id))
            #expect(error?.description == "No session named \(id)")
        }
        #expect(try await laptop.sessions(ann) == before)
        #expect(try await laptop.sessions(bea).map(\.id) == [bea.sessionId])
    }

    static func lastUsedIsWrittenAtMostOncePerFiveMinutes(_ env: IdentityContractEnvironment) async throws {
        let recorder = DurabilityRecorder(env.store)
        let server = service(env, label: nil, store: recorder)
        let grant = try await server.register(
            SignUp(email: email("Ann"), firstName: "Ann", lastName: "Tester", password: password("Ann")))
        let made = env.clock.now()
        func lastUsed() async throws -> Date? {
            try await env.store.read { try $0.session(id: grant.sessionId)?.lastUsedAt }
        }
        #expect(try await lastUsed() == made)

        // Requests within 5 minutes of the last write: reads only.
        recorder.forget()
        for _ in 0..<3 {
            env.clock.advance(by: 99)
            let principal = try await server.principal(forToken: grant.token)
            _ = try await server.account(principal)
            _ = try await server.sessions(principal)
        }
        #expect(recorder.writes.isEmpty)
        #expect(try await lastUsed() == made)

        // The first request 5 minutes after it writes once, the next ones not again for 5 minutes.
        env.clock.advance(by: 3)
        for _ in 0..<3 { _ = try await server.principal(forToken: grant.token) }
        #expect(recorder.writes == [.normal])
        let touched = env.clock.now()
        #expect(try await lastUsed() == touched)
        let principal = try await server.principal(forToken: grant.token)
        #expect(try await server.sessions(principal).map(\.lastUsedAt) == [touched])

        // Another server that read the old value before the write does not write it again (the store's condition).
        try await env.store.write { transaction in
            try transaction.touchSession(
                id: grant.sessionId, at: touched.addingTimeInterval(1),
                ifLastUsedAtOrBefore: made.addingTimeInterval(1))
        }
        #expect(try await lastUsed() == touched)

        // This device's session too: `kith` using its saved session is a use.
        let device = env.device(service(env, label: "kith on laptop", store: recorder))
        try await device.signUp("Bea")
        let bea = try await device.me()
        recorder.forget()
        env.clock.advance(by: 4 * 60)
        _ = try await device.me()
        #expect(recorder.writes.isEmpty)
        env.clock.advance(by: 60)
        _ = try await device.me()
        _ = try await device.me()
        #expect(recorder.writes == [.normal])
        let seen = try await server.sessions(bea)
        #expect(seen.map(\.lastUsedAt) == [env.clock.now()])
        #expect(seen.map(\.createdWhere) == ["kith on laptop"])
    }
}
