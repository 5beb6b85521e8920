import Foundation

/// What a web creative does with a navigation its page starts. Loading the page itself (and
/// its subframes) is allowed; once it is loaded, any main-frame navigation and any link the
/// viewer activated is the viewer's tap: a click on the ad, which the SDK opens itself (the
/// server's click target, never the web view).
package enum WebNavigationPolicy: Sendable, Equatable {
    /// Let the web view load it.
    case allow
    /// Cancel it and report a click on the creative.
    case click

    /// The decision for one navigation.
    /// - Parameters:
    ///   - pageIsLoaded: the creative's page finished loading.
    ///   - isMainFrame: the navigation targets the main frame (`nil` target frame: a new window, counted as main).
    ///   - isLinkActivation: the viewer activated a link.
    package static func decide(pageIsLoaded: Bool, isMainFrame: Bool, isLinkActivation: Bool) -> WebNavigationPolicy {
        guard pageIsLoaded, isMainFrame || isLinkActivation else { return .allow }
        return .click
    }

    /// A request for a new window (`window.open`, `target=_blank`) is always a click, never a second web view.
    package static let newWindow: WebNavigationPolicy = .click
}
