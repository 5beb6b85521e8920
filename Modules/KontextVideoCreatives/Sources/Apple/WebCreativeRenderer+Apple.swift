// An overlay or pause creative (an HTML page or an image) in a WKWebView, with a close control
// (and Resume on a full-screen pause ad). Glue only: which page to load (`CreativePage`), which
// navigation is a click (`WebNavigationPolicy`) and which failure code to report
// (`CreativeFailure`) are decided in portable code.
#if canImport(UIKit) && canImport(WebKit)
import UIKit
import WebKit
import KontextVideoVAST
import KontextVideoNetworking

/// An HTML page or image in a web view. Any tap that would navigate — a link, a script changing
/// `location`, `window.open`, or a tap on an image — is reported as a click: the SDK opens the
/// server's click target, never the web view.
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
        guard let url = ad.creative.url else { throw CreativeFailure.pageDidNotLoad.loadError }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                readiness = continuation
                switch CreativePage.forCreative(kind: ad.creative.kind, url: url) {
                case .url(let page): webView.load(URLRequest(url: page))
                case .markup(let html, let baseURL): webView.loadHTMLString(html, baseURL: baseURL)
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

    /// The page broke: while loading it fails the load, on screen it fails the ad.
    private func pageFailed() {
        if readiness != nil {
            finishLoading(CreativeFailure.pageDidNotLoad.loadError)
        } else if isLoaded {
            emit(CreativeFailure.pageFailedOnScreen.event)
        }
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        finishLoading(nil)
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        pageFailed()
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {
        pageFailed()
    }

    func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {
        pageFailed()
    }

    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        let policy = WebNavigationPolicy.decide(
            pageIsLoaded: isLoaded,
            isMainFrame: navigationAction.targetFrame?.isMainFrame ?? true,
            isLinkActivation: navigationAction.navigationType == .linkActivated)
        apply(policy, decisionHandler: decisionHandler)
    }

    func webView(
        _ webView: WKWebView,
        createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        apply(WebNavigationPolicy.newWindow, decisionHandler: nil)
        return nil
    }

    private func apply(_ policy: WebNavigationPolicy, decisionHandler: (@MainActor @Sendable (WKNavigationActionPolicy) -> Void)?) {
        switch policy {
        case .allow:
            decisionHandler?(.allow)
        case .click:
            decisionHandler?(.cancel)
            emit(.click(.creative))
        }
    }
}
#endif
