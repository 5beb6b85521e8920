import KontextVideoNetworking

/// How a web view shows an overlay or pause creative, decided from what the server served: which
/// bridge script runs in its page, who takes the viewer's taps, and whether Resume is drawn beside
/// the ✕. The iOS web renderer only applies it (`WebCreativeRenderer+Apple.swift`).
package struct WebCreativeSurface: Sendable, Equatable {
    /// Who takes a tap on the creative.
    package enum Taps: Sendable, Equatable {
        /// The page: its links, scripts and `click-iframe` messages are the clicks
        /// (`WebNavigationPolicy`, `CreativePageRules`).
        case page
        /// The SDK: a bare image has no link, so a tap anywhere on it is the click.
        case anywhereIsTheClick
    }

    /// The bridge script to inject at the document's start: for an HTML page served from an
    /// origin the script can be pinned to; `nil` otherwise, and then the page's own load event
    /// says it is ready.
    package let bridgeScript: String?
    /// Who takes a tap.
    package let taps: Taps
    /// Whether Resume is drawn beside the ✕ (a full-screen pause ad).
    package let drawsResume: Bool

    /// The surface of a creative of `kind` served from `origin`, with `rules`.
    package init(kind: ServedCreative.Kind, origin: CreativeOrigin?, rules: CreativePageRules) {
        bridgeScript = kind == .html ? origin.flatMap(CreativeBridgeScript.source(for:)) : nil
        bridgeScriptIsMissing = kind == .html && origin != nil && CreativeBridgeScript.function == nil
        taps = kind == .image ? .anywhereIsTheClick : .page
        drawsResume = rules.isFullScreenPause
    }

    /// Whether the bridge script runs in the page (then the script reports the load event).
    package var runsBridgeScript: Bool { bridgeScript != nil }
    /// Whether an HTML page that should run the bridge script cannot, because the build lacks it:
    /// the renderer reports it as an error (`CreativePageBridge.bridgeScriptMissing`).
    package let bridgeScriptIsMissing: Bool
}
