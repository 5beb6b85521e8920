// The UIKit renderers: a web view for HTML and image creatives, AVPlayer for VAST video.
// Thin on purpose: loading, tracking, timing, layout and click-target decisions live in portable
// code; these classes only turn UIKit callbacks into `CreativeEvent`s.
//
// Callbacks from KVO, notifications and AVPlayer's time observer are `@Sendable` and may come on
// any thread: each reads the Sendable value it needs, then hops to the main actor.
#if canImport(UIKit) && canImport(WebKit) && canImport(AVFoundation)
import UIKit
import WebKit
import AVFoundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking

/// The default renderer factory on iOS.
@MainActor
package struct PlatformCreativeRendererFactory: CreativeRendererFactory {
    /// Creates the factory.
    package init() {}

    /// The renderer of `ad` on this platform.
    package func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
        switch ad.creative.kind {
        case .html, .image: WebCreativeRenderer(ad: ad)
        case .vast: VideoCreativeRenderer(ad: ad, context: context)
        }
    }
}

/// An HTML page or image in a web view, with a close control (and Resume on a full-screen pause ad).
/// Any tap that would navigate — a link, a script changing `location`, `window.open`, or a tap on
/// an image — is a click: the SDK opens the server's click target, never the web view.
@MainActor
final class WebCreativeRenderer: NSObject, CreativeRenderer, WKNavigationDelegate, WKUIDelegate {
    var onEvent: (@MainActor (CreativeEvent) -> Void)?
    var resolvedLinearAd: ResolvedLinearAd? { nil }
    var hasEndCard: Bool { false }
    var platformView: AnyObject? { container }

    private let ad: ServedAd
    private let container = UIView()
    private let webView: WKWebView
    private var readiness: CheckedContinuation<Void, any Error>?
    private var isLoaded = false
    private var isStopped = false

    init(ad: ServedAd) {
        self.ad = ad
        let configuration = WKWebViewConfiguration()
        configuration.allowsInlineMediaPlayback = true
        configuration.mediaTypesRequiringUserActionForPlayback = .all
        self.webView = WKWebView(frame: .zero, configuration: configuration)
        super.init()
        webView.navigationDelegate = self
        webView.uiDelegate = self
        webView.scrollView.isScrollEnabled = false
        webView.isOpaque = false
        container.clipsToBounds = true
        container.addSubview(webView)
        if ad.creative.kind == .image {
            // A bare image has no link: a tap anywhere on it is the click.
            webView.isUserInteractionEnabled = false
            container.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(imageTapped)))
        }
        let close = UIButton(type: .close, primaryAction: UIAction { [weak self] _ in self?.emit(.close) })
        close.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(close)
        NSLayoutConstraint.activate([
            close.topAnchor.constraint(equalTo: container.topAnchor, constant: 4),
            close.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -4),
        ])
        if ad.creative.fullScreen {
            let resume = UIButton(type: .system, primaryAction: UIAction(title: "Resume") { [weak self] _ in self?.emit(.resume) })
            resume.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(resume)
            NSLayoutConstraint.activate([
                resume.centerXAnchor.constraint(equalTo: container.centerXAnchor),
                resume.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -16),
            ])
        }
    }

    func load() async throws {
        guard let url = ad.creative.url else { throw CreativeLoadError(code: VASTErrorCode.nonLinearFetchFailed) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                readiness = continuation
                if ad.creative.kind == .image {
                    let page = "<html><head><meta name='viewport' content='width=device-width'></head>"
                        + "<body style='margin:0;background:transparent'>"
                        + "<img src='\(url.absoluteString)' style='width:100%;height:100%;object-fit:contain'></body></html>"
                    webView.loadHTMLString(page, baseURL: url.deletingLastPathComponent())
                } else {
                    webView.load(URLRequest(url: url))
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.finishLoading(CancellationError()) }
        }
    }

    private func finishLoading(_ error: (any Error)?) {
        guard let readiness else { return }
        self.readiness = nil
        if let error {
            readiness.resume(throwing: error)
        } else {
            isLoaded = true
            readiness.resume()
        }
    }

    func place(in frame: CGRect) {
        container.frame = frame
        webView.frame = container.bounds
    }

    func start() {}

    func stop() {
        isStopped = true
        finishLoading(CancellationError())
        webView.stopLoading()
        webView.navigationDelegate = nil
        webView.uiDelegate = nil
        container.removeFromSuperview()
    }

    private func emit(_ event: CreativeEvent) {
        guard !isStopped else { return }
        onEvent?(event)
    }

    @objc private func imageTapped() {
        emit(.click(.creative))
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        finishLoading(nil)
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        failed(error)
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {
        failed(error)
    }

    /// While loading, a failure fails the load (502); on screen, it fails the ad (405).
    private func failed(_ error: any Error) {
        if readiness != nil {
            finishLoading(CreativeLoadError(code: VASTErrorCode.nonLinearFetchFailed))
        } else if isLoaded {
            emit(.failed(code: VASTErrorCode.mediaDisplay))
        }
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        failed(URLError(.cancelled))
    }

    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        // Loading the page itself (and its subframes) is allowed; once it is loaded, any
        // main-frame navigation is the viewer's tap.
        let isMainFrame = navigationAction.targetFrame?.isMainFrame ?? true
        guard isLoaded, isMainFrame || navigationAction.navigationType == .linkActivated else {
            decisionHandler(.allow)
            return
        }
        decisionHandler(.cancel)
        emit(.click(.creative))
    }

    func webView(
        _ webView: WKWebView,
        createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        // `window.open` / `target=_blank`: a click, never a second web view.
        emit(.click(.creative))
        return nil
    }
}

/// A VAST linear ad on AVPlayer, with Skip after the skip offset and the end card after the video.
/// A video that fails, or stops moving for `stallLimit` while it should play, fails with 405.
@MainActor
final class VideoCreativeRenderer: CreativeRenderer {
    var onEvent: (@MainActor (CreativeEvent) -> Void)?
    private(set) var resolvedLinearAd: ResolvedLinearAd?
    var hasEndCard: Bool { resolvedLinearAd?.endCard != nil }
    var platformView: AnyObject? { container }
    private(set) var errorPixelsOwed: [URL] = []

    /// How long playback may stand still (not paused, app active) before the ad fails.
    static let stallLimit: TimeInterval = 8

    private let ad: ServedAd
    private let context: CreativeContext
    private let container = PlayerContainerView()
    private var player: AVPlayer?
    private var readiness: CheckedContinuation<Void, any Error>?
    private var timeObserver: Any?
    private var observations: [NSKeyValueObservation] = []
    private var notificationTokens: [any NSObjectProtocol] = []
    private var didRenderFirstFrame = false
    private var isStopped = false
    private var lastPosition: TimeInterval = -1
    private var lastMovement = Date()

    init(ad: ServedAd, context: CreativeContext) {
        self.ad = ad
        self.context = context
    }

    func load() async throws {
        let screen = Self.screenPixels()
        let device = DeviceProfile(
            supportedMIMETypes: DeviceProfile.applePlatformMIMETypes,
            screenWidth: Int(max(screen.width, screen.height)),
            screenHeight: Int(min(screen.width, screen.height)))
        let loaded = try await LinearCreativeLoader(ad: ad, context: context, device: device).load()
        let linear = loaded.ad
        errorPixelsOwed = loaded.errorPixels
        guard !isStopped, let url = URL(string: linear.mediaFile.url) else {
            throw CreativeLoadError(code: VASTErrorCode.noSupportedMedia)
        }
        let item = AVPlayerItem(url: url)
        let player = AVPlayer(playerItem: item)
        self.player = player
        self.resolvedLinearAd = linear
        container.playerLayer.player = player
        // Ready once the item can play: buffering starts off screen, so show() is instant.
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                readiness = continuation
                observations.append(item.observe(\.status, options: [.initial, .new]) { @Sendable item, _ in
                    let status = item.status
                    Task { @MainActor [weak self] in self?.itemStatusChanged(status) }
                })
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.finishLoading(CancellationError()) }
        }
    }

    private func itemStatusChanged(_ status: AVPlayerItem.Status) {
        switch status {
        case .readyToPlay:
            finishLoading(nil)
        case .failed:
            if readiness != nil {
                finishLoading(CreativeLoadError(code: VASTErrorCode.mediaFileNotFound))
            } else {
                emit(.failed(code: VASTErrorCode.mediaDisplay))
            }
        default:
            break
        }
    }

    private func finishLoading(_ error: (any Error)?) {
        guard let readiness else { return }
        self.readiness = nil
        if let error { readiness.resume(throwing: error) } else { readiness.resume() }
    }

    func place(in frame: CGRect) {
        container.frame = frame
    }

    func start() {
        guard let player, let linear = resolvedLinearAd, !isStopped else { return }
        container.onTap = { [weak self] in
            guard let self else { return }
            self.emit(.click(self.container.isShowingEndCard ? .endCard : .creative))
        }
        container.onSkip = { [weak self] in self?.emit(.skip) }
        container.onClose = { [weak self] in self?.emit(.close) }
        observations.append(container.playerLayer.observe(\.isReadyForDisplay, options: [.initial, .new]) { @Sendable layer, _ in
            guard layer.isReadyForDisplay else { return }
            Task { @MainActor [weak self] in self?.firstFrame() }
        })
        let skipOffsetSpec = linear.skipOffsetSpec
        let declaredSkipOffset = linear.skipOffset
        timeObserver = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 4), queue: .main) { @Sendable time in
            let seconds = time.seconds
            Task { @MainActor [weak self] in
                guard let self else { return }
                // A percentage offset with no declared duration is resolved against the media's own length.
                let mediaLength = self.player?.currentItem?.duration.seconds ?? 0
                let skipOffset = declaredSkipOffset ?? skipOffsetSpec?.seconds(duration: mediaLength.isFinite ? mediaLength : 0)
                self.progressed(to: seconds, skipOffset: skipOffset)
            }
        }
        let center = NotificationCenter.default
        notificationTokens.append(center.addObserver(
            forName: AVPlayerItem.didPlayToEndTimeNotification, object: player.currentItem, queue: .main
        ) { @Sendable _ in
            Task { @MainActor [weak self] in self?.reachedEnd() }
        })
        notificationTokens.append(center.addObserver(
            forName: AVPlayerItem.failedToPlayToEndTimeNotification, object: player.currentItem, queue: .main
        ) { @Sendable _ in
            Task { @MainActor [weak self] in self?.emit(.failed(code: VASTErrorCode.mediaDisplay)) }
        })
        notificationTokens.append(center.addObserver(
            forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
        ) { @Sendable _ in
            // AVPlayer pauses in the background; the ad picks up where it was.
            Task { @MainActor [weak self] in self?.resumeAfterForeground() }
        })
        lastMovement = Date()
        player.play()
    }

    private func firstFrame() {
        guard !didRenderFirstFrame else { return }
        didRenderFirstFrame = true
        if let length = player?.currentItem?.duration.seconds, length.isFinite, length > 0 {
            emit(.mediaLength(length))
        }
        emit(.firstFrame)
    }

    private func progressed(to seconds: TimeInterval, skipOffset: TimeInterval?) {
        guard seconds.isFinite, !isStopped, !container.isShowingEndCard else { return }
        let now = Date()
        if seconds > lastPosition + 0.01 {
            lastPosition = seconds
            lastMovement = now
            emit(.progress(seconds))
        } else if UIApplication.shared.applicationState == .active,
                  player?.timeControlStatus != .paused,
                  now.timeIntervalSince(lastMovement) > Self.stallLimit {
            emit(.failed(code: VASTErrorCode.mediaDisplay))
            return
        }
        if let skipOffset, seconds >= skipOffset { container.showSkip() }
    }

    private func reachedEnd() {
        emit(.complete)
        if let endCard = resolvedLinearAd?.endCard {
            container.showEndCard(endCard)
            emit(.endCardShown)
        }
    }

    private func resumeAfterForeground() {
        guard !isStopped, !container.isShowingEndCard else { return }
        lastMovement = Date()
        player?.play()
    }

    private func emit(_ event: CreativeEvent) {
        guard !isStopped else { return }
        onEvent?(event)
    }

    func stop() {
        isStopped = true
        finishLoading(CancellationError())
        player?.pause()
        if let timeObserver { player?.removeTimeObserver(timeObserver) }
        timeObserver = nil
        notificationTokens.forEach(NotificationCenter.default.removeObserver)
        notificationTokens.removeAll()
        observations.forEach { $0.invalidate() }
        observations.removeAll()
        container.playerLayer.player = nil
        player = nil
        container.removeFromSuperview()
    }

    /// The screen's size in pixels, from the foreground scene (`UIScreen.main` is deprecated).
    private static func screenPixels() -> CGSize {
        let scene = UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .first { $0.activationState == .foregroundActive }
        return scene?.screen.nativeBounds.size ?? CGSize(width: 1920, height: 1080)
    }
}

/// The linear ad's view: video, Skip, end card with ✕.
@MainActor
final class PlayerContainerView: UIView {
    override class var layerClass: AnyClass { AVPlayerLayer.self }
    // The layer class is AVPlayerLayer, so this cast cannot fail.
    var playerLayer: AVPlayerLayer { layer as! AVPlayerLayer }
    var onTap: (() -> Void)?
    var onSkip: (() -> Void)?
    var onClose: (() -> Void)?
    private(set) var isShowingEndCard = false
    private var skipButton: UIButton?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .black
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped)))
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    @objc private func tapped() { onTap?() }

    func showSkip() {
        guard skipButton == nil, !isShowingEndCard else { return }
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Skip") { [weak self] _ in self?.onSkip?() })
        button.frame = CGRect(x: bounds.maxX - 96, y: bounds.maxY - 64, width: 80, height: 40)
        button.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        addSubview(button)
        skipButton = button
    }

    func showEndCard(_ companion: VASTCompanion) {
        isShowingEndCard = true
        skipButton?.removeFromSuperview()
        let card = WKWebView(frame: bounds)
        card.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // Taps go to this view (an end-card click), not into the card's page.
        card.isUserInteractionEnabled = false
        if let html = companion.resources.first(where: { $0.kind == .html })?.value {
            card.loadHTMLString(html, baseURL: nil)
        } else if let image = companion.resources.first(where: { $0.kind == .staticResource })?.value {
            card.loadHTMLString("<img src='\(image)' style='width:100%;height:100%;object-fit:contain'>", baseURL: nil)
        } else if let page = companion.resources.first(where: { $0.kind == .iframe })?.value, let url = URL(string: page) {
            card.load(URLRequest(url: url))
        }
        addSubview(card)
        let close = UIButton(type: .close, primaryAction: UIAction { [weak self] _ in self?.onClose?() })
        close.frame = CGRect(x: bounds.maxX - 44, y: 16, width: 28, height: 28)
        close.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
        addSubview(close)
    }
}
#endif

#if canImport(Darwin) && !(canImport(UIKit) && canImport(WebKit) && canImport(AVFoundation))
import KontextVideoNetworking

/// Apple platforms without UIKit and WebKit (tvOS, macOS) have no renderer yet: every load fails,
/// so no impression or tracking fires for an ad nobody could see.
@MainActor
package struct PlatformCreativeRendererFactory: CreativeRendererFactory {
    /// Creates the factory.
    package init() {}

    /// The renderer of `ad` on this platform.
    package func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
        UnsupportedPlatformRenderer()
    }
}

/// Fails every load with VAST 900: this platform cannot show the creative.
@MainActor
final class UnsupportedPlatformRenderer: CreativeRenderer {
    var onEvent: (@MainActor (CreativeEvent) -> Void)?
    var resolvedLinearAd: ResolvedLinearAd? { nil }
    var hasEndCard: Bool { false }

    func load() async throws {
        throw CreativeLoadError(code: VASTErrorCode.undefined)
    }

    func place(in frame: CGRect) {}
    func start() {}
    func stop() {}
}
#endif
