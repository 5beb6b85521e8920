import Foundation

/// What a web creative does with a navigation its page starts. Loading the page itself (and its
/// subframes) over `http(s)` is allowed; once it is loaded, a main-frame navigation, a followed
/// link and a new window all leave the page, which the SDK never lets the web view do:
///
/// | navigation | page with the bridge | page without it |
/// |---|---|---|
/// | the page loading (any frame), `http(s)` or `about:` | allow | allow |
/// | any other scheme (`file:`, `data:`, `tel:`, the app's own), any time | refused | refused, or a click when the viewer tapped a link |
/// | a subframe navigating by itself, once loaded | allow | allow |
/// | a link the viewer activated within the tap window, once loaded | cancel (the page reports its clicks) | **click** |
/// | a main-frame navigation, or a link, without the viewer's tap (a timer's `location = …`, a meta refresh, a redirect) | cancel | refused |
/// | a new window (`window.open`, `target=_blank`) | cancel | a click within the tap window, refused otherwise |
///
/// A refused navigation is cancelled, counted and reported (`CreativePageBridge.navigationRefused`)
/// and never opens anything: a page cannot click without a viewer (issue 32). A click is the SDK's
/// own: it opens the server's click target under `AdURLRule`, never the link.
package enum WebNavigationPolicy: Sendable, Equatable {
    /// Let the web view load it.
    case allow
    /// Cancel it and report a click on the creative.
    case click
    /// Cancel it; nothing is reported (a page with the bridge reports its own clicks).
    case cancel
    /// Cancel it, count it and report it: the page navigated without the viewer, or to a scheme
    /// a creative may not load.
    case refuse

    /// The decision for one navigation.
    /// - Parameters:
    ///   - url: where it goes (`nil`: unknown, treated as the web).
    ///   - pageIsLoaded: the creative's page finished loading.
    ///   - isMainFrame: the navigation targets the main frame.
    ///   - isLinkActivation: the web view says the viewer activated a link.
    ///   - pageSpeaksBridge: the page said `init-iframe`.
    ///   - viewerTapped: the viewer touched the creative within the tap window (`ViewerTapWindow`).
    /// - Returns: what the web view does with it.
    package static func decide(
        url: URL?, pageIsLoaded: Bool, isMainFrame: Bool, isLinkActivation: Bool, pageSpeaksBridge: Bool, viewerTapped: Bool
    ) -> WebNavigationPolicy {
        let viewersLink = pageIsLoaded && isLinkActivation && viewerTapped
        // A frame loads what the hardening allows (the web, `about:`); an unknown URL counts as the web.
        guard url == nil || WebViewHardening.creative.mayLoad(url) else { return viewersLink && !pageSpeaksBridge ? .click : .refuse }
        guard pageIsLoaded, isMainFrame || isLinkActivation else { return .allow }
        if pageSpeaksBridge { return .cancel }
        return viewersLink ? .click : .refuse
    }

    /// A request for a new window (`window.open`, `target=_blank`), never a second web view.
    /// - Parameters:
    ///   - pageSpeaksBridge: the page said `init-iframe`.
    ///   - viewerTapped: the viewer touched the creative within the tap window.
    /// - Returns: `.cancel` for a page with the bridge; a click within the tap window; refused otherwise.
    package static func newWindow(pageSpeaksBridge: Bool, viewerTapped: Bool) -> WebNavigationPolicy {
        if pageSpeaksBridge { return .cancel }
        return viewerTapped ? .click : .refuse
    }
}

/// Whether the viewer is touching the creative, or lifted their finger within the tap window: the
/// only time a page without the bridge may turn a navigation into a click. The same window as the
/// bridge script's (`CreativeBridgeScript.tapWindowMilliseconds`), on the SDK's clock.
package struct ViewerTapWindow: Sendable, Equatable {
    /// How long after the finger lifted a navigation still counts as that tap's.
    package static let length: Duration = .milliseconds(CreativeBridgeScript.tapWindowMilliseconds)

    private var touching = false
    private var lastLift: Duration?

    /// A window no touch opened yet.
    package init() {}

    /// A finger came down on the creative at `now`.
    package mutating func touchBegan(at now: Duration) {
        touching = true
    }

    /// The finger lifted (or the touch was cancelled) at `now`.
    package mutating func touchEnded(at now: Duration) {
        touching = false
        lastLift = now
    }

    /// Whether a navigation at `now` follows the viewer's tap.
    package func isOpen(at now: Duration) -> Bool {
        if touching { return true }
        guard let lastLift else { return false }
        return now >= lastLift && now - lastLift <= Self.length
    }
}
