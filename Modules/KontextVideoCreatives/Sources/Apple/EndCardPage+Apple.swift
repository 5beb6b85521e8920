// A linear ad's end card page in a web view (iOS). Glue only: the web view is made and answered by
// `WebViewHardening` and navigates under `WebNavigationPolicy`, the same as an overlay's page; the
// card never speaks the bridge and the viewer never touches it (its taps are the end card's
// click, taken by `PlayerContainerView`), so once the card is loaded nothing navigates its main
// frame, and a load outside `http(s)` (`file:`, `data:`, the app's own scheme) is refused.
#if canImport(UIKit) && canImport(WebKit)
import UIKit
import WebKit

/// An end card's page, and the delegate of the web view that shows it.
@MainActor
final class EndCardPage: NSObject, WKNavigationDelegate, WKUIDelegate {
    /// The web view showing the card.
    let webView: WKWebView
    /// Called with the URL of each navigation the policy refused.
    var onNavigationRefused: (@MainActor (URL?) -> Void)?

    private let hardening: WebViewHardening
    private var pageIsLoaded = false

    /// Loads `page` into a new hardened web view.
    init(_ page: CreativePage, hardening: WebViewHardening = .creative) {
        self.hardening = hardening
        webView = .creative(hardening)
        super.init()
        webView.navigationDelegate = self
        webView.uiDelegate = self
        switch page {
        case .url(let url): webView.load(URLRequest(url: url))
        case .markup(let html, let baseURL): webView.loadHTMLString(html, baseURL: baseURL)
        }
    }

    /// Stops loading and lets go of the web view's callbacks (the ad is over).
    func stop() {
        webView.stopLoading()
        webView.navigationDelegate = nil
        webView.uiDelegate = nil
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        pageIsLoaded = true
    }

    func webView(
        _ webView: WKWebView,
        decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        let url = navigationAction.request.url
        let policy = WebNavigationPolicy.decide(
            url: url,
            pageIsLoaded: pageIsLoaded,
            isMainFrame: navigationAction.targetFrame?.isMainFrame ?? true,
            isLinkActivation: navigationAction.navigationType == .linkActivated,
            pageSpeaksBridge: false,
            viewerTapped: false)
        decisionHandler(policy == .allow ? .allow : .cancel)
        if policy == .refuse { onNavigationRefused?(url) }
    }

    /// A new window is never a second web view; asking for one without the viewer is refused.
    func webView(
        _ webView: WKWebView,
        createWebViewWith configuration: WKWebViewConfiguration,
        for navigationAction: WKNavigationAction,
        windowFeatures: WKWindowFeatures
    ) -> WKWebView? {
        if WebNavigationPolicy.newWindow(pageSpeaksBridge: false, viewerTapped: false) == .refuse {
            onNavigationRefused?(navigationAction.request.url)
        }
        return nil
    }

    // MARK: What the page asks for, answered by `WebViewHardening` (as `WebCreativeRenderer` does).

    /// Camera and microphone: denied without asking the viewer.
    func webView(
        _ webView: WKWebView,
        requestMediaCapturePermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        type: WKMediaCaptureType,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        decisionHandler(hardening.answer(to: .init(type)).decision)
    }

    /// Device orientation and motion: denied without asking the viewer.
    func webView(
        _ webView: WKWebView,
        requestDeviceOrientationAndMotionPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        decisionHandler(hardening.answer(to: .deviceOrientationAndMotion).decision)
    }

    /// Geolocation, from iOS 27 (see `WebViewHardening.DeviceCapability.geolocation`).
    @available(iOS 27.0, *)
    func webView(
        _ webView: WKWebView,
        requestGeolocationPermissionFor origin: WKSecurityOrigin,
        initiatedByFrame frame: WKFrameInfo,
        decisionHandler: @escaping @MainActor @Sendable (WKPermissionDecision) -> Void
    ) {
        decisionHandler(hardening.answer(to: .geolocation).decision)
    }

    /// No context menu (a nil configuration shows none).
    func webView(
        _ webView: WKWebView,
        contextMenuConfigurationForElement elementInfo: WKContextMenuElementInfo,
        completionHandler: @escaping @MainActor @Sendable (UIContextMenuConfiguration?) -> Void
    ) {
        completionHandler(nil)
    }
}
#endif
