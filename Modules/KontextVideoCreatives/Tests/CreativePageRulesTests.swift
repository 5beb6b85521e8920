import Foundation
import Testing
import KontextVideoVAST
import KontextVideoModels
@testable import KontextVideoCreatives

/// What each message of a creative page means in each state of its ad: the table of
/// `CreativePageRules`, row by row, and a check that the table leaves no message or state out.
@Suite("Creative page rules")
struct CreativePageRulesTests {
    typealias Phase = CreativePageRules.Phase

    /// One message in one state, what it does, and the state after it.
    struct Row: Sendable, CustomTestStringConvertible {
        let phase: Phase
        let speaksBridge: Bool
        let fullScreenPause: Bool
        let message: CreativeMessage
        let reaction: CreativePageReaction
        let after: Phase
        let note: String

        var testDescription: String {
            "\(message) in \(phase)\(speaksBridge ? " (bridged)" : "")\(fullScreenPause ? " (full-screen pause)" : "") → \(reaction)\(note.isEmpty ? "" : " — \(note)")"
        }

        init(_ phase: Phase, _ message: CreativeMessage, _ reaction: CreativePageReaction, after: Phase? = nil,
             bridged: Bool = false, fullScreenPause: Bool = false, _ note: String = "") {
            self.phase = phase
            self.speaksBridge = bridged
            self.fullScreenPause = fullScreenPause
            self.message = message
            self.reaction = reaction
            self.after = after ?? phase
            self.note = note
        }
    }

    static let allowed = CGSize(width: 320, height: 50)
    static let url = URL(string: "https://advertiser.example/a")!
    static let cta = CreativeMessage.click(area: .other("cta"), url: url, tap: 1)
    static let code403 = VASTErrorCode(creativeCode: 403)

    static let rows: [Row] = [
        // init-iframe: the page speaks the bridge; it hears the context in every live state.
        Row(.loading, .hello, .sendContext),
        Row(.ready, .hello, .sendContext),
        Row(.onScreen, .hello, .sendContext),
        Row(.ended, .hello, .ignore(.ended)),
        // load-iframe: a page without the bridge is ready at its load event; one with it is not.
        Row(.loading, .pageLoaded, .ready, after: .ready, "ready is the load event"),
        Row(.loading, .pageLoaded, .ignore(.waitingForReady), bridged: true, "it reports ready itself"),
        Row(.ready, .pageLoaded, .ignore(.alreadyReady)),
        Row(.onScreen, .pageLoaded, .ignore(.alreadyReady)),
        Row(.ended, .pageLoaded, .ignore(.ended)),
        // ready-iframe: load() returns; later, and after the load time-out, it changes nothing.
        Row(.loading, .ready, .ready, after: .ready),
        Row(.loading, .ready, .ready, after: .ready, bridged: true),
        Row(.ready, .ready, .ignore(.alreadyReady)),
        Row(.onScreen, .ready, .ignore(.alreadyReady)),
        Row(.ended, .ready, .ignore(.ended), "a ready after the load time-out"),
        // click-iframe: only on screen, only during a tap.
        Row(.loading, cta, .ignore(.notOnScreen), "before show()"),
        Row(.ready, cta, .ignore(.notOnScreen), "before show()"),
        Row(.onScreen, cta, .event(.click(.other("cta"), url: url))),
        Row(.onScreen, .click(area: .creative, url: nil, tap: 1), .event(.click(.creative))),
        Row(.onScreen, .click(area: .other("cta"), url: nil, tap: nil), .ignore(.noTap), "no user gesture"),
        Row(.ended, cta, .ignore(.ended), "after didEnd"),
        // close-iframe: .closed, on screen, during a tap.
        Row(.loading, .close(tap: 1), .ignore(.notOnScreen)),
        Row(.ready, .close(tap: 1), .ignore(.notOnScreen)),
        Row(.onScreen, .close(tap: 1), .event(.close)),
        Row(.onScreen, .close(tap: nil), .ignore(.noTap)),
        Row(.ended, .close(tap: 1), .ignore(.ended)),
        // resume-iframe: only for a full-screen pause ad.
        Row(.loading, .resume(tap: 1), .ignore(.notOnScreen), fullScreenPause: true),
        Row(.ready, .resume(tap: 1), .ignore(.notOnScreen), fullScreenPause: true),
        Row(.onScreen, .resume(tap: 1), .event(.resume), fullScreenPause: true),
        Row(.onScreen, .resume(tap: nil), .ignore(.noTap), fullScreenPause: true),
        Row(.onScreen, .resume(tap: 1), .ignore(.notFullScreenPause), "an overlay or pause card has no Resume"),
        Row(.ended, .resume(tap: 1), .ignore(.ended), fullScreenPause: true),
        // error-iframe: fails the load before ready, the ad after it; the page's code, else 405.
        Row(.loading, .error(code: code403), .failLoad(code403), after: .ended),
        Row(.loading, .error(code: nil), .failLoad(.mediaDisplay), after: .ended, bridged: true, "no code: 405"),
        Row(.ready, .error(code: code403), .event(.failed(code: code403)), after: .ended, "the facade invalidates the ad"),
        Row(.onScreen, .error(code: code403), .event(.failed(code: code403)), after: .ended, "didFail with the page's code"),
        Row(.onScreen, .error(code: nil), .event(.failed(code: .mediaDisplay)), after: .ended, "no code: 405"),
        Row(.ended, .error(code: code403), .ignore(.ended)),
        // resize-iframe: before show(), within the server's size.
        Row(.loading, .resize(width: 300, height: 50), .resize(CGSize(width: 300, height: 50))),
        Row(.loading, .resize(width: 320, height: 50), .resize(CGSize(width: 320, height: 50)), "the server's size itself"),
        Row(.loading, .resize(width: 321, height: 50), .ignore(.sizeNotAllowed)),
        Row(.ready, .resize(width: 160, height: 50), .resize(CGSize(width: 160, height: 50))),
        Row(.ready, .resize(width: 320, height: 51), .ignore(.sizeNotAllowed)),
        Row(.onScreen, .resize(width: 300, height: 50), .ignore(.alreadyShown)),
        Row(.ended, .resize(width: 300, height: 50), .ignore(.ended)),
        // Unknown types: ignored everywhere.
        Row(.loading, .unknown(type: "expand-iframe"), .ignore(.unknownType)),
        Row(.ready, .unknown(type: "expand-iframe"), .ignore(.unknownType)),
        Row(.onScreen, .unknown(type: "expand-iframe"), .ignore(.unknownType)),
        Row(.ended, .unknown(type: "expand-iframe"), .ignore(.unknownType)),
    ]

    @Test("each message in each state", arguments: rows)
    func row(_ row: Row) {
        var rules = CreativePageRules(isFullScreenPause: row.fullScreenPause, allowedSize: Self.allowed,
                                      phase: row.phase, speaksBridge: row.speaksBridge)
        #expect(rules.receive(row.message) == row.reaction)
        #expect(rules.phase == row.after)
        if row.message == .hello, row.phase != .ended { #expect(rules.speaksBridge) }
    }

    @Test("the table has every message in every state")
    func tableIsComplete() {
        func kind(_ message: CreativeMessage) -> String {
            switch message {
            case .hello: "hello"
            case .pageLoaded: "pageLoaded"
            case .ready: "ready"
            case .click: "click"
            case .close: "close"
            case .resume: "resume"
            case .error: "error"
            case .resize: "resize"
            case .unknown: "unknown"
            }
        }
        let kinds = ["hello", "pageLoaded", "ready", "click", "close", "resume", "error", "resize", "unknown"]
        let covered = Set(Self.rows.map { "\(kind($0.message)) in \($0.phase)" })
        let missing = kinds.flatMap { kind in Phase.allCases.map { "\(kind) in \($0)" } }.filter { !covered.contains($0) }
        #expect(missing.isEmpty)
        // A tap already used needs an earlier action: `oneActionPerTap` has it.
        #expect(Set(Self.rows.compactMap { if case .ignore(let reason) = $0.reaction { reason } else { nil } })
                == Set(CreativePageIgnoreReason.allCases).subtracting([.tapAlreadyUsed]), "every other reason to ignore has a row")
    }

    @Test("at most one viewer's action per tap, and taps count only forwards")
    func oneActionPerTap() {
        var rules = CreativePageRules(isFullScreenPause: true, allowedSize: Self.allowed, phase: .onScreen)
        #expect(rules.receive(.click(area: .creative, url: nil, tap: 1)) == .event(.click(.creative)))
        #expect(rules.receive(.click(area: .other("again"), url: nil, tap: 1)) == .ignore(.tapAlreadyUsed))
        #expect(rules.receive(.close(tap: 1)) == .ignore(.tapAlreadyUsed), "a close during the same tap")
        #expect(rules.receive(.click(area: .other("cta"), url: nil, tap: 3)) == .event(.click(.other("cta"))))
        #expect(rules.receive(.click(area: .creative, url: nil, tap: 2)) == .ignore(.tapAlreadyUsed), "an older tap")
        #expect(rules.receive(.resume(tap: 4)) == .event(.resume))
        #expect(rules.receive(.click(area: .creative, url: nil, tap: 4)) == .ignore(.tapAlreadyUsed))
        #expect(rules.receive(.click(area: .creative, url: nil, tap: 5)) == .event(.click(.creative)))
        // A viewer's action that was refused does not use its tap.
        var early = CreativePageRules(isFullScreenPause: false, allowedSize: Self.allowed, phase: .ready)
        #expect(early.receive(.click(area: .creative, url: nil, tap: 1)) == .ignore(.notOnScreen))
        early.start()
        #expect(early.receive(.click(area: .creative, url: nil, tap: 1)) == .event(.click(.creative)))
    }

    @Test("a life: loading, ready, on screen, ended — and nothing after")
    func life() {
        var rules = CreativePageRules(isFullScreenPause: false, allowedSize: Self.allowed)
        #expect(rules.phase == .loading)
        rules.start()
        #expect(rules.phase == .loading, "start() before ready changes nothing")
        #expect(rules.receive(.hello) == .sendContext)
        #expect(rules.receive(.pageLoaded) == .ignore(.waitingForReady))
        #expect(rules.receive(.ready) == .ready)
        rules.start()
        #expect(rules.phase == .onScreen)
        rules.stop()
        #expect(rules.phase == .ended)
        rules.start()
        #expect(rules.phase == .ended, "an ended ad never comes back")
    }

    @Test("the page breaking: 502 before ready, 405 once ready or on screen, nothing once ended",
          arguments: [(Phase.loading, CreativePageReaction.failLoad(.nonLinearFetchFailed)),
                      (.ready, .event(.failed(code: .mediaDisplay))), (.onScreen, .event(.failed(code: .mediaDisplay))),
                      (.ended, .ignore(.ended))])
    func pageBroke(phase: Phase, reaction: CreativePageReaction) {
        var rules = CreativePageRules(isFullScreenPause: false, allowedSize: Self.allowed, phase: phase)
        #expect(rules.pageBroke() == reaction)
        #expect(rules.phase == .ended)
    }

    @Test("taps on the SDK's own controls count on screen only; Resume only on a full-screen pause ad")
    func sdkTaps() {
        for phase in Phase.allCases {
            let rules = CreativePageRules(isFullScreenPause: true, allowedSize: Self.allowed, phase: phase)
            let expected: [CreativePageReaction] = phase == .onScreen
                ? [.event(.click(.creative)), .event(.close), .event(.resume)]
                : Array(repeating: .ignore(phase == .ended ? .ended : .notOnScreen), count: 3)
            #expect(CreativePageRules.SDKTap.allCases.map(rules.sdkTap) == expected, "\(phase)")
        }
        let card = CreativePageRules(isFullScreenPause: false, allowedSize: Self.allowed, phase: .onScreen)
        #expect(card.sdkTap(.resume) == .ignore(.notFullScreenPause))
        #expect(card.sdkTap(.creative) == .event(.click(.creative)), "taps need no tap number: they are the viewer's")
    }
}
