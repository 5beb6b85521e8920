import KontextVideo

/// A `VideoAdDelegate` that records every callback in order, for tests.
///
/// ```swift
/// let delegate = RecordingDelegate()
/// ad.delegate = delegate
/// try await ad.load()
/// let host = HeadlessView()   // held weakly: keep it while the ad is shown
/// try ad.show(in: host)
/// try ad.dismiss()
/// #expect(delegate.callbacks == [.impression(adId: ad.id),
///                                .end(adId: ad.id, reason: .dismissed, isCompleted: false)])
/// ```
@MainActor
public final class RecordingDelegate: VideoAdDelegate {
    /// One delegate callback.
    public enum Callback: Equatable, Sendable, CustomStringConvertible {
        /// `videoAdDidRecordImpression(_:)`.
        case impression(adId: String)
        /// `videoAd(_:didClick:)`.
        case click(adId: String, area: VideoAd.Click.Area)
        /// `videoAd(_:didFail:)`.
        case fail(adId: String, error: VideoAdError)
        /// `videoAd(_:didEnd:)`, with `ad.isCompleted` as it was then.
        case end(adId: String, reason: VideoAd.EndReason, isCompleted: Bool)

        /// The callback as one short line.
        public var description: String {
            switch self {
            case .impression(let id): "impression(\(id))"
            case .click(let id, let area): "click(\(id), \(area))"
            case .fail(let id, let error): "fail(\(id), \(error))"
            case .end(let id, let reason, let completed): "end(\(id), .\(reason.rawValue), completed: \(completed))"
            }
        }
    }

    /// Every callback so far, in order.
    public private(set) var callbacks: [Callback] = []
    /// Runs inside each callback, after recording it (to call back into the SDK re-entrantly).
    public var onCallback: (@MainActor (Callback) -> Void)?

    /// Creates a recorder.
    public init() {}

    /// The end reasons received, in order.
    public var endReasons: [VideoAd.EndReason] {
        callbacks.compactMap { if case .end(_, let reason, _) = $0 { reason } else { nil } }
    }

    /// Forgets what was recorded.
    public func clear() {
        callbacks.removeAll()
    }

    /// Records `.impression`.
    /// - Parameter ad: The ad whose impression was counted.
    public func videoAdDidRecordImpression(_ ad: VideoAd) {
        record(.impression(adId: ad.id))
    }

    /// Records `.click`.
    /// - Parameters:
    ///   - ad: The ad that was tapped.
    ///   - click: Where the viewer tapped.
    public func videoAd(_ ad: VideoAd, didClick click: VideoAd.Click) {
        record(.click(adId: ad.id, area: click.area))
    }

    /// Records `.fail`.
    /// - Parameters:
    ///   - ad: The ad that failed.
    ///   - error: What broke.
    public func videoAd(_ ad: VideoAd, didFail error: VideoAdError) {
        record(.fail(adId: ad.id, error: error))
    }

    /// Records `.end`, with `ad.isCompleted`.
    /// - Parameters:
    ///   - ad: The ad that ended.
    ///   - reason: Who or what took it off the screen.
    public func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) {
        record(.end(adId: ad.id, reason: reason, isCompleted: ad.isCompleted))
    }

    private func record(_ callback: Callback) {
        callbacks.append(callback)
        onCallback?(callback)
    }
}
