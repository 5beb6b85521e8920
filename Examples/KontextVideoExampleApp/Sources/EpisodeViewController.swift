import UIKit
import AVFoundation
import KontextVideo

/// One episode in an `AVPlayer`, with a control bar the ads keep clear of: linear breaks placed by
/// `VideoAdBreakPlanner` (a pre-roll and two mid-rolls), an overlay once the episode has played a
/// while, a pause ad when the viewer pauses.
final class EpisodeViewController: UIViewController, VideoAdDelegate {
    /// The height of the control bar at the bottom of the player, above the safe area.
    private static let controlBarHeight: CGFloat = 80
    /// Overlay and pause ads keep the control bar free (the SDK adds the safe area itself).
    private static let adInsets = UIEdgeInsets(top: 0, left: 0, bottom: controlBarHeight, right: 0)

    private let player = AVPlayer(url: ExampleSettings.contentURL)
    private let playerView = PlayerView()
    private let controlBar = UIView()
    private var ads: VideoAds?
    private var planner: VideoAdBreakPlanner?
    private var pauseAd: VideoAd?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .black
        playerView.player = player
        playerView.translatesAutoresizingMaskIntoConstraints = false
        controlBar.translatesAutoresizingMaskIntoConstraints = false
        controlBar.backgroundColor = UIColor(white: 0, alpha: 0.6)
        let playPause = UIButton(type: .system, primaryAction: UIAction(title: "Play / Pause") { [weak self] _ in
            self?.togglePlayback()
        })
        playPause.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(playerView)
        view.addSubview(controlBar)
        controlBar.addSubview(playPause)
        NSLayoutConstraint.activate([
            playerView.topAnchor.constraint(equalTo: view.topAnchor),
            playerView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            playerView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            playerView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            controlBar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            controlBar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            controlBar.bottomAnchor.constraint(equalTo: view.safeAreaLayoutGuide.bottomAnchor),
            controlBar.heightAnchor.constraint(equalToConstant: Self.controlBarHeight),
            playPause.centerXAnchor.constraint(equalTo: controlBar.centerXAnchor),
            playPause.centerYAnchor.constraint(equalTo: controlBar.centerYAnchor),
        ])
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard ads == nil else { return }
        let ads = VideoAds(content: .init(id: "episode-1", language: "en"), labels: ["stage": "first_episode"])
        ads.track(player)
        self.ads = ads
        Task { await playBreaks(ads) }
        Task { await showOverlay(ads, after: .seconds(30)) }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Leaving the episode (not covered by a linear ad's full-screen screen): any ad on screen
        // ends with `.destroyed`.
        guard isBeingDismissed || isMovingFromParent else { return }
        planner?.stop()
        planner = nil
        ads?.destroy()
        ads = nil
    }

    // MARK: The three formats

    /// Linear breaks on the episode's playhead: a pre-roll, and mid-rolls at 5 and 10 minutes. The
    /// planner requests and loads each ad ahead of its cue; this screen pauses the episode and shows
    /// the ad when a break is due, and the episode plays again when it ends (`videoAd(_:didEnd:)`).
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
            if viewIfLoaded?.window != nil {
                try linear.show(from: self)
            } else {
                // Not on screen (yet): the SDK presents from the key window's top view controller.
                try linear.show()
            }
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
            try overlay.show(in: playerView, insets: Self.adInsets)
        } catch {
            // No overlay this time (no fill, the content is paused, another ad is showing…).
        }
    }

    private func togglePlayback() {
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
            try pause.show(in: playerView, insets: Self.adInsets)
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
