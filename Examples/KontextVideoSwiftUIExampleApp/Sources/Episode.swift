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
    private var pauseAd: VideoAd?

    init(url: URL) {
        player = AVPlayer(url: url)
    }

    /// From the screen's `task`: a pre-roll, then the episode, and an overlay 30 seconds later.
    func start() async {
        guard ads == nil else { return }
        let ads = VideoAds(content: .init(id: "episode-1", language: "en"), labels: ["stage": "first_episode"])
        ads.track(player)
        self.ads = ads
        async let preroll: Void = playPreroll(ads)
        async let overlay: Void = showOverlay(ads, after: .seconds(30))
        _ = await (preroll, overlay)
    }

    func leave() {
        ads?.destroy()
        ads = nil
        player.pause()
    }

    // MARK: The three formats

    /// A linear ad before the episode; the episode starts when it ends (see `videoAd(_:didEnd:)`),
    /// or at once when there is none.
    private func playPreroll(_ ads: VideoAds) async {
        do {
            let linear = try await ads.format(.linear)
            linear.delegate = self
            try await linear.load()
            try adHost.show(linear)
        } catch {
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
