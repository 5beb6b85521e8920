import Foundation

/// One failed navigation of a creative's web view, as WebKit reports it to its navigation delegate
/// (`webView(_:didFail:withError:)`, `webView(_:didFailProvisionalNavigation:withError:)`): the
/// error's domain and code, and the URL it names.
package struct WebLoadFailure: Sendable, Hashable {
    /// The error's domain (`NSURLErrorDomain`, `WebKitErrorDomain`, `WKErrorDomain`).
    package var domain: String
    /// The error's code in its domain.
    package var code: Int
    /// The URL whose load failed (`NSURLErrorFailingURLErrorKey`), when the error names one.
    package var failingURL: URL?

    /// A failure of `code` in `domain`, loading `failingURL`.
    package init(domain: String, code: Int, failingURL: URL? = nil) {
        self.domain = domain
        self.code = code
        self.failingURL = failingURL
    }
}

/// Whether a failed navigation of a creative's page fails the creative. WebKit reports as failures
/// loads that nothing went wrong with — a load replaced by a newer one, a navigation the SDK's own
/// policy cancelled — and those must not end an ad:
///
/// | failure | before the page finished loading | after |
/// |---|---|---|
/// | `NSURLErrorDomain` −999 (`NSURLErrorCancelled`, "an asynchronous load has been canceled"): a newer navigation replaced the load (a tag that redirects itself, `location.replace`) | harmless: the newer load goes on, under the load time-out | harmless |
/// | `WebKitErrorDomain` 102 (`WebKitErrorFrameLoadInterruptedByPolicyChange`) for a navigation the SDK's `WebNavigationPolicy` cancelled | harmless: the page stays | harmless |
/// | `WebKitErrorDomain` 102 the SDK did not cause (WebKit would not show the response: a download, say) | **fatal** | harmless |
/// | `WebKitErrorDomain` 204 (`WebKitErrorPlugInWillHandleLoad`): media content, loaded again by WebKit's player | harmless | harmless |
/// | anything else (no connection −1009, time-out −1001, host not found −1003, App Transport Security −1022, a bad server answer −1011, `WKErrorDomain` errors) | **fatal**: 502 before the page said it is ready, 405 after (`CreativePageRules.pageBroke`) | harmless: the loaded page stays on screen |
///
/// "Before" and "after" are WebKit's: the page's own navigation finished (`webView(_:didFinish:)`).
/// A subframe's failure never reaches these callbacks (a `WKNavigation` is the webpage's load; a
/// subframe's navigation action has no main-frame navigation, `WKNavigationAction.mainFrameNavigation`),
/// so a broken iframe never fails the creative: a page with the bridge says so itself. The web
/// content process dying is always fatal (`webViewWebContentProcessDidTerminate(_:)`, not this rule).
///
/// Sources: `URLError.Code.cancelled` and `NSURLErrorCancelled`
/// (/documentation/Foundation/URLError/Code/cancelled, /documentation/Foundation/NSURLErrorCancelled-swift.var);
/// `WebKitErrorFrameLoadInterruptedByPolicyChange` (/documentation/WebKit/WebKitErrorFrameLoadInterruptedByPolicyChange,
/// code 102 in WebKit's `WebKitErrors.h`, raised when a navigation or response policy cancels a load);
/// `WebKitErrorPlugInWillHandleLoad` (204 in WebKit's own `WebKitErrorsPrivate.h`: "the cancel we do to
/// prevent loading plugin content twice"); `webView(_:didFailProvisionalNavigation:withError:)`
/// and `WKNavigation` (/documentation/WebKit/WKNavigationDelegate, /documentation/WebKit/WKNavigation).
package struct WebLoadFailureRule: Sendable, Equatable {
    /// What a failure means for the creative.
    package enum Verdict: Sendable, Hashable {
        /// The page did not load: the creative fails (`CreativePageBridge.pageBroke()`).
        case fatal
        /// Nothing went wrong with the creative; the failure is noted at `.debug` and ignored.
        case harmless(Harmless)
    }

    /// Why a failure is harmless.
    package enum Harmless: String, Sendable, Hashable {
        /// −999: a newer navigation replaced the load.
        case replacedByNewerNavigation = "replaced by a newer navigation"
        /// 102 for a navigation the SDK's policy cancelled.
        case cancelledBySDKPolicy = "cancelled by the SDK's navigation policy"
        /// 204: WebKit's media player loads the content itself.
        case handledByPlugIn = "handled by WebKit's media player"
        /// The page had finished loading: a later navigation's failure leaves it on screen.
        case afterPageLoaded = "after the page loaded"
    }

    /// Foundation's URL loading errors.
    package static let urlErrorDomain = "NSURLErrorDomain"
    /// WebKit's own load errors.
    package static let webKitErrorDomain = "WebKitErrorDomain"
    /// `NSURLErrorCancelled`.
    package static let cancelled = -999
    /// `WebKitErrorFrameLoadInterruptedByPolicyChange`.
    package static let frameLoadInterruptedByPolicyChange = 102
    /// `WebKitErrorPlugInWillHandleLoad`.
    package static let plugInWillHandleLoad = 204
    /// How many of the SDK's cancellations wait for their error at most: a cancellation WebKit
    /// reports no error for must not make a later, real 102 look like the SDK's.
    package static let remembered = 8

    /// The URLs of navigations the SDK's policy cancelled whose 102 has not come yet, oldest first.
    private var cancelledBySDK: [URL?] = []

    /// A rule that has seen no cancellation.
    package init() {}

    /// The SDK's `WebNavigationPolicy` cancelled a navigation to `url` (a click, a refusal, a page
    /// with the bridge navigating): WebKit may report it as a 102.
    package mutating func sdkCancelledNavigation(to url: URL?) {
        cancelledBySDK.append(url)
        if cancelledBySDK.count > Self.remembered { cancelledBySDK.removeFirst() }
    }

    /// What `failure` means, given whether the page's own navigation had finished.
    /// - Parameters:
    ///   - failure: the failed navigation's error.
    ///   - pageFinishedLoading: WebKit reported the page's navigation finished (`didFinish`).
    /// - Returns: `.fatal` when the creative failed to load; `.harmless` with why otherwise.
    package mutating func judge(_ failure: WebLoadFailure, pageFinishedLoading: Bool) -> Verdict {
        switch (failure.domain, failure.code) {
        case (Self.urlErrorDomain, Self.cancelled):
            return .harmless(.replacedByNewerNavigation)
        case (Self.webKitErrorDomain, Self.frameLoadInterruptedByPolicyChange) where takeCancellation(of: failure.failingURL):
            return .harmless(.cancelledBySDKPolicy)
        case (Self.webKitErrorDomain, Self.plugInWillHandleLoad):
            return .harmless(.handledByPlugIn)
        default:
            return pageFinishedLoading ? .harmless(.afterPageLoaded) : .fatal
        }
    }

    /// Whether a 102 for `url` is one of the SDK's cancellations (the oldest of that URL; any, when
    /// WebKit named no URL), and forgets it.
    private mutating func takeCancellation(of url: URL?) -> Bool {
        let index = url == nil ? cancelledBySDK.indices.first : cancelledBySDK.firstIndex { $0 == url || $0 == nil }
        guard let index else { return false }
        cancelledBySDK.remove(at: index)
        return true
    }
}
