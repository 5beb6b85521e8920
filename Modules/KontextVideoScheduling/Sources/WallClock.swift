import Foundation

/// The date now, for what carries a date: a server event's timestamp, the retention of a queue
/// left on disk, the inspector's times. Never for a timer, a time-out or an expiry: those run on
/// a `SchedulingClock`, which no change of the device's date can move.
///
/// The facade takes one, in its environment, and hands it to everything that reads a date; the
/// app's is `system`, a test's follows its `TestClock` (`following(_:from:)`), so a date the SDK
/// writes moves exactly as the test moves time.
package struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    /// A wall clock that reads the date from `read`.
    /// - Parameter read: Returns the date now.
    package init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The date now.
    package var now: Date { read() }

    /// The device's date (`Date()`).
    package static var system: WallClock { WallClock { Date() } }
}
