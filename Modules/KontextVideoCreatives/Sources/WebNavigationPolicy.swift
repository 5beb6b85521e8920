import Foundation

/// What a web creative does with a navigation its page starts. Loading the page itself (and
/// its subframes) is allowed; once it is loaded, any main-frame navigation and any link the
/// viewer activated leaves the page, which the SDK never lets the web view do. For a page without
/// the bridge it is the viewer's tap: a click on the ad, which the SDK opens itself (the server's
/// click target). A page that speaks the bridge reports its clicks with `click-iframe`, during the
/// tap; its navigations are cancelled and count as nothing, so one tap is never two clicks and a
/// script changing `location` is never a click.
package enum WebNavigationPolicy: Sendable, Equatable {
    /// Let the web view load it.
    case allow
    /// Cancel it and report a click on the creative.
    case click
    /// Cancel it; nothing is reported.
    case cancel

    /// The decision for one navigation.
    /// - Parameters:
    ///   - pageIsLoaded: the creative's page finished loading.
    ///   - isMainFrame: the navigation targets the main frame (`nil` target frame: a new window, counted as main).
    ///   - isLinkActivation: the viewer activated a link.
    ///   - pageSpeaksBridge: the page said `init-iframe`.
    package static func decide(pageIsLoaded: Bool, isMainFrame: Bool, isLinkActivation: Bool, pageSpeaksBridge: Bool) -> WebNavigationPolicy {
        guard pageIsLoaded, isMainFrame || isLinkActivation else { return .allow }
        return pageSpeaksBridge ? .cancel : .click
    }

    /// A request for a new window (`window.open`, `target=_blank`), never a second web view: a
    /// click from a page without the bridge, nothing from one with it.
    package static func newWindow(pageSpeaksBridge: Bool) -> WebNavigationPolicy {
        pageSpeaksBridge ? .cancel : .click
    }
}
