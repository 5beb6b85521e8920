import Foundation

extension VASTIcon {
    /// When the icon shows, in seconds of the ad's playing time: from its `offset` (0 when absent
    /// or unreadable) for its `duration` (to the ad's end when absent or unreadable), as VAST 4.1
    /// section 3.16.2 describes both attributes. The range is half-open in use: the icon goes at
    /// its upper bound (`LinearPlaybackSession` shows it while `lowerBound ≤ time < upperBound`).
    package var schedule: ClosedRange<TimeInterval>? {
        let start = VASTTime.seconds(offset) ?? 0
        guard start.isFinite, start >= 0 else { return nil }
        guard let duration = VASTTime.seconds(duration), duration.isFinite, duration > 0 else { return start...TimeInterval.infinity }
        return start...(start + duration)
    }
}
