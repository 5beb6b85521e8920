/// The `type` of every message of the creative bridge, as it is on the wire. Kontext's house
/// convention: each ends in `-iframe`. `CREATIVES.md` is the protocol's document.
package enum CreativeMessageType: String, Sendable, CaseIterable {
    // MARK: Page → SDK (posted by the page, forwarded by the bridge script)
    /// The page speaks the bridge: it reports ready itself, and wants the render context.
    case hello = "init-iframe"
    /// The page is ready to be shown.
    case ready = "ready-iframe"
    /// The viewer tapped the creative (`data.area`, `data.url` optional).
    case click = "click-iframe"
    /// The viewer tapped the creative's own close control.
    case close = "close-iframe"
    /// The viewer tapped the creative's own Resume control (a full-screen pause ad).
    case resume = "resume-iframe"
    /// The creative failed (`data.code`, a VAST error code).
    case error = "error-iframe"
    /// The creative wants another size (`data.width`, `data.height`, in points).
    case resize = "resize-iframe"

    // MARK: Bridge script → SDK (never forwarded from the page)
    /// The page's load event fired: the readiness of a page that does not speak the bridge.
    case pageLoaded = "load-iframe"

    // MARK: SDK → page
    /// What the creative needs to lay itself out: format, size, the insets to keep clear, locale.
    case context = "context-iframe"
    /// The ad is on screen: start animating now.
    case shown = "shown-iframe"
    /// The ad is over: stop.
    case ended = "ended-iframe"

    /// The types a page may post (the bridge script forwards only these).
    package static let fromPage: [CreativeMessageType] = [.hello, .ready, .click, .close, .resume, .error, .resize]
    /// The types that are a viewer's action: forwarded only during a tap, each tap at most once.
    package static let viewerActions: [CreativeMessageType] = [.click, .close, .resume]
    /// The types the SDK posts to the page.
    package static let toPage: [CreativeMessageType] = [.context, .shown, .ended]
}
