// The UIKit renderers: a web view for HTML and image creatives, AVPlayer for VAST video.
// Thin on purpose: loading, tracking, timing and layout decisions live in portable code; these
// classes only turn UIKit callbacks into `CreativeEvent`s.
#if canImport(UIKit) && canImport(WebKit) && canImport(AVFoundation)
import UIKit
import WebKit
import AVFoundation
import KontextVideoModels
import KontextVideoNetworking

/// The default renderer factory on iOS and tvOS.
@MainActor
package struct PlatformCreativeRendererFactory: CreativeRendererFactory {
    /// Creates the factory.
    package init() {}

    package func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
        switch ad.creative.kind {
        case .html, .image: WebCreativeRenderer(ad: ad)
        case .vast: VideoCreativeRenderer(ad: ad, context: context)
        }
    }
}

/// An HTML page or image in a web view, with a close control.
@MainActor
final class WebCreativeRenderer: NSObject, CreativeRenderer, WKNavigationDelegate {
    var onEvent: (@MainActor (CreativeEvent) -> Void)?
    var resolvedLinearAd: ResolvedLinearAd? { nil }
    var hasEndCard: Bool { false }
    var platformView: AnyObject? { container }

    private let ad: ServedAd
    private let container = UIView()
    private let webView: WKWebView
    private var readiness: CheckedContinuation<Void, any Error>?
    private var isStopped = false

    init(ad: ServedAd) {
        self.ad = ad
        let configuration = WKWebViewConfiguration()
        configuration.allowsInlineMediaPlayback = true
        self.webView = WKWebView(frame: .zero, configuration: configuration)
        super.init()
        webView.navigationDelegate = self
        webView.scrollView.isScrollEnabled = false
        webView.isOpaque = false
        container.addSubview(webView)
        let close = UIButton(type: .close, primaryAction: UIAction { [weak self] _ in self?.onEvent?(.close) })
        close.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(close)
        NSLayoutConstraint.activate([
            close.topAnchor.constraint(equalTo: container.topAnchor, constant: 4),
            close.trailingAnchor.constraint(equalTo: container.trailingAnchor, constant: -4),
        ])
        if ad.creative.fullScreen {
            let resume = UIButton(type: .system, primaryAction: UIAction(title: "Resume") { [weak self] _ in self?.onEvent?(.resume) })
            resume.translatesAutoresizingMaskIntoConstraints = false
            container.addSubview(resume)
            NSLayoutConstraint.activate([
                resume.centerXAnchor.constraint(equalTo: container.centerXAnchor),
                resume.bottomAnchor.constraint(equalTo: container.bottomAnchor, constant: -16),
            ])
        }
    }

    func load() async throws {
        guard let url = ad.creative.url else { throw CreativeLoadError(code: CreativeErrorCode.nonLinearFetchFailed) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                readiness = continuation
                if ad.creative.kind == .image {
                    let page = "<html><body style='margin:0'><img src='\(url.absoluteString)' style='width:100%;height:100%;object-fit:contain'></body></html>"
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
        if let error { readiness.resume(throwing: error) } else { readiness.resume() }
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
        container.removeFromSuperview()
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        finishLoading(nil)
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        finishLoading(CreativeLoadError(code: CreativeErrorCode.nonLinearFetchFailed))
        if readiness == nil, !isStopped { onEvent?(.failed(code: CreativeErrorCode.displayProblem)) }
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {
        finishLoading(CreativeLoadError(code: CreativeErrorCode.nonLinearFetchFailed))
    }

    func webView(
        _ webView: WKWebView,
        decidePolicyFor action: WKNavigationAction,
        decisionHandler: @escaping @MainActor (WKNavigationActionPolicy) -> Void
    ) {
        // A tap on a link is a click: the SDK opens it outside the web view.
        guard action.navigationType == .linkActivated else {
            decisionHandler(.allow)
            return
        }
        // The SDK opens the server's click URL (and its fallback) once it hears of the click.
        decisionHandler(.cancel)
        onEvent?(.click(.creative))
    }
}

/// A VAST linear ad on AVPlayer, with Skip after the skip offset and the end card after the video.
@MainActor
final class VideoCreativeRenderer: CreativeRenderer {
    var onEvent: (@MainActor (CreativeEvent) -> Void)?
    private(set) var resolvedLinearAd: ResolvedLinearAd?
    var hasEndCard: Bool { resolvedLinearAd?.endCard != nil }
    var platformView: AnyObject? { container }

    private let ad: ServedAd
    private let context: CreativeContext
    private let container = PlayerContainerView()
    private var player: AVPlayer?
    private var timeObserver: Any?
    private var observations: [NSKeyValueObservation] = []
    private var endObserver: (any NSObjectProtocol)?
    private var didRenderFirstFrame = false
    private var isStopped = false

    init(ad: ServedAd, context: CreativeContext) {
        self.ad = ad
        self.context = context
    }

    func load() async throws {
        let screen = UIScreen.main.nativeBounds.size
        let device = DeviceProfile(
            supportedMIMETypes: DeviceProfile.applePlatformMIMETypes,
            screenWidth: Int(max(screen.width, screen.height)),
            screenHeight: Int(min(screen.width, screen.height)))
        let linear = try await LinearCreativeLoader(ad: ad, context: context, device: device).load()
        guard let url = URL(string: linear.mediaFile.url) else {
            throw CreativeLoadError(code: VASTErrorCode.noSupportedMedia.rawValue)
        }
        let item = AVPlayerItem(url: url)
        let player = AVPlayer(playerItem: item)
        self.player = player
        self.resolvedLinearAd = linear
        container.playerLayer.player = player
        // Ready once the item can play: buffering starts off screen, so show() is instant.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            var resumed = false
            let observation = item.observe(\.status, options: [.initial, .new]) { item, _ in
                Task { @MainActor in
                    guard !resumed else { return }
                    switch item.status {
                    case .readyToPlay: resumed = true; continuation.resume()
                    case .failed: resumed = true; continuation.resume(throwing: CreativeLoadError(code: VASTErrorCode.mediaFileNotFound.rawValue))
                    default: break
                    }
                }
            }
            observations.append(observation)
        }
    }

    func place(in frame: CGRect) {
        container.frame = frame
    }

    func start() {
        guard let player, let linear = resolvedLinearAd, !isStopped else { return }
        container.onTap = { [weak self] in
            guard let self else { return }
            self.onEvent?(.click(self.container.isShowingEndCard ? .endCard : .creative))
        }
        container.onSkip = { [weak self] in self?.onEvent?(.skip) }
        container.onClose = { [weak self] in self?.onEvent?(.close) }
        observations.append(container.playerLayer.observe(\.isReadyForDisplay, options: [.initial, .new]) { layer, _ in
            Task { @MainActor [weak self] in
                guard let self, layer.isReadyForDisplay, !self.didRenderFirstFrame else { return }
                self.didRenderFirstFrame = true
                self.onEvent?(.firstFrame)
            }
        })
        timeObserver = player.addPeriodicTimeObserver(forInterval: CMTime(value: 1, timescale: 4), queue: .main) { time in
            MainActor.assumeIsolated { [weak self] in
                guard let self, time.seconds.isFinite else { return }
                self.onEvent?(.progress(time.seconds))
                if let offset = linear.skipOffset, time.seconds >= offset { self.container.showSkip() }
            }
        }
        endObserver = NotificationCenter.default.addObserver(
            forName: AVPlayerItem.didPlayToEndTimeNotification, object: player.currentItem, queue: .main
        ) { _ in
            MainActor.assumeIsolated { [weak self] in
                guard let self else { return }
                self.onEvent?(.complete)
                if let endCard = linear.endCard {
                    self.container.showEndCard(endCard)
                    self.onEvent?(.endCardShown)
                }
            }
        }
        observations.append(player.observe(\.timeControlStatus, options: [.new]) { player, _ in
            Task { @MainActor [weak self] in
                if player.currentItem?.status == .failed { self?.onEvent?(.failed(code: CreativeErrorCode.displayProblem)) }
            }
        })
        player.play()
    }

    func stop() {
        isStopped = true
        player?.pause()
        if let timeObserver { player?.removeTimeObserver(timeObserver) }
        if let endObserver { NotificationCenter.default.removeObserver(endObserver) }
        observations.forEach { $0.invalidate() }
        observations.removeAll()
        container.removeFromSuperview()
    }
}

/// The linear ad's view: video, Skip, end card with ✕.
@MainActor
final class PlayerContainerView: UIView {
    override class var layerClass: AnyClass { AVPlayerLayer.self }
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
        card.isUserInteractionEnabled = false
        if let html = companion.resources.first(where: { $0.kind == .html })?.value {
            card.loadHTMLString(html, baseURL: nil)
        } else if let image = companion.resources.first(where: { $0.kind == .staticResource })?.value {
            card.loadHTMLString("<img src='\(image)' style='width:100%;height:100%;object-fit:contain'>", baseURL: nil)
        }
        addSubview(card)
        let close = UIButton(type: .close, primaryAction: UIAction { [weak self] _ in self?.onClose?() })
        close.frame = CGRect(x: bounds.maxX - 44, y: 16, width: 28, height: 28)
        close.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
        addSubview(close)
    }
}
#endif
