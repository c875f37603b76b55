import Kernel
import Mail

extension OutboxSender {
    /// A sender of the outbox in Identity's `store` (the store holds every part; the sender sees the outbox's).
    public init(
        store: any IdentityStore, mailer: any Mailer, clock: any WallClock = SystemClock(),
        schedule: OutboxSchedule = .standard
    ) {
        self.init(
            store: NarrowedStore(store) { $0 as any OutboxStoreTransaction }, mailer: mailer, clock: clock,
            schedule: schedule)
    }
}
