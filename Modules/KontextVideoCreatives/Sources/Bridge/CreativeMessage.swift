import Foundation
import KontextVideoVAST
import KontextVideoModels

/// One message from a creative page, decoded and checked (`CreativeMessageDecoder`). What it
/// does depends on the ad's state: `CreativePageRules`.
package enum CreativeMessage: Sendable, Equatable {
    /// `init-iframe`: the page speaks the bridge.
    case hello
    /// `load-iframe`: the page's load event fired (sent by the bridge script, not the page).
    case pageLoaded
    /// `ready-iframe`: the page is ready to be shown.
    case ready
    /// `click-iframe`: the viewer tapped `area` (`.creative` unless the page named its own);
    /// `url` is the creative's own destination, when it gave one. `tap` numbers the viewer's
    /// tap the bridge script saw it during (`nil`: none).
    case click(area: VideoAdClick.Area, url: URL?, tap: Int?)
    /// `close-iframe`: the viewer tapped the creative's own close control during `tap`.
    case close(tap: Int?)
    /// `resume-iframe`: the viewer tapped the creative's own Resume control during `tap`.
    case resume(tap: Int?)
    /// `error-iframe`: the creative failed; `code` is its VAST error code, `nil` when it gave
    /// none that is one (the SDK then reports 405).
    case error(code: VASTErrorCode?)
    /// `resize-iframe`: the creative wants this size, in points.
    case resize(width: Double, height: Double)
    /// A type of the protocol's form this SDK does not know: ignored.
    case unknown(type: String)
}
