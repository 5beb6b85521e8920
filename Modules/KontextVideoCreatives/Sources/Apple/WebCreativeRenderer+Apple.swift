// An overlay or pause creative (an HTML page or an image) in a WKWebView, with a close control
// (and Resume on a full-screen pause ad). Glue only: which page to load (`CreativePage`), what
// the page's messages mean (`CreativePageBridge`, `CreativePageRules`), whether the bridge script
// runs, who takes a tap and whether Resume is drawn (`WebCreativeSurface`), which navigation is a
// click (`WebNavigationPolicy`), which failed navigation fails the creative (`WebLoadFailureRule`),
// how the web view is locked down (`WebViewHardening`: its own
// non-persistent store, no permissions, previews, menus, detectors, windows, PiP or AirPlay), where
// the controls sit (`CreativeControlsLayout`) and which failure code to report (`CreativeFailure`)
// are decided in portable code.
#if canImport(UIKit) && canImport(WebKit)
import UIKit
import WebKit
import KontextVideoVAST
import KontextVideoNetworking
import KontextVideoPresentation
import KontextVideoScheduling

/// An HTML page or image in a web view. An HTML page gets the bridge script in a content world of
/// its own and speaks to the SDK through the `kontextBridge` handler (`CREATIVES.md`); a page
/// without the bridge is ready at its load event, and any tap that would navigate — a link, a
/// script changing `location`, `window.open` — is a click on the creative, as is any tap on an
/// image: the SDK opens the server's click target, never the web view.
@MainActor
final class WebCreativeRenderer: NSObject, CreativeRenderer, FriendlyObstructionReporting, WKNavigationDelegate,
    UIGestureRecognizerDelegate {
    var onEvent: (@MainActor (CreativeEvent) -> Void)? {
        get { bridge.onEvent }
        set { bridge.onEvent = newValue }
    }
    var resolvedLinearAd: ResolvedLinearAd? { nil }
    var hasEndCard: Bool { false }
    var platformView: PlatformView? { container }
    var reportedSize: CGSize? { bridge.reportedSize }
    /// The ✕, and a full-screen pause ad's Resume: drawn from the start, so they never change.
    var friendlyObstructions: [CreativeControlObstruction] {
        [closeButton.map { .close($0) }, resumeButton.map { .pauseAdResume($0) }].compactMap { $0 }
    }
    var onFriendlyObstructionsChanged: (@MainActor () -> Void)?

    private let ad: ServedAd
    private let bridge: CreativePageBridge
    private let container = UIView()
    /// Which way the SDK's controls run: ✕ takes the trailing corner (`CreativeControlsLayout`).
    private let direction: AdControlDirection
    private let webView: WKWebView
    /// The content world of the bridge script and its handler, out of the page's reach.
    private let world: WKContentWorld
    private var closeButton: UIButton?
    private var resumeButton: UIButton?
    /// Whether the bridge script runs in the page: then the script reports the load event.
    private let runsBridgeScript: Bool
    /// When the viewer last touched the page: a navigation is a click only within it.
    private var tapWindow = ViewerTapWindow()
    /// The recognizer watching the viewer's touches on an HTML page.
    private var touchWatcher: UILongPressGestureRecognizer?
    private let clock: any SchedulingClock
    /// Answers what the page asks for by `WebViewHardening` (nearly nothing is allowed); the web
    /// view holds its UI delegate weakly.
    private var uiDelegate: HardenedWebUIDelegate?
    /// Which failed navigation fails the creative, and which of them the SDK's policy caused.
    private var loadFailures = WebLoadFailureRule()
    /// WebKit finished the page's own navigation: a later one failing leaves it on screen.
    private var pageFinishedLoading = false

    init(ad: ServedAd, context: CreativeContext) {
        self.ad = ad
        self.direction = context.controlTexts.locale.direction
        let hardening = WebViewHardening.creative
        let webView = WKWebView.creative(hardening)
        self.webView = webView
        let bridge = CreativePageBridge(ad: ad, locale: context.locale, controls: context.controlTexts.locale, events: context.events) { [weak webView] message, origin in
            webView?.evaluateJavaScript(message.javaScript(targetOrigin: origin))
        }
        self.bridge = bridge
        let world = WKContentWorld.world(name: CreativeBridgeScript.contentWorldName)
        self.world = world
        let surface = WebCreativeSurface(kind: ad.creative.kind, origin: bridge.origin, rules: bridge.rules)
        if let script = surface.bridgeScript {
            let controller = webView.configuration.userContentController
            controller.add(CreativeMessageForwarder(to: bridge), contentWorld: world, name: CreativeBridgeScript.handlerName)
            controller.addUserScript(WKUserScript(
                source: script, injectionTime: .atDocumentStart, forMainFrameOnly: true, in: world))
        }
        runsBridgeScript = surface.runsBridgeScript
        clock = context.clock
        super.init()
        if surface.bridgeScriptIsMissing { bridge.bridgeScriptMissing() }
        webView.navigationDelegate = self
        let uiDelegate = HardenedWebUIDelegate(hardening) { [weak self] action in
            guard let self else { return }
            let policy = WebNavigationPolicy.newWindow(pageSpeaksBridge: bridge.rules.speaksBridge, viewerTapped: tapWindow.isOpen(at: clock.now))
            apply(policy, to: action.request.url, decisionHandler: nil)
        }
        self.uiDelegate = uiDelegate
        webView.uiDelegate = uiDelegate
        webView.scrollView.isScrollEnabled = false
        webView.isOpaque = false
        container.clipsToBounds = true
        container.addSubview(webView)
        if surface.taps == .anywhereIsTheClick {
            webView.isUserInteractionEnabled = false
            container.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(imageTapped)))
        } else {
            // Watches the viewer's touches on the page without taking them (a press of no minimum
            // duration begins at touch-down and ends at lift), so a navigation can be told apart
            // from one the page makes by itself.
            let touches = UILongPressGestureRecognizer(target: self, action: #selector(pageTouched))
            touches.minimumPressDuration = 0
            touches.cancelsTouchesInView = false
            touches.delegate = self
            webView.addGestureRecognizer(touches)
            touchWatcher = touches
        }
        let texts = context.controlTexts
        container.semanticContentAttribute = direction == .rightToLeft ? .forceRightToLeft : .forceLeftToRight
        let close = UIButton(type: .close, primaryAction: UIAction { [weak bridge] _ in bridge?.sdkTap(.close) })
        close.accessibilityLabel = texts.closeLabel
        container.addSubview(close)
        closeButton = close
        if surface.drawsResume {
            let resume = UIButton(type: .system, primaryAction: UIAction(title: texts.resume) { [weak bridge] _ in bridge?.sdkTap(.resume) })
            resume.accessibilityLabel = texts.pauseAdResumeLabel
            container.addSubview(resume)
            resumeButton = resume
        }
    }

    func load() async throws {
        guard let url = ad.creative.url else { throw CreativeFailure.pageDidNotLoad.loadError }
        switch CreativePage.forCreative(kind: ad.creative.kind, url: url) {
        case .url(let page): webView.load(URLRequest(url: page))
        case .markup(let html, let baseURL): webView.loadHTMLString(html, baseURL: baseURL)
        }
        try await bridge.waitUntilReady()
    }

    func place(in frame: CGRect) {
        container.frame = frame
        webView.frame = container.bounds
        // The ✕'s button is its hit target, the frame the page keeps clear (`CreativeRenderContext`
        // lays it out with the same default, a touch screen's: WebKit is iOS only); UIKit centres
        // the glyph in it.
        let controls = CreativeControlsLayout(size: frame.size, hasResume: resumeButton != nil, direction: direction)
        closeButton?.frame = controls.closeFrame
        if let resumeFrame = controls.resumeFrame { resumeButton?.frame = resumeFrame }
        bridge.place(size: frame.size)
    }

    func start() {
        bridge.start()
    }

    func stop() {
        bridge.stop()
        webView.stopLoading()
        webView.navigationDelegate = nil
        webView.uiDelegate = nil
        uiDelegate = nil
        webView.configuration.userContentController.removeScriptMessageHandler(forName: CreativeBridgeScript.handlerName, contentWorld: world)
        container.removeFromSuperview()
    }

    @objc private func imageTapped() {
        bridge.sdkTap(.creative)
    }

    // Reads its recognizer's state rather than taking it as a parameter: an action method may take
    // none (/documentation/UIKit/UIGestureRecognizer/init(target:action:)), and the Linux
    // type-check cannot express an Objective-C class parameter.
    @objc private func pageTouched() {
        switch touchWatcher?.state {
        case .began: tapWindow.touchBegan(at: clock.now)
        case .ended, .cancelled, .failed: tapWindow.touchEnded(at: clock.now)
        default: break
        }
    }

    /// The touch watcher never keeps WebKit's own recognizers from seeing the same touch.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        true
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        pageFinishedLoading = true
        // With the bridge script, the page's load event arrives as `load-iframe`, behind the
        // page's own messages; without it, the end of navigation is the load event.
        if !runsBridgeScript { bridge.pageDidLoad() }
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        navigationFailed(error)
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {
        navigationFailed(error)
    }

    /// Fails the creative only for a failure `WebLoadFailureRule` calls fatal: a self-redirecting
    /// tag's cancelled load (-999) or a navigation the SDK itself cancelled (102) is not one.
    private func navigationFailed(_ error: any Error) {
        let failure = WebLoadFailure(error as NSError)
        switch loadFailures.judge(failure, pageFinishedLoading: pageFinishedLoading) {
        case .fatal: bridge.pageBroke()
        case .harmless(let why): bridge.loadErrorIgnored(failure, because: why)
        }
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        bridge.pageBroke()
    }

    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        let policy = WebNavigationPolicy.decide(
            url: navigationAction.request.url,
            pageIsLoaded: bridge.rules.phase != .loading,
            isMainFrame: navigationAction.targetFrame?.isMainFrame ?? true,
            isLinkActivation: navigationAction.navigationType == .linkActivated,
            pageSpeaksBridge: bridge.rules.speaksBridge,
            viewerTapped: tapWindow.isOpen(at: clock.now))
        apply(policy, to: navigationAction.request.url, decisionHandler: decisionHandler)
    }

    private func apply(_ policy: WebNavigationPolicy, to url: URL?, decisionHandler: (@MainActor @Sendable (WKNavigationActionPolicy) -> Void)?) {
        switch policy {
        case .allow:
            decisionHandler?(.allow)
        case .click:
            decisionHandler?(.cancel)
            loadFailures.sdkCancelledNavigation(to: url)
            bridge.sdkTap(.creative)
        case .cancel:
            decisionHandler?(.cancel)
            loadFailures.sdkCancelledNavigation(to: url)
        case .refuse:
            decisionHandler?(.cancel)
            loadFailures.sdkCancelledNavigation(to: url)
            bridge.navigationRefused(to: url)
        }
    }
}

extension WebLoadFailure {
    /// The failure an error of WebKit's navigation delegate describes: its domain, code and
    /// failing URL (`NSURLErrorFailingURLErrorKey`).
    init(_ error: NSError) {
        self.init(domain: error.domain, code: error.code, failingURL: error.userInfo[NSURLErrorFailingURLErrorKey] as? URL)
    }
}
#endif
