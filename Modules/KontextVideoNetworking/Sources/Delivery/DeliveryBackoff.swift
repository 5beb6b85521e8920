/// The durable pipeline's back-off while the network is down: 1, 2, 4, … s, capped at 60 s.
package struct DeliveryBackoff: Sendable, Hashable {
    /// The longest wait.
    package static let maximum: Duration = .seconds(60)

    private var failures = 0

    /// Starts with no failure.
    package init() {}

    /// The wait after one more failed delivery pass.
    package mutating func nextDelay() -> Duration {
        failures += 1
        let exponent = min(failures - 1, 6)
        return min(.seconds(1 << exponent), Self.maximum)
    }

    /// A delivery went through: the next failure waits 1 s again.
    package mutating func reset() {
        failures = 0
    }
}

/// The back-off of each place the pipeline delivers to, on the pipeline's clock: the ad server
/// (its events) and each tracking host (its pixels). A place that fails (connection refused, no
/// answer in time, a 5xx) waits its own 1, 2, 4 … 60 s; every other place keeps its schedule, so a
/// dead tracking host delays only its own pixels, never another host's, nor the events.
struct DeliveryBackoffs {
    /// Where entries are delivered.
    enum Place: Hashable {
        /// `POST /video/events` to the pipeline's server.
        case server
        /// `GET`s of pixels to one host (`host:port`).
        case host(String)
    }

    private struct Waiting {
        var backoff = DeliveryBackoff()
        /// When the place is tried again, on the clock; `nil` once it succeeded.
        var retryAt: Duration?
    }

    private var places: [Place: Waiting] = [:]

    /// Whether `place` waits out a back-off at `now`.
    func isWaiting(_ place: Place, now: Duration) -> Bool {
        places[place]?.retryAt.map { $0 > now } ?? false
    }

    /// When `place` is tried again, if it waits.
    func retryAt(_ place: Place) -> Duration? {
        places[place]?.retryAt
    }

    /// `place` failed at `now`; returns its wait, at least `atLeast` (a 429's `Retry-After`).
    mutating func failed(_ place: Place, now: Duration, atLeast: Duration = .zero) -> Duration {
        var waiting = places[place] ?? Waiting()
        let delay = max(waiting.backoff.nextDelay(), atLeast)
        waiting.retryAt = now + delay
        places[place] = waiting
        return delay
    }

    /// `place` took what it was sent: its next failure waits 1 s again.
    mutating func succeeded(_ place: Place) {
        places[place] = nil
    }

    /// Forgets the hosts that have nothing waiting (`pending` are the places with entries), so the
    /// table holds at most as many hosts as the queue holds pixels.
    mutating func forget(allBut pending: Set<Place>) {
        places = places.filter { pending.contains($0.key) || $0.key == .server }
    }
}
