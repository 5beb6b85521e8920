import Foundation
import KontextVideoTesting

/// The episode against a real server (`--server URL`), on the real clock, with the SDK configured
/// as an app ships it: the public API only, the platform's clock, network and storage. Every call
/// that can fail is an outcome to print, not a failure of the demo: against a server that is dead,
/// slow or refusing, each call still answers within its 16 s budget and the episode goes on.
@MainActor
struct LiveServerEpisode {
    let serverURL: URL
    let token: String
    let inspect: Bool

    func run() async {
        DemoInspection.start(if: inspect)
        let started = ContinuousClock.now
        let timeline = DemoTimeline(now: { ContinuousClock.now - started })
        let delegate = DemoDelegate(timeline: timeline)
        timeline.follow(KontextVideo.shared.events)
        emit("Asking \(serverURL.absoluteString) on the real clock: the times below are wall-clock seconds.")

        timeline.section("Launch")
        let state = await KontextVideo.shared.initialize(with: .init(publisherToken: token, logLevel: .none, serverURL: serverURL))
        timeline.say("call      initialize(with:) → \(state)")

        let ads = VideoAds(content: KontextVideo.Content(id: "demo-episode", language: "en", title: "Demo episode"))
        let player = WallClockPlayer()
        let view = HeadlessView()
        ads.track(player)

        timeline.section("Overlay over playing content")
        await step("overlay", timeline) {
            let overlay = try await ads.format(.overlay)
            overlay.delegate = delegate
            timeline.say("answer    format(.overlay) → \(overlay.id) \(overlay.price.value) \(overlay.price.currency), duration \(overlay.duration.map { "\($0)s" } ?? "nil")")
            try await overlay.load()
            try overlay.show(in: view, insets: .init(top: 0, left: 0, bottom: 80, right: 0))
            timeline.say("call      show(in: view, insets: bottom 80) → on screen")
            await waitForEnd(of: overlay, delegate: delegate, atMost: min(overlay.duration ?? 10, 30) + 2)
            if !overlay.hasEnded { try overlay.dismiss() }
        }

        timeline.section("Pause ad when the viewer pauses")
        player.pause()
        await step("pause", timeline) {
            let pause = try await ads.format(.pause)
            pause.delegate = delegate
            timeline.say("answer    format(.pause) → \(pause.id)")
            try await pause.load()
            try pause.show(in: view)
            timeline.say("call      show(in: view) → on screen; the app dismisses it after 3 s")
            try await Task.sleep(for: .seconds(3))
            try pause.dismiss()
        }
        player.play()

        timeline.section("An ad rejected as outbid")
        await step("reject", timeline) {
            let outbid = try await ads.format(.overlay)
            try outbid.reject(.outbid(winningPrice: 2.4, winner: "Other network"))
            timeline.say("call      reject(.outbid(winningPrice: 2.4, winner: \"Other network\")) on \(outbid.id)")
        }

        timeline.section("Linear ad")
        player.pause()
        await step("linear", timeline) {
            let linear = try await ads.format(.linear)
            linear.delegate = delegate
            try await linear.load()
            timeline.say("call      load() → VAST resolved, duration \(linear.duration.map { "\($0)s" } ?? "nil")")
            try linear.show(from: HeadlessPresenter())
            timeline.say("call      show(from: presenter) → presented full screen; the video plays by itself")
            await waitForEnd(of: linear, delegate: delegate, atMost: min(linear.duration ?? 15, 60) + 5)
        }
        player.play()

        timeline.section("Episode over")
        ads.destroy()
        timeline.say("call      destroy()")

        timeline.section("Summary")
        emit("delegate callbacks: \(timeline.delegateCallbacks.count)")
        for line in timeline.delegateCallbacks { emit("  • \(line)") }
        emit("not checked against a real server (the embedded sandbox checks them): what the server received")
        emit("and whether it follows PROTOCOL.md, tracking pixels, and clicks, skips and end cards (the viewer")
        emit("is scripted only with the embedded server's creatives).")
        DemoInspection.print(if: inspect)
    }

    /// Runs one step; a thrown error is the step's outcome, printed, and the episode goes on.
    private func step(_ name: String, _ timeline: DemoTimeline, _ body: () async throws -> Void) async {
        let started = ContinuousClock.now
        do {
            try await body()
        } catch {
            let seconds = (ContinuousClock.now - started).components.seconds
            timeline.say("outcome   \(name): \(error) (after \(seconds) s)")
        }
    }

    /// Waits until `ad` ended, or `seconds` of real time passed.
    private func waitForEnd(of ad: VideoAd, delegate: DemoDelegate, atMost seconds: Double) async {
        let limit = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        while !ad.hasEnded, ContinuousClock.now < limit {
            try? await Task.sleep(for: .milliseconds(100))
        }
    }
}

/// A content player whose time is the wall clock's, for the real-clock episode.
@MainActor
final class WallClockPlayer: VideoAdsPlayer {
    private var anchorTime: TimeInterval = 0
    private var anchorInstant = ContinuousClock.now
    private(set) var isPlaying = true

    var currentTime: TimeInterval {
        guard isPlaying else { return anchorTime }
        let elapsed = ContinuousClock.now - anchorInstant
        return anchorTime + Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    func pause() {
        anchorTime = currentTime
        isPlaying = false
    }

    func play() {
        anchorInstant = ContinuousClock.now
        isPlaying = true
    }
}
