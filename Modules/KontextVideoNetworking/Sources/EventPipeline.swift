import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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
    /// This process's claim on `directory`, held for the pipeline's life.
    private nonisolated let claim: DirectoryLock?
    private nonisolated let wake = WakeSignal()
    private nonisolated let sessionId: @Sendable () -> String?
    private nonisolated let wallClock: @Sendable () -> Date
    /// Gives each queued entry its id.
    private nonisolated let identifiers: any IdentifierSource
    private let transport: any HTTPTransport
    private let clock: any SchedulingClock
    private let environment: AdServerIdentity
    /// The install id in force when a batch leaves (`nil`: consent does not allow one, and the
    /// batch goes without it: `ConsentPolicy`).
    private let installId: @Sendable () -> UUID?
    /// How long the idle loop, once woken, waits on the clock before a pass. An ad's calls queue
    /// entries in bursts (a show, its impression and pixels, the next call a moment later): they
    /// go out in one request, and every entry queued in the window finds the loop asleep on the
    /// clock, so queueing it costs a flag under a lock instead of waking a thread. Entries are on
    /// disk from the moment they are queued, so waiting loses nothing. Zero: a pass at once.
    private let batchWindow: Duration
    private let events: any KontextVideoEventMonitor
    private var loop: Task<Void, Never>?
    /// The deliveries under way, one per place at most (the server, or one tracking host): each
    /// runs on its own, so a host that never answers holds up nothing but its own pixels.
    private var lanes: [DeliveryBackoffs.Place: Task<Bool, Never>] = [:]
    /// `stop()` is final: a later `start()` (say, from another `initialize`) does not undo it.
    private var isRetired = false
    /// The `Retry-After` of the last 429 answer to a batch, until the pass sets the server's back-off.
    private var retryAfter: Duration?
    /// The back-off of the server and of each tracking host, on `clock`.
    private var backoffs = DeliveryBackoffs()
    /// When the destination record was last written.
    private var recordWritten: Date

    private func takeRetryAfter() -> Duration? {
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
    /// for more entries once one arrives; `wallClock` measures retention; `identifiers` gives each
    /// queued entry its id (the app's: random; a test may pass one that counts).
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
        let claim = EventQueueDirectory.claim(base: directory)
        let claimed = claim?.directory ?? directory
        let store = EventQueueStore(directory: claimed, capacity: capacity, events: events)
        let now = wallClock()
        var record = DestinationRecord.read(in: claimed, events: events)?.notAfter(now)
            ?? DestinationRecord(server: destination.server, configured: [:])
        for orphan in EventQueueDirectory.orphans(of: directory, except: claimed) {
            if let left = EventQueueStore.stored(in: orphan.directory, capacity: capacity) {
                store.adopt(left.entries, droppedCount: left.droppedCount)
                DestinationRecord.read(in: orphan.directory, events: events).map { record.merge($0.notAfter(now)) }
            }
            // Removed while still claimed, so no process starting now can take it half-read.
            try? FileManager.default.removeItem(at: orphan.directory)
        }
        if let legacyStorage {
            LegacyEventQueue.migrate(storage: legacyStorage, into: store, destination: destination, events: events)
        }
        Self.dropEntriesNotDeliverable(in: store, record: &record, destination: destination, now: now, events: events)
        record.server = destination.server
        record.note(destination.publisherToken, at: now)
        record.write(in: claimed)
        self.claim = claim
        self.directory = claimed
        self.destination = destination
        self.store = store
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
    }

    /// Drops, and reports, what this pipeline must never send: entries recorded for another
    /// server (none in a directory of this server's, unless its files were moved by hand), and
    /// entries of a token not configured with this server for the retention period. Entries of
    /// a token the record does not know yet start their retention now.
    private static func dropEntriesNotDeliverable(
        in store: EventQueueStore, record: inout DestinationRecord, destination: EventDestination, now: Date,
        events: any KontextVideoEventMonitor
    ) {
        let entries = store.entries
        for token in Set(entries.compactMap(\.publisherToken)) where record.configured[token] == nil {
            record.note(token, at: now)
        }
        let expiredTokens = QueueRetention.expiredTokens(record, now: now).subtracting([destination.publisherToken])
        let otherServer = entries.filter { $0.server.map { $0 != destination.server } ?? false }
        let expired = entries.filter { entry in
            guard let token = entry.publisherToken, entry.server == nil || entry.server == destination.server else { return false }
            return expiredTokens.contains(token)
        }
        store.remove(ids: Set((otherServer + expired).map(\.id)))
        for token in expiredTokens { record.configured[token] = nil }
        for (server, entries) in Dictionary(grouping: otherServer, by: { $0.server ?? "" }) {
            QueueRetention.report(entries, server: server, reason: "recorded for another server", events: events)
        }
        QueueRetention.report(expired, server: destination.server,
                              reason: "their publisher token has not been configured for 7 days", events: events)
    }

    deinit {
        loop?.cancel()
    }

    /// Writes `entry` to the queue file now, on the caller's thread, under a new id of
    /// `identifiers` (an event's `eventId`), and wakes the delivery loop: once this returns, the
    /// entry survives the process. Returns the entry's `id`, which its `queued`, `delivered` and
    /// `given up` events carry. A pixel of an ad that already has `EventQueueStore.pixelsPerAdEvent`
    /// pixels of its VAST event waiting is not queued: it is reported `dropped` (its id is returned
    /// all the same; `submitPixels(_:)` says which were queued).
    @discardableResult
    package nonisolated func submit(_ entry: PipelineEntry) -> String {
        let queued = QueuedEntry(entry, id: identifiers.next(), sessionId: sessionId(), destination: destination)
        let dropped = store.append(queued)
        if dropped.first?.id == queued.id {
            reportOverCap([queued])
        } else {
            events.record(.debug) { KontextVideoEvent(.beacon, .queued, attributes: Self.describe(queued).merging(["pending": "\(store.count)"]) { $1 }) }
            reportEvicted(dropped)
        }
        wake.signal()
        return queued.id
    }

    /// Writes an ad's pixels of one moment to the queue at once (one lock, one `write(2)`), each
    /// under a new id, and wakes the delivery loop. Pixels past `EventQueueStore.pixelsPerAdEvent`
    /// of their ad and VAST event are not queued, and reported (`dropped`, one warning per ad and
    /// event, with the `count`).
    /// - Parameter pixels: The pixels, in the order they fire.
    /// - Returns: Each pixel's queue entry id, in order; `nil` for a pixel over the cap.
    @discardableResult
    package nonisolated func submitPixels(_ pixels: [PixelToQueue]) -> [String?] {
        guard !pixels.isEmpty else { return [] }
        let session = sessionId()
        let entries = pixels.map { QueuedEntry(.trackingPixel($0), id: identifiers.next(), sessionId: session, destination: destination) }
        let outcome = store.append(contentsOf: entries)
        events.record(.debug) {
            KontextVideoEvent(.beacon, .queued, attributes: [
                "count": "\(outcome.queued.count)", "ids": outcome.queued.map(\.id).joined(separator: ","), "pending": "\(store.count)",
            ])
        }
        reportOverCap(outcome.overCap)
        reportEvicted(outcome.evicted)
        wake.signal()
        let refused = Set(outcome.overCap.map(\.id))
        return entries.map { refused.contains($0.id) ? nil : $0.id }
    }

    /// Reports pixels refused over the per-ad cap: one warning per ad and VAST event.
    private nonisolated func reportOverCap(_ refused: [QueuedEntry]) {
        guard !refused.isEmpty else { return }
        var groups: [PixelGroup: [QueuedEntry]] = [:]
        var order: [PixelGroup] = []
        for entry in refused {
            guard let group = entry.pixelGroup else { continue }
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(entry)
        }
        for group in order {
            let entries = groups[group] ?? []
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: [
                "adId": group.adId, "event": group.event, "count": "\(entries.count)",
                "ids": entries.map(\.id).joined(separator: ","),
                "reason": "more than \(EventQueueStore.pixelsPerAdEvent) pixels of one ad for one VAST event",
            ]))
        }
    }

    /// Reports entries evicted to keep their kind within its budget.
    private nonisolated func reportEvicted(_ evicted: [QueuedEntry]) {
        for old in evicted {
            var attributes = Self.describe(old)
            attributes["droppedCount"] = "\(store.droppedCount)"
            attributes["reason"] = old.kind == .event ? "the queue holds \(store.capacity) events" : "the queue holds \(store.capacity) pixels"
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: attributes))
        }
    }

    /// How many entries wait for delivery.
    package var pendingCount: Int {
        store.count
    }

    /// Delivers what waits now and returns once it is done: joins the deliveries under way, then
    /// starts one for every place (the server, each tracking host) that has entries, back-off or
    /// not, until every place was tried once. Returns whether everything it tried went through
    /// (entries queued meanwhile wait for the loop). The test kit's `flushEvents()` runs it to
    /// deliver at once (`EventPipeline.flush()`, in the test support); the delivery loop skips the
    /// places that wait out a back-off.
    package func runPass() async -> Bool {
        var allDelivered = true
        var tried: Set<DeliveryBackoffs.Place> = []
        for (place, lane) in lanes {
            tried.insert(place)
            if await !lane.value { allDelivered = false }
        }
        // Each round starts at least one place not tried yet (at most `concurrentHosts` hosts at
        // once), so this ends after as many rounds as there are places.
        while true {
            let started = dispatch(honoringBackoff: false, excluding: tried)
            guard !started.isEmpty else { break }
            for (place, lane) in started {
                tried.insert(place)
                if await !lane.value { allDelivered = false }
            }
        }
        return allDelivered
    }

    /// Starts the delivery loop: delivers whenever entries wait, after the batch window (from the
    /// moment entries were found waiting), the server's events and each tracking host's pixels
    /// on their own. A place that failed backs off 1, 2, 4 … 60 s on the clock on its own; the loop
    /// sleeps until the first place is due, a delivery ends, or an entry arrives. Idempotent. The loop holds the pipeline only
    /// while it delivers; `stop()` (or releasing the pipeline) ends it.
    package func start() {
        guard loop == nil, !isRetired else { return }
        let (wake, clock, batchWindow) = (self.wake, self.clock, self.batchWindow)
        loop = Task { [weak self] in
            // The loop has just waited out a back-off: the window is over already.
            var backedOff = false
            while !Task.isCancelled {
                guard let next = await self?.nextDelivery() else { return }
                switch next {
                case .now:
                    if batchWindow > .zero, !backedOff {
                        do { try await clock.sleep(for: batchWindow) } catch { return }
                    }
                    backedOff = false
                    // Starts the deliveries and goes on: each wakes the loop when it ends.
                    guard await self?.dispatch(honoringBackoff: true) != nil else { return }
                case .at(let deadline):
                    // An entry arriving first starts a window of its own.
                    backedOff = await Self.wait(for: wake, orUntil: deadline, on: clock)
                case .idle:
                    backedOff = false
                    await wake.wait()
                }
            }
        }
    }

    /// What the delivery loop does next.
    private enum NextDelivery {
        /// Entries wait for a place that is due: a pass.
        case now
        /// Every place with entries waits out a back-off; the first is due then.
        case at(Duration)
        /// Nothing waits.
        case idle
    }

    private func nextDelivery() -> NextDelivery {
        let entries = store.entries
        guard !entries.isEmpty else { return .idle }
        let places = Set(entries.map(Self.place))
        backoffs.forget(allBut: places)
        let now = clock.now
        var hostsRunning = lanes.keys.count { $0 != .server }
        var earliest: Duration?
        for place in places where lanes[place] == nil {
            if let retryAt = backoffs.retryAt(place), retryAt > now {
                earliest = min(earliest ?? retryAt, retryAt)
                continue
            }
            if case .host = place {
                // A host beyond the bound waits for a lane to end (which wakes the loop).
                guard hostsRunning < Self.concurrentHosts else { continue }
                hostsRunning += 1
            }
            return .now
        }
        // Deliveries under way wake the loop when they end.
        return earliest.map(NextDelivery.at) ?? .idle
    }

    /// Waits until `deadline` on `clock`, or until `wake` is signalled; returns whether the
    /// deadline came first.
    private static func wait(for wake: WakeSignal, orUntil deadline: Duration, on clock: any SchedulingClock) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                do {
                    try await clock.sleep(until: deadline)
                    return true
                } catch {
                    return false
                }
            }
            group.addTask {
                await wake.wait()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Where `entry` is delivered: the server for an event, its URL's `host:port` for a pixel.
    private static func place(_ entry: QueuedEntry) -> DeliveryBackoffs.Place {
        guard entry.kind == .pixel else { return .server }
        return .host(entry.url.flatMap { URL(string: $0) }.map { "\($0.host?.lowercased() ?? ""):\($0.port ?? 0)" } ?? "")
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

    /// Starts a delivery for each place that has entries and none under way: the server's events,
    /// and each tracking host's pixels (at most `concurrentHosts` hosts at once, in the order their
    /// first pixel was queued). `honoringBackoff` skips the places still waiting out a back-off;
    /// `excluding` skips places already tried. Returns the deliveries started.
    @discardableResult
    private func dispatch(
        honoringBackoff: Bool, excluding excluded: Set<DeliveryBackoffs.Place> = []
    ) -> [(DeliveryBackoffs.Place, Task<Bool, Never>)] {
        noteDestinationIfDue()
        let now = clock.now
        var work: [DeliveryBackoffs.Place: [QueuedEntry]] = [:]
        var order: [DeliveryBackoffs.Place] = []
        for entry in store.entries {
            let place = Self.place(entry)
            guard lanes[place] == nil, !excluded.contains(place) else { continue }
            if honoringBackoff, backoffs.isWaiting(place, now: now) { continue }
            if work[place] == nil { order.append(place) }
            work[place, default: []].append(entry)
        }
        var hostsRunning = lanes.keys.count { $0 != .server }
        var started: [(DeliveryBackoffs.Place, Task<Bool, Never>)] = []
        for place in order {
            if case .host = place {
                guard hostsRunning < Self.concurrentHosts else { continue }
                hostsRunning += 1
            }
            let entries = work[place] ?? []
            // Runs on the actor once this returns, so `lanes` holds it before it can end.
            let lane = Task { await self.deliver(entries, to: place) }
            lanes[place] = lane
            started.append((place, lane))
        }
        return started
    }

    /// One place's delivery: its back-off follows how it went, and the loop is woken to look again.
    private func deliver(_ entries: [QueuedEntry], to place: DeliveryBackoffs.Place) async -> Bool {
        let delivered: Bool
        switch place {
        case .server: delivered = await deliverEvents(entries)
        case .host: delivered = await deliverPixels(entries)
        }
        lanes[place] = nil
        if delivered {
            backoffs.succeeded(place)
        } else {
            switch place {
            case .server:
                // A 429's Retry-After is honoured when it asks for longer than the back-off.
                let delay = backoffs.failed(.server, now: clock.now, atLeast: takeRetryAfter() ?? .zero)
                events.record(KontextVideoEvent(.retry, .eventsRequest, level: .info, attributes: [
                    "delay": "\(delay.timeInterval)", "pending": "\(pendingCount)",
                ]))
            case .host(let host):
                let delay = backoffs.failed(place, now: clock.now)
                events.record(KontextVideoEvent(.retry, .pixelRequest, level: .info, attributes: [
                    "host": host, "delay": "\(delay.timeInterval)",
                ]))
            }
        }
        wake.signal()
        return delivered
    }

    /// Every event batch, the token configured now first; returns whether all went through.
    private func deliverEvents(_ entries: [QueuedEntry]) async -> Bool {
        var allDelivered = true
        let current = destination.publisherToken
        // The token configured now first; earlier tokens after it, each in the order queued.
        var byToken: [String: [QueuedEntry]] = [:]
        var tokens = [current]
        for entry in entries {
            let token = entry.publisherToken ?? current
            if byToken[token] == nil, token != current { tokens.append(token) }
            byToken[token, default: []].append(entry)
        }
        var failedTokens: Set<String> = []
        for batch in Self.batches(tokens.flatMap { byToken[$0] ?? [] }, token: current) {
            guard !failedTokens.contains(batch.token) else { continue }
            switch await deliver(batch.entries, sessionId: batch.sessionId, token: batch.token) {
            case .delivered: continue
            case .partly: allDelivered = false
            case .failed:
                allDelivered = false
                failedTokens.insert(batch.token)
            }
        }
        return allDelivered
    }

    /// One host's pixels, in order, until one fails: the rest wait for the host's back-off.
    private func deliverPixels(_ lane: [QueuedEntry]) async -> Bool {
        for pixel in lane where await deliverPixel(pixel) == .hostFailing {
            return false
        }
        return true
    }

    /// One `POST /video/events`: events of one token and one session.
    private struct Batch {
        var token: String
        var sessionId: String?
        var entries: [QueuedEntry]
    }

    /// `events` cut into batches of at most `batchSize` consecutive events of the same token and
    /// session; an entry without a token (queued by 0.1.0 and never bound) goes under `token`.
    private static func batches(_ events: [QueuedEntry], token: String) -> [Batch] {
        var batches: [Batch] = []
        for entry in events {
            let entryToken = entry.publisherToken ?? token
            if var last = batches.last, last.token == entryToken, last.sessionId == entry.sessionId, last.entries.count < batchSize {
                last.entries.append(entry)
                batches[batches.count - 1] = last
            } else {
                batches.append(Batch(token: entryToken, sessionId: entry.sessionId, entries: [entry]))
            }
        }
        return batches
    }

    /// Notes in the destination record that this destination is still configured, at most
    /// once per `recordInterval`, so the retention of its queue counts from the last note.
    private func noteDestinationIfDue() {
        let now = wallClock()
        guard now.timeIntervalSince(recordWritten) >= Self.recordInterval || now < recordWritten else { return }
        noteDestination()
    }

    /// Notes in the destination record that this destination is configured now.
    private func noteDestination() {
        let now = wallClock()
        recordWritten = now
        var record = DestinationRecord.read(in: directory, events: events)?.notAfter(now)
            ?? DestinationRecord(server: destination.server, configured: [:])
        record.note(destination.publisherToken, at: now)
        record.write(in: directory)
    }

    /// How a batch went.
    private enum BatchOutcome {
        /// Every event left the queue.
        case delivered
        /// The server answered but did not accept every event; the rest wait.
        case partly
        /// No usable answer; the whole batch waits.
        case failed
    }

    /// Sends one batch. A 2xx accepts the events its `accepted` list names, or all of them
    /// without a list; a 400, 413, 422 or a 4xx carrying `errCode` refuses the batch for good.
    /// The batch goes under `token`, the one its events were queued with: an event is never
    /// sent under another publisher's token, nor to another server.
    private func deliver(_ batch: [QueuedEntry], sessionId: String?, token: String) async -> BatchOutcome {
        var environment = self.environment
        environment.publisherToken = token
        let body = EventBatchBody(
            environment: environment, installId: installId()?.lowercasedString, sessionId: sessionId,
            events: batch.compactMap(\.event)
        )
        guard let data = try? Self.encoder.encode(body) else { return .failed }
        let call = ServerCall.post("/video/events", name: .eventsRequest, body: data, environment: environment, timeout: Self.timeout, policy: .none)
        let ids = Set(batch.map(\.id))
        let answerData: Data
        let status: Int
        let retryAfterHeader: String?
        do {
            let (received, response) = try await call.run(transport: transport, clock: clock, events: events)
            answerData = received
            status = response.statusCode
            retryAfterHeader = response.value(forHTTPHeaderField: "Retry-After")
        } catch {
            return .failed
        }
        if Self.isPermanentRefusal(status, body: answerData) {
            store.remove(ids: ids)
            events.record(KontextVideoEvent(.error, .eventsRefused, level: .error, attributes: [
                "status": "\(status)", "count": "\(batch.count)", "ids": batch.map(\.id).joined(separator: ","),
            ]))
            return .delivered
        }
        guard (200..<300).contains(status) else {
            if status == 429 { retryAfter = RetryPolicy.retryAfter(retryAfterHeader) }
            return .failed
        }
        let accepted = Self.acceptedIds(answerData) ?? ids
        let delivered = batch.filter { accepted.contains($0.id) }
        store.remove(ids: Set(delivered.map(\.id)))
        for entry in delivered { events.record(.debug) { KontextVideoEvent(.beacon, .delivered, attributes: Self.describe(entry)) } }
        let refused = ids.subtracting(accepted)
        guard !refused.isEmpty else { return .delivered }
        let givenUp = store.recordRefusal(ids: refused, limit: Self.refusalLimit)
        for entry in givenUp {
            events.record(KontextVideoEvent(.beacon, .givenUp, level: .error, attributes: Self.describe(entry)))
        }
        return givenUp.count == refused.count ? .delivered : .partly
    }

    /// The `accepted` ids of an events answer; `nil` when the answer has no such list
    /// (then every event of the batch is accepted).
    static func acceptedIds(_ data: Data) -> Set<String>? {
        struct Answer: Decodable { var accepted: [String]? }
        guard let answer = try? JSONDecoder().decode(Answer.self, from: data), let accepted = answer.accepted else { return nil }
        return Set(accepted.map { $0.lowercased() })
    }

    /// How firing one pixel went, for its host's back-off.
    private enum PixelOutcome {
        /// The host answered (or the pixel could never be fetched and was dropped).
        case done
        /// The host is unreachable, timed out or answered 5xx: its other pixels wait.
        case hostFailing
    }

    /// Fires one pixel. A pixel is sent again only when it certainly never left the device
    /// (`RetryPolicy.certainlyNotSent`): any answer, a time-out or a connection lost mid-request
    /// counts it as fired, since the tracker may have counted it, and a second hit with the same
    /// cache buster is counted twice. One lost is the lesser harm. A refused connection, a time-out,
    /// a dropped connection or a 5xx also says the host is in trouble: its next pixels wait.
    private func deliverPixel(_ entry: QueuedEntry) async -> PixelOutcome {
        guard let string = entry.url, let url = URL(string: string), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            // Not a URL a GET can ever reach (`file:`, `javascript:`, a custom scheme): drop it.
            store.remove(ids: [entry.id])
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: Self.describe(entry)))
            return .done
        }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.timeoutInterval = Self.timeout.timeInterval + 30
        let call = ServerCall(request: request, name: .pixelRequest, timeout: Self.timeout, policy: .none)
        do {
            let (_, response) = try await call.run(transport: transport, clock: clock, events: events)
            store.remove(ids: [entry.id])
            var attributes = Self.describe(entry)
            attributes["status"] = "\(response.statusCode)"
            events.record(KontextVideoEvent(.beacon, .delivered, attributes: attributes))
            return (500..<600).contains(response.statusCode) ? .hostFailing : .done
        } catch AdRequestFailure.transport(let error) where RetryPolicy.certainlyNotSent(error) {
            return .hostFailing
        } catch .cancelled {
            return .hostFailing
        } catch {
            store.remove(ids: [entry.id])
            var attributes = Self.describe(entry)
            attributes["reason"] = "may have reached the tracker (\(error)); not sent twice"
            events.record(KontextVideoEvent(.beacon, .givenUp, level: .warning, attributes: attributes))
            switch error {
            case .timedOut: return .hostFailing
            case .transport(let error) where RetryPolicy.isRetriable(error): return .hostFailing
            default: return .done
            }
        }
    }

    /// Whether the server refused a batch for good: 400, 413 or 422, or another 4xx that carries
    /// the protocol's `errCode`. A bare 401/403/404/407 may come from a proxy or captive portal,
    /// not the ad server, so the batch waits instead of being dropped.
    static func isPermanentRefusal(_ status: Int, body: Data) -> Bool {
        guard (400..<500).contains(status), status != 408, status != 429 else { return false }
        if [400, 413, 422].contains(status) { return true }
        struct ErrorAnswer: Decodable { var errCode: String? }
        return (try? JSONDecoder().decode(ErrorAnswer.self, from: body))?.errCode != nil
    }

    private static var encoder: JSONEncoder { .kontext }

    private static func describe(_ entry: QueuedEntry) -> [String: String] {
        switch entry.kind {
        case .event:
            ["id": entry.id, "type": entry.event?.type ?? "", "adId": entry.event?.adId ?? ""]
        case .pixel:
            ["id": entry.id, "url": entry.url ?? ""].merging(
                [entry.adId.map { ("adId", $0) }, entry.vastEvent.map { ("event", $0) }].compactMap { $0 }) { $1 }
        }
    }
}
