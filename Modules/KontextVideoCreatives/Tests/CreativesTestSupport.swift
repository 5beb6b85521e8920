import Foundation
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoPresentation
import KontextVideoScheduling
import KontextVideoVAST
@testable import KontextVideoCreatives

// What the tests build, read and press beyond what the SDK itself does (issue 20: no production
// member only tests use), made of the production members.

extension CreativeContext {
    /// A context with macros known now.
    init(
        clock: any SchedulingClock,
        transport: any HTTPTransport,
        events: KontextVideoEventStream,
        macros: VASTMacroContext = VASTMacroContext(),
        locale: String = CreativeContext.deviceLocale
    ) {
        self.init(clock: clock, transport: transport, events: events, macros: LazyVASTMacroContext { macros },
                  urlRule: AdURLRule(allowsLocalHosts: true), locale: locale)
    }
}

extension CreativePageRules {
    /// The rules in `phase` (every message in every state), reached as the SDK reaches it: the
    /// page's `init-iframe` when `speaksBridge`, its ready, the ad's start or its end.
    init(isFullScreenPause: Bool, allowedSize: CGSize, phase target: Phase, speaksBridge: Bool = false) {
        self.init(isFullScreenPause: isFullScreenPause, allowedSize: allowedSize)
        if speaksBridge { _ = receive(.hello) }
        if target == .ready || target == .onScreen { _ = receive(.ready) }
        if target == .onScreen { start() }
        if target == .ended { stop() }
        precondition(phase == target && self.speaksBridge == speaksBridge, "rules not in \(target)")
    }
}

extension CreativeControlsLayout {
    /// The ✕ glyph's side, in points, on a creative large enough for it (the browser tests draw it).
    static let closeSide: CGFloat = 28
    /// The smallest ✕ glyph, on a creative shown very small.
    static let minimumCloseSide: CGFloat = 16

    /// The ✕ glyph's frame, centred in `closeFrame`: where the browser tests' fixture draws it.
    var closeGlyphFrame: CGRect {
        let target = closeFrame
        let side = max(Self.minimumCloseSide, min(Self.closeSide, target.width - 2 * Self.margin))
        return CGRect(x: target.midX - side / 2, y: target.midY - side / 2, width: side, height: side)
    }
}

extension HeadlessCreativeRenderer {
    /// The player's or the viewer's moment, as the AVPlayer renderer's glue reports it.
    func handle(_ input: LinearPlaybackInput) {
        linearPlayback()?.handle(input)
    }

    /// Where the controls shown now sit on a full-screen surface of `size` with `safeArea`, at
    /// Dynamic Type's `textScale`: the math the AVPlayer renderer lays its buttons out with.
    func controlsLayout(in size: CGSize, safeArea: VideoAdInsets = .zero, metrics: LinearAdControlsLayout.Metrics = .touch, textScale: CGFloat = 1) -> LinearAdControlsLayout {
        LinearAdControlsLayout(size: size, safeArea: safeArea, controls: controls, metrics: metrics, textScale: textScale)
    }
}
