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
