import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoJournal
import KontextVideoModels
import KontextVideoScheduling

/// The one way events and tracking pixels leave the SDK: each entry is written to the
/// durable queue before the first send attempt, delivered at least once (events in batches
/// to `POST /video/events`, pixels as plain `GET`s), retried with back-off (1, 2, 4 … 60 s
/// on the injected clock; the server and each tracking host on their own, so a dead host delays
/// only its own pixels), and delivered by the next launch's pipeline over the same directory when
/// this process dies first.
///
/// Every entry is bound to its destination (`EventDestination`): the pipeline's server, the
/// publisher token it was queued under, and its session. A pipeline delivers only its own
/// server's queue, each batch under the token and session its events were queued with; queues of
/// other servers wait in their own directories for their server to be configured again, and are
/// dropped, reported, once past `QueueRetention.period`.
package actor EventPipeline {
    /// The most events in one `POST /video/events`.
    package static let batchSize = 50
    /// The time-out of one delivery attempt.
    package static let timeout: Duration = .seconds(5)
    /// How many tracking hosts a pass sends pixels to at once (each host's pixels one after the
    /// other): a host that never answers holds only its own lane for the 5 s time-out, not the
    /// pixels of other hosts, and an ad of many hosts does not open a connection to each at once.
    package static let concurrentHosts = 6
    /// How many 2xx answers may leave an event out of `accepted` before it is given up.
    package static let refusalLimit = 5
    /// How long an idle delivery loop, once woken by an entry, waits for more before it sends
    /// (`AdServerClient`'s pipeline; see `batchWindow`).
    package static let defaultBatchWindow: Duration = .milliseconds(250)
    /// How often a running pipeline notes in its `DestinationRecord` that its destination is
    /// still configured (the retention of a queue counts from the last note).
    static let recordInterval: TimeInterval = 3600

    /// Where the queue file lives: the directory asked for, or a sibling when another live
    /// process owns that one (see `EventQueueDirectory`).
    package nonisolated let directory: URL
    /// Where this pipeline's entries go (its server, the token entries are queued under now).
    package nonisolated let destination: EventDestination
    /// The queue on disk and in memory.
    package nonisolated let store: EventQueueStore
    /// What writes entries to `store` on the caller's thread and wakes the loop: the one way in.
    package nonisolated let writer: EventQueueWriter
    /// This process's claim on `directory`, held for the pipeline's life.
    nonisolated let claim: DirectoryLock?
    nonisolated let wake: WakeSignal
    nonisolated let sessionId: @Sendable () -> String?
    /// The wall clock: stamps events as they are queued, and measures retention.
    nonisolated let wallClock: @Sendable () -> Date
    /// Gives each queued entry its id.
    nonisolated let identifiers: any IdentifierSource
    let transport: any HTTPTransport
    let clock: any SchedulingClock
    let environment: AdServerIdentity
    /// The install id in force when a batch leaves (`nil`: consent does not allow one, and the
    /// batch goes without it: `ConsentPolicy`).
    let installId: @Sendable () -> UUID?
    /// How long the idle loop, once woken, waits on the clock before a pass. An ad's calls queue
    /// entries in bursts (a show, its impression and pixels, the next call a moment later): they
    /// go out in one request, and every entry queued in the window finds the loop asleep on the
    /// clock, so queueing it costs a flag under a lock instead of waking a thread. Entries are on
    /// disk from the moment they are queued, so waiting loses nothing. Zero: a pass at once.
    let batchWindow: Duration
    let events: any KontextVideoEventMonitor
    var loop: Task<Void, Never>?
    /// The deliveries under way, one per place at most (the server, or one tracking host): each
    /// runs on its own, so a host that never answers holds up nothing but its own pixels.
    var lanes: [DeliveryBackoffs.Place: Task<Bool, Never>] = [:]
    /// `stop()` is final: a later `start()` (say, from another `initialize`) does not undo it.
    var isRetired = false
    /// The `Retry-After` of the last 429 answer to a batch, until the pass sets the server's back-off.
    var retryAfter: Duration?
    /// The back-off of the server and of each tracking host, on `clock`.
    var backoffs = DeliveryBackoffs()
    /// When the destination record was last written.
    var recordWritten: Date

    func takeRetryAfter() -> Duration? {
        defer { retryAfter = nil }
        return retryAfter
    }

    /// Opens the queue of the environment's server in the app's `storage`
    /// (`<storage>/event-queues/<server>`, see `EventQueueDirectory`): takes over the 0.1.0
    /// queue of `<storage>/events` (`LegacyEventQueue`), and drops the queues of other servers
    /// that are past their retention (`QueueRetention`). Delivers nothing until `start()` or
    /// `flush()`.
    package init(
        storage: URL,
        transport: any HTTPTransport,
        clock: any SchedulingClock,
        environment: AdServerIdentity,
        installId: @escaping @Sendable () -> UUID?,
        sessionId: @escaping @Sendable () -> String? = { nil },
        events: any KontextVideoEventMonitor,
        capacity: Int = 1000,
        batchWindow: Duration = .zero,
        wallClock: @escaping @Sendable () -> Date = { Date() },
        identifiers: any IdentifierSource = RandomIdentifiers()
    ) {
        let base = EventQueueDirectory.base(forServer: EventDestination(environment).server, storage: storage)
        self.init(
            directory: base, transport: transport, clock: clock, environment: environment, installId: installId,
            sessionId: sessionId, events: events, capacity: capacity, legacyStorage: storage, batchWindow: batchWindow,
            wallClock: wallClock, identifiers: identifiers)
        QueueRetention.sweep(storage: storage, except: base, now: wallClock(), events: events)
    }

    /// Opens the queue in `directory`, or in a sibling when another live process owns it, and
    /// adopts what dead processes left in siblings (delivering nothing until `start()` or
    /// `flush()`); with `legacyStorage`, also the 0.1.0 queue there. `sessionId` is read when an
    /// entry is queued, and sent with its batch; `batchWindow` is how long the idle loop waits
    /// for more entries once one arrives; `wallClock` stamps each event that has no timestamp as
    /// it is queued (the one wall clock on an event's road) and measures retention; `identifiers`
    /// gives each queued entry its id (the app's: random; a test may pass one that counts).
    package init(
        directory: URL,
        transport: any HTTPTransport,
        clock: any SchedulingClock,
        environment: AdServerIdentity,
        installId: @escaping @Sendable () -> UUID?,
        sessionId: @escaping @Sendable () -> String? = { nil },
        events: any KontextVideoEventMonitor,
        capacity: Int = 1000,
        legacyStorage: URL? = nil,
        batchWindow: Duration = .zero,
        wallClock: @escaping @Sendable () -> Date = { Date() },
        identifiers: any IdentifierSource = RandomIdentifiers()
    ) {
        let destination = EventDestination(environment)
        let now = wallClock()
        let opened = OpenedEventQueue(
            directory: directory, destination: destination, capacity: capacity, legacyStorage: legacyStorage, now: now, events: events)
        self.claim = opened.claim
        self.directory = opened.directory
        self.store = opened.store
        self.destination = destination
        self.transport = transport
        self.clock = clock
        self.environment = environment
        self.installId = installId
        self.sessionId = sessionId
        self.wallClock = wallClock
        self.identifiers = identifiers
        self.recordWritten = now
        self.events = events
        self.batchWindow = max(.zero, batchWindow)
        let wake = WakeSignal()
        self.wake = wake
        self.writer = EventQueueWriter(
            store: opened.store, destination: destination, identifiers: identifiers, sessionId: sessionId, wallClock: wallClock,
            wake: wake, events: events)
    }

    deinit {
        loop?.cancel()
    }

    /// How many entries wait for delivery.
    package var pendingCount: Int {
        store.count
    }

    /// Stops the delivery loop and the deliveries under way, and waits for them; what waits stays on disk,
    /// and the queue's directory is given up for the next pipeline (the next launch) to open.
    package func stop() async {
        isRetired = true
        loop?.cancel()
        loop = nil
        wake.signal()
        let running = lanes.values
        for lane in running { lane.cancel() }
        for lane in running { _ = await lane.value }
        noteDestination()
        store.close()
        claim?.release()
    }
}
