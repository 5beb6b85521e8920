import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import KontextVideoJournal
import KontextVideoModels
import KontextVideoScheduling

/// The delivery loop: when to deliver, and one delivery per place (the server, each tracking host)
/// at a time, each backing off on its own (`DeliveryBackoffs`).
extension EventPipeline {
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
    enum NextDelivery {
        /// Entries wait for a place that is due: a pass.
        case now
        /// Every place with entries waits out a back-off; the first is due then.
        case at(Duration)
        /// Nothing waits.
        case idle
    }

    func nextDelivery() -> NextDelivery {
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
    static func wait(for wake: WakeSignal, orUntil deadline: Duration, on clock: any SchedulingClock) async -> Bool {
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
    static func place(_ entry: QueuedEntry) -> DeliveryBackoffs.Place {
        guard entry.kind == .pixel else { return .server }
        return .host(entry.url.flatMap { URL(string: $0) }.map { "\($0.host?.lowercased() ?? ""):\($0.port ?? 0)" } ?? "")
    }

    /// Starts a delivery for each place that has entries and none under way: the server's events,
    /// and each tracking host's pixels (at most `concurrentHosts` hosts at once, in the order their
    /// first pixel was queued). `honoringBackoff` skips the places still waiting out a back-off;
    /// `excluding` skips places already tried. Returns the deliveries started.
    @discardableResult
    func dispatch(
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
    func deliver(_ entries: [QueuedEntry], to place: DeliveryBackoffs.Place) async -> Bool {
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
}
