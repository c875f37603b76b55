import Mail
import Prometheus
import Synchronization

/// What one server has done, for `GET /metrics` in Prometheus's text format: requests by route template, method and
/// status with their latency, rate-limit refusals, and the database's retries and pool (read when scraped).
///
/// Labels never carry personal data: a route is its template (`/api/contacts/{id}`, never the id), a request no route
/// took is `unmatched`, and a method outside HTTP's usual ones is `other`, so no client can mint new series.
public final class ServerMetrics: Sendable {
    private let registry: PrometheusCollectorRegistry
    /// The series of each (route, method, status) seen so far: one dictionary look-up per request once warm.
    private let requestSeries = Mutex<[RequestKey: RequestSeries]>([:])
    private let refusals = Mutex<[String: Counter]>([:])
    private let database: DatabaseSeries?
    private let mail: MailSeries
    private let databaseStatistics: (@Sendable () async -> DatabaseStatistics)?

    /// Metrics for a server whose database reports `databaseStatistics` (nil for SQLite, which has no pool).
    public init(databaseStatistics: (@Sendable () async -> DatabaseStatistics)? = nil) {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        self.databaseStatistics = databaseStatistics
        database = databaseStatistics == nil ? nil : DatabaseSeries(registry: registry)
        mail = MailSeries(registry: registry)
    }

    // MARK: - Recording

    struct RequestKey: Hashable, Sendable {
        let route: String
        let method: String
        let status: Int
    }

    struct RequestSeries: Sendable {
        let count: Counter
        let duration: DurationHistogram
    }

    /// Counts one answered request and its duration; a 429 is also a rate-limit refusal.
    func record(route: String, method: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, method: Self.methodLabel(method), status: status)
        let series = requestSeries.withLock { cache in
            Self.cached(key, in: &cache) {
                let labels = [("route", key.route), ("method", key.method), ("status", String(status))]
                return RequestSeries(
                    count: registry.makeCounter(descriptor: Self.requests, labels: labels),
                    duration: registry.makeDurationHistogram(
                        descriptor: Self.requestDuration, labels: labels, buckets: Self.buckets))
            }
        }
        series.count.increment()
        series.duration.record(duration)
        if status == 429 {
            refusals.withLock { cache in
                Self.cached(route, in: &cache) {
                    registry.makeCounter(descriptor: Self.rateLimitRefusals, labels: [("route", route)])
                }
            }.increment()
        }
    }

    /// Counts what one pass of the outbox's sender did, and how many messages are still queued.
    func record(_ report: OutboxReport) {
        mail.sent.increment(by: Int64(report.sent.count))
        mail.retried.increment(by: Int64(report.retried.count))
        mail.failed.increment(by: Int64(report.failed.count))
        mail.queued.set(Int64(report.queued))
    }

    // MARK: - Features' own series

    /// A series a feature's background service records (`kith_<subsystem>_<name>[_<unit>]`): its labels must be fixed
    /// words, never personal data or ids, so no caller can mint new series.
    public struct FeatureSeries: Sendable, Hashable {
        public let subsystem: String
        public let name: String
        public let unit: String
        public let help: String

        public init(subsystem: String, name: String, unit: String = "", help: String) {
            self.subsystem = subsystem
            self.name = name
            self.unit = unit
            self.help = help
        }

        var descriptor: MetricNameDescriptor {
            MetricNameDescriptor(
                namespace: "kith", subsystem: subsystem, metricName: name, unitName: unit,
                helpText: help)
        }
    }

    private struct FeatureKey: Hashable, Sendable {
        let series: FeatureSeries
        let labels: [String]
    }

    private let featureCounters = Mutex<[FeatureKey: Counter]>([:])
    private let featureGauges = Mutex<[FeatureKey: Gauge]>([:])

    /// Adds `amount` to the counter `series` with `labels` (made, at 0, on first use).
    public func count(_ series: FeatureSeries, labels: [(String, String)] = [], by amount: Int = 1) {
        let key = FeatureKey(series: series, labels: labels.flatMap { [$0.0, $0.1] })
        featureCounters.withLock { cache in
            Self.cached(key, in: &cache) { registry.makeCounter(descriptor: series.descriptor, labels: labels) }
        }.increment(by: Int64(amount))
    }

    /// Sets the gauge `series` to `value`.
    public func set(_ series: FeatureSeries, to value: Double) {
        let key = FeatureKey(series: series, labels: [])
        featureGauges.withLock { cache in
            Self.cached(key, in: &cache) { registry.makeGauge(descriptor: series.descriptor) }
        }.set(to: value)
    }

    /// `cache[key]`, made by `make` and kept the first time.
    private static func cached<Key, Value>(_ key: Key, in cache: inout [Key: Value], make: () -> Value) -> Value {
        if let value = cache[key] { return value }
        let value = make()
        cache[key] = value
        return value
    }

    /// Every series, in Prometheus's text exposition format, after reading the database's figures.
    func exposition() async -> [UInt8] {
        if let database, let databaseStatistics { database.update(to: await databaseStatistics()) }
        return registry.emitToBuffer()
    }

    // MARK: - Names

    private static let usualMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    private static func methodLabel(_ method: String) -> String { usualMethods.contains(method) ? method : "other" }

    /// From 1 ms to 10 s: a look answers in about a millisecond; a sign-in's Argon2 takes a good part of a second.
    private static let buckets: [Duration] = [
        .milliseconds(1), .milliseconds(2.5), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
        .seconds(5), .seconds(10),
    ]

    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "kith", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "Requests answered, by route template, method and status")
    }

    private static var requestDuration: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "kith", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time from a request's head to its response, by route template, method and status")
    }

    private static var rateLimitRefusals: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "kith", metricName: "rate_limit_refusals", unitName: "total",
            helpText: "Requests refused by a rate limit (429), by route template")
    }

    // MARK: - Mail

    /// The outbox's series: messages sent, retried and given up by this server, and messages queued now (for every
    /// server on the database).
    private struct MailSeries: Sendable {
        let sent: Counter
        let retried: Counter
        let failed: Counter
        let queued: Gauge

        init(registry: PrometheusCollectorRegistry) {
            func descriptor(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
                MetricNameDescriptor(
                    namespace: "kith", subsystem: "mail", metricName: name, unitName: unit, helpText: help)
            }
            sent = registry.makeCounter(descriptor: descriptor("sent", "total", "Messages the mail server accepted"))
            retried = registry.makeCounter(
                descriptor: descriptor("retried", "total", "Deliveries that failed and will be tried again"))
            failed = registry.makeCounter(
                descriptor: descriptor("failed", "total", "Messages given up: refused for good, or after 24 hours"))
            queued = registry.makeGauge(descriptor: descriptor("queued", "", "Messages waiting to be sent now"))
        }
    }

    // MARK: - The database

    /// The database's series. Its counters only grow, so each scrape adds what was counted since the last one.
    private final class DatabaseSeries: Sendable {
        let retries: Counter
        let exhausted: Counter
        let replaced: Counter
        let connectionsInUse: Gauge
        let waiting: Gauge
        let primaryReads: Counter
        let replicaReads: Counter
        let replicaBehind: Counter
        let replicaFailures: Counter
        private let registry: PrometheusCollectorRegistry
        /// Each replica's lag series (seconds, bytes), by its name, made on the first scrape that names it.
        private let lags = Mutex<[String: (seconds: Gauge, bytes: Gauge)]>([:])
        private let last = Mutex(
            DatabaseStatistics(retries: 0, exhausted: 0, replaced: 0, connectionsInUse: 0, waiting: 0))

        init(registry: PrometheusCollectorRegistry) {
            func descriptor(_ name: String, _ unit: String, _ help: String) -> MetricNameDescriptor {
                MetricNameDescriptor(
                    namespace: "kith", subsystem: "database", metricName: name, unitName: unit, helpText: help)
            }
            retries = registry.makeCounter(
                descriptor: descriptor(
                    "transaction_retries", "total", "Transactions that lost to a concurrent one and ran again"))
            exhausted = registry.makeCounter(
                descriptor: descriptor(
                    "transactions_exhausted", "total", "Transactions that still lost after every retry"))
            replaced = registry.makeCounter(
                descriptor: descriptor("connections_replaced", "total", "Broken connections closed and replaced"))
            connectionsInUse = registry.makeGauge(
                descriptor: descriptor("pool_connections_in_use", "", "Pool connections running a transaction now"))
            waiting = registry.makeGauge(
                descriptor: descriptor("pool_waiting", "", "Transactions waiting for a free pool connection now"))
            let reads = descriptor("reads", "total", "Read-only transactions, by where they ran (primary or replica)")
            primaryReads = registry.makeCounter(descriptor: reads, labels: [("target", "primary")])
            replicaReads = registry.makeCounter(descriptor: reads, labels: [("target", "replica")])
            let passed = descriptor(
                "replica_skips", "total",
                "Reads a replica passed to the primary, by reason: behind what they must see, or failed")
            replicaBehind = registry.makeCounter(descriptor: passed, labels: [("reason", "behind")])
            replicaFailures = registry.makeCounter(descriptor: passed, labels: [("reason", "failed")])
            self.registry = registry
        }

        /// The lag series of the replica named `name`.
        private func lagSeries(_ name: String) -> (seconds: Gauge, bytes: Gauge) {
            lags.withLock { lags in
                if let series = lags[name] { return series }
                func descriptor(_ unit: String, _ help: String) -> MetricNameDescriptor {
                    MetricNameDescriptor(
                        namespace: "kith", subsystem: "database", metricName: "replica_lag", unitName: unit,
                        helpText: help)
                }
                let series = (
                    seconds: registry.makeGauge(
                        descriptor: descriptor("seconds", "How long a replica has been behind the reads sent to it"),
                        labels: [("replica", name)]),
                    bytes: registry.makeGauge(
                        descriptor: descriptor("bytes", "How much WAL a replica was behind the last read it failed"),
                        labels: [("replica", name)])
                )
                lags[name] = series
                return series
            }
        }

        func update(to now: DatabaseStatistics) {
            // Under the lock, so two scrapes at once neither count a retry twice nor lose one.
            last.withLock { last in
                let counted: [(Counter, WritableKeyPath<DatabaseStatistics, Int>)] = [
                    (retries, \.retries), (exhausted, \.exhausted), (replaced, \.replaced),
                    (primaryReads, \.primaryReads), (replicaReads, \.replicaReads), (replicaBehind, \.replicaBehind),
                    (replicaFailures, \.replicaFailures),
                ]
                for (counter, field) in counted where now[keyPath: field] > last[keyPath: field] {
                    counter.increment(by: Int64(now[keyPath: field] - last[keyPath: field]))
                    last[keyPath: field] = now[keyPath: field]
                }
            }
            connectionsInUse.set(Int64(now.connectionsInUse))
            waiting.set(Int64(now.waiting))
            for replica in now.replicas {
                let series = lagSeries(replica.name)
                series.seconds.set(replica.lagSeconds)
                series.bytes.set(Int64(clamping: replica.lagBytes))
            }
        }
    }
}
