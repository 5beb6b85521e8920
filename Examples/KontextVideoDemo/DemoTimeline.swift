import Foundation
import KontextVideoTesting

/// Prints the demo's readable timeline: the episode's time (virtual with the embedded sandbox,
/// real against a real server), then what happened.
@MainActor
final class DemoTimeline {
    private let now: @Sendable () -> Duration
    private(set) var delegateCallbacks: [String] = []

    /// A timeline stamped with `now()`, the time since the episode started.
    init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// A line of the timeline, stamped with the episode's time.
    func say(_ text: String) {
        Self.say(text, at: now())
    }

    /// A line stamped with `time`, from any thread (the sandbox server logs on its own).
    nonisolated static func say(_ text: String, at time: Duration) {
        let seconds = Double(time.components.seconds) + Double(time.components.attoseconds) / 1e18
        let line = String(format: "%7.2fs  ", seconds) + text
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// A frame, readably.
    static func describe(_ frame: CGRect?) -> String {
        guard let frame else { return "-" }
        return String(format: "(%.0f, %.0f) %.0f×%.0f", frame.minX, frame.minY, frame.width, frame.height)
    }

    /// A section heading.
    func section(_ title: String) {
        let line = "\n── \(title) " + String(repeating: "─", count: max(0, 60 - title.count))
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    func recordDelegate(_ text: String) {
        delegateCallbacks.append(text)
        say("delegate  \(text)")
    }

    /// Prints the SDK's own events that tell the story (requests, answers, warnings, beacons).
    func follow(_ stream: KontextVideoEventStream) {
        let events = stream.events()
        Task { @MainActor [weak self] in
            for await event in events {
                guard let self else { return }
                switch event.kind {
                case .warning, .error, .vastHop:
                    self.say("sdk       \(event)")
                default:
                    break
                }
            }
        }
    }
}

/// One delegate for every ad of the demo: prints each callback.
@MainActor
final class DemoDelegate: VideoAdDelegate {
    let timeline: DemoTimeline
    private(set) var endReasons: [String: VideoAd.EndReason] = [:]

    init(timeline: DemoTimeline) {
        self.timeline = timeline
    }

    func videoAdDidRecordImpression(_ ad: VideoAd) {
        timeline.recordDelegate("videoAdDidRecordImpression(\(ad.format) \(ad.id))")
    }

    func videoAd(_ ad: VideoAd, didClick click: VideoAd.Click) {
        timeline.recordDelegate("videoAd(\(ad.format) \(ad.id), didClick: \(click.area))")
    }

    func videoAd(_ ad: VideoAd, didFail error: VideoAdError) {
        timeline.recordDelegate("videoAd(\(ad.format) \(ad.id), didFail: \(error))")
    }

    func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) {
        endReasons[ad.id] = reason
        timeline.recordDelegate("videoAd(\(ad.format) \(ad.id), didEnd: .\(reason.rawValue))  isCompleted=\(ad.isCompleted)")
    }
}
