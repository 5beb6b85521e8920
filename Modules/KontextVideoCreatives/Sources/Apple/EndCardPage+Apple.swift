// A linear ad's end card page in a web view (iOS). Glue only: the web view is made and answered by
// `WebViewHardening` and navigates under `WebNavigationPolicy`, the same as an overlay's page; the
// card never speaks the bridge and the viewer never touches it (its taps are the end card's
// click, taken by `PlayerContainerView`), so once the card is loaded nothing navigates its main
// frame, and a load outside `http(s)` (`file:`, `data:`, the app's own scheme) is refused. A failed
// load is judged by `WebLoadFailureRule`: a harmless one (a self-redirecting card's -999, a
// navigation the policy cancelled) changes nothing; a fatal one hides the broken page, leaving the
// video's last frame under the controls rather than WebKit's blank or partial page.
#if canImport(UIKit) && canImport(WebKit)
import UIKit
import WebKit

/// An end card's page, and the delegate of the web view that shows it.
@MainActor
final class EndCardPage: NSObject, WKNavigationDelegate {
    /// The web view showing the card.
    let webView: WKWebView
    /// Called with the URL of each navigation the policy refused.
    var onNavigationRefused: (@MainActor (URL?) -> Void)?

    private var pageIsLoaded = false
    /// Which failed navigation breaks the card, and which of them the policy caused.
    private var loadFailures = WebLoadFailureRule()
    /// Answers the page's requests; the web view holds its UI delegate weakly.
    private var uiDelegate: HardenedWebUIDelegate?

    /// Loads `page` into a new hardened web view.
    init(_ page: CreativePage, hardening: WebViewHardening = .creative) {
        webView = .creative(hardening)
        super.init()
        webView.navigationDelegate = self
        // A new window without the viewer is refused (the card is never touched: no tap window).
        let uiDelegate = HardenedWebUIDelegate(hardening) { [weak self] action in
            if WebNavigationPolicy.newWindow(pageSpeaksBridge: false, viewerTapped: false) == .refuse {
                self?.onNavigationRefused?(action.request.url)
            }
        }
        self.uiDelegate = uiDelegate
        webView.uiDelegate = uiDelegate
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
        uiDelegate = nil
    }

    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {
        pageIsLoaded = true
    }

    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {
        navigationFailed(error)
    }

    func webView(_ webView: WKWebView, didFailProvisionalNavigation navigation: WKNavigation!, withError error: any Error) {
        navigationFailed(error)
    }

    /// A card that did not load is not shown half broken (WebKit's blank or partial page).
    private func navigationFailed(_ error: any Error) {
        if loadFailures.judge(WebLoadFailure(error as NSError), pageFinishedLoading: pageIsLoaded) == .fatal {
            webView.isHidden = true
        }
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
        if policy != .allow { loadFailures.sdkCancelledNavigation(to: url) }
        if policy == .refuse { onNavigationRefused?(url) }
    }
}
#endif
