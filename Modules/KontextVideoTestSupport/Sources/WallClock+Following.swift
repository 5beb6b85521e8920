import Foundation
import KontextVideoScheduling

extension WallClock {
    /// `date` at `clock`'s now, moving as `clock` moves: a test's wall time, which the test kit's
    /// environment holds, so every date the SDK writes follows `harness.clock`.
    /// - Parameters:
    ///   - clock: The clock whose time it follows.
    ///   - date: The date at `clock`'s now.
    /// - Returns: The wall clock.
    package static func following(_ clock: any SchedulingClock, from date: Date) -> WallClock {
        let origin = clock.now
        return WallClock { date.addingTimeInterval((clock.now - origin).timeInterval) }
    }
}
