import Accounts
import Argon2
import Device
import Foundation
import Identity
import Kernel
import Mail
import Testing
import WebAuthn

/// What a contract case runs against: the stores a test target built, with a test clock, a seeded random source and
/// a cheap, counting hasher.
///
/// The domain's tests build it over the in-memory store, the SQLite tests over SQLite and PostgreSQL. The device's
/// state is in the same file on SQLite (`SQLDeviceStore`), and in memory beside a server's database (PostgreSQL): a
/// device is a client of the accounts service either way.
public final class IdentityContractEnvironment: Sendable {
    public let clock = ManualClock()
    public let random = SeededRandomSource(seed: 2025)
    public let hasher: CountingHasher
    public let store: any IdentityStore
    /// This device's state, shared by every process `device(_:)` starts.
    public let deviceStore: any DeviceStore

    public init(store: any IdentityStore, deviceStore: any DeviceStore = InMemoryDeviceStore()) {
        hasher = CountingHasher(Argon2PasswordHasher(parameters: .testing, random: random))
        self.store = store
        self.deviceStore = deviceStore
    }

    /// A new process's service (on this device: its saved entries follow account changes); `mail` sets up mail,
    /// `requireVerifiedEmail` is the server's `--require-verified-email`; `sealingKey` its `--sealing-key-file`; `passkeys`
    /// its relying party, `passkeyLog` hears refused passkey checks.
    public func service(
        verifiers: [any IDTokenVerifier] = [], mail: MailSettings? = nil, requireVerifiedEmail: Bool = false,
        sealingKey: SealingKey? = nil, passkeys: PasskeyRelyingParty? = nil,
        passkeyLog: (@Sendable (PasskeyCheckFailure) -> Void)? = nil
    ) -> LocalIdentityService {
        LocalIdentityService(
            store: store,
            options: IdentityOptions(
                clock: clock, random: random, hasher: hasher, verifiers: verifiers, device: deviceStore, mail: mail,
                requireVerifiedEmail: requireVerifiedEmail, sealingKey: sealingKey, passkeys: passkeys,
                passkeyLog: passkeyLog))
    }

    /// Every event in the log, oldest first, once every committed one is readable (`IdentityStore.finalEvents`).
    public func events() async throws -> [Event] { try await store.finalEvents() }

    /// The types of the events written since `before` events were (`try await env.events().count`), in order.
    public func eventTypes(since before: Int) async throws -> [String] {
        try await events().dropFirst(before).map(\.type)
    }

    /// The events written since `before` events were, as written (type, subject, data), in order.
    public func newEvents(since before: Int) async throws -> [NewEvent] {
        try await store.newEvents(since: before)
    }

    /// Every message in the outbox, queued or not, oldest first.
    public func outbox() async throws -> [OutboxEntry] {
        try await store.write { try $0.dueOutboxEntries(at: .distantFuture, limit: 10_000) }
    }

    /// A new process on this device, signing in through `service` (a new one when nil).
    public func device(_ service: LocalIdentityService? = nil) -> ThisDevice {
        ThisDevice(store: deviceStore, sessions: service ?? self.service(), clock: clock)
    }

    public static let day: TimeInterval = 24 * 60 * 60
}
