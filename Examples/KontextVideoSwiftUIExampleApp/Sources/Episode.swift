import AVFoundation
import Combine
import KontextVideo

/// The episode's player and ads, and the ads' delegate. An `ObservableObject` held by the
/// screen's `@StateObject`, so SwiftUI makes it once for the screen's life (the ad's delegate is
/// held weakly: this object must outlive the ad on screen).
@MainActor
final class Episode: ObservableObject, VideoAdDelegate {
    let player: AVPlayer
    /// Where the screen's player shows the ads: `EpisodeScreen` gives it to `videoAdHost(_:insets:)`.
    let adHost = VideoAdSwiftUIHost()
    private var ads: VideoAds?
    private var planner: VideoAdBreakPlanner?
    private var pauseAd: VideoAd?

    init(url: URL) {
        player = AVPlayer(url: url)
    }

    /// From the screen's `task`: the linear breaks (a pre-roll, then the episode with two
    /// mid-rolls), and an overlay 30 seconds later.
    func start() async {
        guard ads == nil else { return }
        let ads = VideoAds(content: .init(id: "episode-1", language: "en"), labels: ["stage": "first_episode"])
        ads.track(player)
        self.ads = ads
        async let breaks: Void = playBreaks(ads)
        async let overlay: Void = showOverlay(ads, after: .seconds(30))
        _ = await (breaks, overlay)
    }

    func leave() {
        planner?.stop()
        planner = nil
        ads?.destroy()
        ads = nil
        player.pause()
    }

    // MARK: The three formats

    /// Linear breaks on the episode's playhead: a pre-roll, and mid-rolls at 5 and 10 minutes. The
    /// planner requests and loads each ad ahead of its cue; the episode pauses and the host shows the
    /// ad when a break is due, and the episode plays again when it ends (`videoAd(_:didEnd:)`).
    /// Seeking over a mid-roll plays the last one passed; a pre-roll not ready in 5 s is skipped.
    private func playBreaks(_ ads: VideoAds) async {
        let planner = VideoAdBreakPlanner(ads: ads, configuration: .init(
            cuePoints: [.start, .seconds(300), .seconds(600)], showsBreaks: false))
        self.planner = planner
        let events = planner.events  // read without holding the planner: stop() or its release ends it
        Task { [weak self] in
            for await event in events {
                guard case .breakDue(_, let linear) = event else { continue }
                self?.show(linear)
            }
        }
        // Returns once the pre-roll ended, was skipped, or had no ad in time.
        await planner.start()
        player.play()
    }

    private func show(_ linear: VideoAd) {
        player.pause()
        linear.delegate = self
        do {
            try adHost.show(linear)
        } catch {
            // Nothing could present it: the planner moves on once the ad is rejected.
            try? linear.reject()
            player.play()
        }
    }

    /// An overlay strip over playing content, above the control bar.
    private func showOverlay(_ ads: VideoAds, after delay: Duration) async {
        do {
            try await Task.sleep(for: delay)
            let overlay = try await ads.format(.overlay)
            overlay.delegate = self
            try await overlay.load()
            try adHost.show(overlay)
        } catch {
            // No overlay this time (no fill, the content is paused, another ad is showing…).
        }
    }

    func togglePlayback() {
        if player.timeControlStatus == .paused {
            // Playing again takes the pause ad down; its `didEnd(.dismissed)` comes at once.
            try? pauseAd?.dismiss()
            player.play()
        } else {
            player.pause()
            Task { await showPauseAd() }
        }
    }

    /// A pause ad while the content is paused, above the control bar.
    private func showPauseAd() async {
        guard let ads else { return }
        do {
            let pause = try await ads.format(.pause)
            pause.delegate = self
            try await pause.load()
            // The viewer may have pressed play while it loaded.
            guard player.timeControlStatus == .paused else { return }
            try adHost.show(pause)
            pauseAd = pause
        } catch {
            // No pause ad this time.
        }
    }

    // MARK: VideoAdDelegate

    func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) {
        if ad === pauseAd { pauseAd = nil }
        if ContentResumption.resumesContent(after: ad.format, reason: reason) {
            player.play()
        }
    }
}
