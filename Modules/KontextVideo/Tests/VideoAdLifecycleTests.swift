import Foundation
import Testing
import KontextVideoVAST
import KontextVideoCreatives
import KontextVideoJournal
import KontextVideoNetworking
@testable import KontextVideo

/// Every input of `VideoAdLifecycle` in every phase it can meet it in, for each kind of ad (a
/// linear ad, an overlay, a full-screen pause ad): the table lists, per input, the states where it
/// changes something and what; in every other state the input must change nothing (same phase, no
/// action, nothing thrown).
@Suite("VideoAd lifecycle: every input in every phase")
struct VideoAdLifecycleTableTests {
    typealias Lifecycle = VideoAdLifecycle
    typealias Action = VideoAdLifecycle.Action

    /// When every ad of the table expires.
    static let expiresAt = Duration.seconds(600)
    /// The VAST code of the creative failures the table sends (405).
    static let failureCode = VASTErrorCode.mediaDisplay

    /// The kinds of ad whose lifecycles differ.
    enum Kind: String, CaseIterable, CustomStringConvertible {
        case linear, overlay, fullScreenPause

        var description: String { rawValue }

        func makeLifecycle() -> Lifecycle {
            switch self {
            case .linear: Lifecycle(format: .linear, expiresAt: expiresAt, endsOnResume: false)
            case .overlay: Lifecycle(format: .overlay, expiresAt: expiresAt, endsOnResume: false)
            case .fullScreenPause: Lifecycle(format: .pause, expiresAt: expiresAt, endsOnResume: true)
            }
        }

        /// Whether the creative goes with the surface (an overlay's or pause ad's) or stays until
        /// a linear ad's dismissal finished.
        var releasesAtTakeDown: Bool { self != .linear }
    }

    /// The states, each reached by its inputs from an arrived ad.
    enum State: String, CaseIterable, CustomStringConvertible {
        case held, loading, loaded, expired, rejectedLoaded
        case onScreen, impressed, completed, ending, endingOnNextTurn, ended, abandoned

        var description: String { rawValue }

        var inputs: [Lifecycle.Input] {
            let loaded: [Lifecycle.Input] = [.loadStarted, .loaded]
            switch self {
            case .held: return []
            case .loading: return [.loadStarted]
            case .loaded: return loaded
            case .expired: return [.expiryCheck(now: expiresAt)]
            case .rejectedLoaded: return loaded + [.reject(.notUsed)]
            case .onScreen: return loaded + [.show]
            case .impressed: return loaded + [.show, .impression]
            case .completed: return loaded + [.show, .creative(.complete, hasEndCard: true)]
            case .ending: return loaded + [.show, .end(.dismissed)]
            case .endingOnNextTurn: return loaded + [.show, .interruptedDuringLayout]
            case .ended: return loaded + [.show, .end(.dismissed), .takenDown]
            case .abandoned: return loaded + [.show, .abandon]
            }
        }

        /// Arrived, not shown, not invalidated.
        static let unshown: [State] = [.held, .loading, .loaded]
        /// Shown and not ending: the creative's reports reach the app.
        static let live: [State] = [.onScreen, .impressed, .completed]

        /// The phase of a live state, with its impression and completion.
        var impressed: Bool { self == .impressed }
        var completed: Bool { self == .completed }
    }

    /// What an input did.
    struct Effect: Equatable, CustomStringConvertible {
        /// The phase after; `nil`: unchanged.
        var phase: Lifecycle.Phase?
        var actions: [Action] = []
        var thrown: VideoAdError?

        var description: String {
            "phase \(phase.map { "\($0)" } ?? "same"), actions \(actions), thrown \(thrown.map { "\($0)" } ?? "-")"
        }
    }

    /// One row: an input, and its effect per kind of ad in the states where it has one.
    struct Row: CustomStringConvertible, Sendable {
        let input: Lifecycle.Input
        let effect: @Sendable (Kind, State) -> Effect?
        var description: String { "\(input)" }
    }

    /// The actions that end an unshown ad for `reason`, settling a load under way in `state`.
    static func invalidating(_ reason: VideoAdInvalidationReason, in state: State) -> [Action] {
        let settling: [Action] = state == .loading ? [.settleLoad(reason == .destroyed ? .destroyed : .invalidated(reason))] : []
        return [.releaseRenderer, .cancelExpiry, .forget, .recordInvalidation(reason)] + settling
    }

    /// An ad on screen ends for `reason`: `didEnd` waits for the surface to come down.
    static func ending(_ reason: VideoAdEndReason, _ kind: Kind, _ state: State, after first: [Action] = []) -> Effect {
        Effect(
            phase: .ending(reason, completed: state.completed),
            actions: first + [.measureEnd(reason), .takeDown(reason, releasingRenderer: kind.releasesAtTakeDown)])
    }

    /// An ad on screen fails with `error`: `didFail` first, then it ends as `.failed`.
    static func failing(_ error: VideoAdError, _ kind: Kind, _ state: State, after first: [Action] = []) -> Effect {
        var send: [Action] = []
        if case .creativeFailed(let code) = error { send = [.send(.vastError(code: code))] }
        return ending(.failed, kind, state, after: first + send + [.deliver(.fail(error))])
    }

    /// The effect in `state` when it is live, else none.
    static func live(_ state: State, _ effect: () -> Effect) -> Effect? {
        State.live.contains(state) ? effect() : nil
    }

    /// The impression counted in a live state not yet impressed.
    static func impression(_ state: State, after first: [Action] = []) -> Effect? {
        guard State.live.contains(state) else { return nil }
        guard !state.impressed else { return first.isEmpty ? nil : Effect(actions: first) }
        return Effect(
            phase: .onScreen(impressed: true, completed: state.completed),
            actions: first + [.measureImpression, .send(.impression), .deliver(.impression)])
    }

    static let rows: [Row] = {
        let code = failureCode.rawValue
        var rows: [Row] = []
        rows.append(Row(input: .expiryCheck(now: expiresAt - .seconds(1))) { _, _ in nil })
        rows.append(Row(input: .expiryCheck(now: expiresAt)) { _, state in
            guard State.unshown.contains(state) else { return nil }
            return Effect(
                phase: .invalidated(.expired, wasLoaded: state == .loaded),
                actions: [.send(.expired)] + invalidating(.expired, in: state))
        })
        rows.append(Row(input: .reject(.notUsed)) { _, state in
            switch state {
            case .held, .loading, .loaded:
                return Effect(
                    phase: .invalidated(.rejected, wasLoaded: state == .loaded),
                    actions: [.markUsed, .send(.reject(.notUsed)), .trackingNotUsed] + invalidating(.rejected, in: state))
            case .expired: return Effect(thrown: .invalidated(.expired))
            case .rejectedLoaded: return Effect(thrown: .invalidated(.rejected))
            case .onScreen, .impressed, .completed, .ending, .endingOnNextTurn, .ended, .abandoned: return Effect(thrown: .alreadyShown)
            }
        })
        rows.append(Row(input: .loadStarted) { _, state in state == .held ? Effect(phase: .loading) : nil })
        rows.append(Row(input: .loaded) { _, state in state == .loading ? Effect(phase: .loaded, actions: [.settleLoad(nil)]) : nil })
        rows.append(Row(input: .loadFailed(code: code)) { _, state in
            guard state == .loading else { return nil }
            return Effect(
                phase: .invalidated(.creativeFailed(code: code), wasLoaded: false),
                actions: [.settleLoad(.creativeFailed(code: code)), .releaseRenderer, .cancelExpiry, .forget,
                          .recordInvalidation(.creativeFailed(code: code)), .send(.vastError(code: code))])
        })
        rows.append(Row(input: .show) { _, state in
            state == .loaded ? Effect(phase: .onScreen(impressed: false, completed: false), actions: [.cancelExpiry, .markUsed, .takeSlot]) : nil
        })
        rows.append(Row(input: .impression) { _, state in impression(state) })
        rows.append(Row(input: .creative(.firstFrame, hasEndCard: false)) { _, state in
            impression(state, after: [.measure(.firstFrame)])
        })
        rows.append(Row(input: .creative(.click(.creative), hasEndCard: false)) { _, state in
            live(state) { Effect(actions: [.measure(.click(.creative)), .send(.click(.creative)), .openClick(.creative, url: nil)]) }
        })
        for hasEndCard in [false, true] {
            rows.append(Row(input: .creative(.complete, hasEndCard: hasEndCard)) { kind, state in
                guard State.live.contains(state) else { return nil }
                if kind == .linear, !hasEndCard {
                    return Effect(
                        phase: .ending(.completed, completed: true),
                        actions: [.measure(.complete), .measureEnd(.completed), .takeDown(.completed, releasingRenderer: false)])
                }
                let after = Lifecycle.Phase.onScreen(impressed: state.impressed, completed: true)
                return Effect(phase: state.completed ? nil : after, actions: [.measure(.complete)])
            })
        }
        rows.append(Row(input: .creative(.skip, hasEndCard: false)) { kind, state in
            live(state) {
                kind == .linear && !state.completed ? ending(.skipped, kind, state, after: [.measure(.skip)]) : Effect(actions: [.measure(.skip)])
            }
        })
        rows.append(Row(input: .creative(.close, hasEndCard: false)) { kind, state in
            live(state) { ending(.closed, kind, state, after: [.measure(.close)]) }
        })
        rows.append(Row(input: .creative(.resume, hasEndCard: false)) { kind, state in
            live(state) {
                kind == .fullScreenPause ? ending(.resumed, kind, state, after: [.measure(.resume)]) : Effect(actions: [.measure(.resume)])
            }
        })
        rows.append(Row(input: .creative(.failed(code: failureCode), hasEndCard: false)) { kind, state in
            switch state {
            case .loading:
                return Effect(
                    phase: .invalidated(.creativeFailed(code: code), wasLoaded: false),
                    actions: [.settleLoad(.creativeFailed(code: code)), .releaseRenderer, .cancelExpiry, .forget,
                              .recordInvalidation(.creativeFailed(code: code)), .send(.vastError(code: code))])
            case .loaded:
                // A loaded creative that fails before show() invalidates the ad.
                return Effect(
                    phase: .invalidated(.creativeFailed(code: code), wasLoaded: true),
                    actions: [.send(.vastError(code: code))] + invalidating(.creativeFailed(code: code), in: state))
            case .onScreen, .impressed, .completed:
                return failing(.creativeFailed(code: code), kind, state, after: [.measure(.failed(code: failureCode))])
            case .held, .expired, .rejectedLoaded, .ending, .endingOnNextTurn, .ended, .abandoned:
                return nil
            }
        })
        // An icon click opens the icon's target and sends no server click (it is no ad click).
        rows.append(Row(input: .creative(.iconClick(0), hasEndCard: false)) { _, state in
            live(state) { Effect(actions: [.measure(.iconClick(0)), .openIconClick(0)]) }
        })
        rows.append(Row(input: .creative(.progress(3), hasEndCard: false)) { _, state in
            live(state) { Effect(actions: [.measure(.progress(3))]) }
        })
        rows.append(Row(input: .overlayCompleted) { kind, state in
            live(state) {
                Effect(
                    phase: .ending(.completed, completed: true),
                    actions: [.measureEnd(.completed), .takeDown(.completed, releasingRenderer: kind.releasesAtTakeDown)])
            }
        })
        rows.append(Row(input: .end(.interrupted)) { kind, state in live(state) { ending(.interrupted, kind, state) } })
        rows.append(Row(input: .interruptedDuringLayout) { _, state in
            live(state) { Effect(phase: .endingOnNextTurn(.interrupted, completed: state.completed), actions: [.continueOnNextTurn]) }
        })
        // Only an end found during layout waits for the next turn (`VideoAdLifecycleLayoutEndTests`).
        rows.append(Row(input: .nextTurn) { kind, state in
            guard state == .endingOnNextTurn else { return nil }
            return Effect(
                phase: .ending(.interrupted, completed: false),
                actions: [.measureEnd(.interrupted), .takeDown(.interrupted, releasingRenderer: kind.releasesAtTakeDown)])
        })
        rows.append(Row(input: .fail(.presenterUnavailable)) { kind, state in
            live(state) { failing(.presenterUnavailable, kind, state) }
        })
        rows.append(Row(input: .takenDown) { kind, state in
            guard state == .ending else { return nil }
            let release: [Action] = kind == .linear ? [.releaseRenderer] : []
            return Effect(
                phase: .ended(.dismissed, completed: false),
                actions: release + [.leaveSlot, .forget, .send(.ended(.dismissed, completed: false)), .deliver(.end(.dismissed, completed: false))])
        })
        rows.append(Row(input: .clickThrough(.opened(.outsideApp))) { _, state in
            live(state) { Effect(actions: [.signalCreative(.clickThroughOpened(.outsideApp))]) }
        })
        rows.append(Row(input: .clickThrough(.closed)) { _, state in
            live(state) { Effect(actions: [.signalCreative(.clickThroughClosed)]) }
        })
        rows.append(Row(input: .ownerDestroyed) { kind, state in
            if State.unshown.contains(state) {
                return Effect(
                    phase: .invalidated(.destroyed, wasLoaded: state == .loaded),
                    actions: [.send(.dropped), .trackingNotUsed] + invalidating(.destroyed, in: state))
            }
            if state == .endingOnNextTurn {
                // Inside destroy(), at once: didEnd is synchronous there, with the reason found first.
                return Effect(
                    phase: .ending(.interrupted, completed: false),
                    actions: [.measureEnd(.interrupted), .takeDown(.interrupted, releasingRenderer: kind.releasesAtTakeDown)])
            }
            return live(state) { ending(.destroyed, kind, state) }
        })
        rows.append(Row(input: .abandon) { _, state in
            guard State.live.contains(state) || state == .ending || state == .endingOnNextTurn else { return nil }
            return Effect(phase: .ended(nil, completed: state.completed), actions: [.abandonWork])
        })
        return rows
    }()

    @Test("the table covers every kind of input")
    func everyInputHasARow() {
        let kinds = Set(Self.rows.map { InputKind($0.input) })
        #expect(kinds == Set(InputKind.allCases), "missing: \(Set(InputKind.allCases).subtracting(kinds))")
    }

    @Test("every input in every phase", arguments: rows.indices)
    func input(_ index: Int) {
        let row = Self.rows[index]
        for kind in Kind.allCases {
            for state in State.allCases {
                var lifecycle = kind.makeLifecycle()
                for input in state.inputs { _ = try? lifecycle.handle(input) }
                let before = lifecycle.phase
                var seen = Effect()
                do {
                    seen.actions = try lifecycle.handle(row.input)
                } catch {
                    seen.thrown = error
                }
                seen.phase = lifecycle.phase == before ? nil : lifecycle.phase
                #expect(seen == (row.effect(kind, state) ?? Effect()), "\(row) in \(state), \(kind)")
            }
        }
    }

    @Test("each state is the phase its inputs lead to")
    func statesReachTheirPhases() throws {
        let expected: [State: Lifecycle.Phase] = [
            .held: .held, .loading: .loading, .loaded: .loaded,
            .expired: .invalidated(.expired, wasLoaded: false), .rejectedLoaded: .invalidated(.rejected, wasLoaded: true),
            .onScreen: .onScreen(impressed: false, completed: false), .impressed: .onScreen(impressed: true, completed: false),
            .completed: .onScreen(impressed: false, completed: true), .ending: .ending(.dismissed, completed: false),
            .endingOnNextTurn: .endingOnNextTurn(.interrupted, completed: false),
            .ended: .ended(.dismissed, completed: false), .abandoned: .ended(nil, completed: false),
        ]
        for state in State.allCases {
            var lifecycle = Kind.linear.makeLifecycle()
            for input in state.inputs { _ = try lifecycle.handle(input) }
            #expect(lifecycle.phase == expected[state], "\(state)")
        }
    }

    /// The public flags, per phase: `isLoaded`, `wasShown`, `hasEnded`, `isCompleted`,
    /// `invalidationReason`, and whether `format()` may hand the ad out again.
    @Test("the public flags are views of the phase")
    func flags() throws {
        struct Flags: Equatable {
            var loaded = false, shown = false, ended = false, completed = false
            var invalidation: VideoAdInvalidationReason?
            var heldValid = false
        }
        let expected: [State: Flags] = [
            .held: Flags(heldValid: true),
            .loading: Flags(heldValid: true),
            .loaded: Flags(loaded: true, heldValid: true),
            .expired: Flags(invalidation: .expired),
            .rejectedLoaded: Flags(loaded: true, invalidation: .rejected),
            .onScreen: Flags(loaded: true, shown: true),
            .impressed: Flags(loaded: true, shown: true),
            .completed: Flags(loaded: true, shown: true, completed: true),
            .ending: Flags(loaded: true, shown: true, ended: true),
            .endingOnNextTurn: Flags(loaded: true, shown: true, ended: true),
            .ended: Flags(loaded: true, shown: true, ended: true),
            .abandoned: Flags(loaded: true, shown: true, ended: true),
        ]
        for state in State.allCases {
            var lifecycle = Kind.overlay.makeLifecycle()
            for input in state.inputs { _ = try lifecycle.handle(input) }
            let seen = Flags(
                loaded: lifecycle.isLoaded, shown: lifecycle.wasShown, ended: lifecycle.hasEnded, completed: lifecycle.isCompleted,
                invalidation: lifecycle.invalidationReason, heldValid: lifecycle.isHeldValid)
            #expect(seen == expected[state], "\(state)")
        }
    }

    /// Every kind of input: the cases of `VideoAdLifecycle.Input`, each creative event counted
    /// as its own. `init(_:)` switches over both enums with no `default`, so a new input fails to
    /// compile here until it has a kind, and a kind without a row fails `everyInputHasARow`.
    enum InputKind: CaseIterable, Hashable {
        case expiryCheck, reject, loadStarted, loaded, loadFailed, show, impression
        case firstFrame, click, iconClick, complete, skip, close, resume, failed, progressAndTheLike
        case overlayCompleted, end, interruptedDuringLayout, nextTurn, fail, takenDown, clickThroughOpened, clickThroughClosed
        case ownerDestroyed, abandon

        /// The kind of `input`.
        init(_ input: VideoAdLifecycle.Input) {
            switch input {
            case .expiryCheck: self = .expiryCheck
            case .reject: self = .reject
            case .loadStarted: self = .loadStarted
            case .loaded: self = .loaded
            case .loadFailed: self = .loadFailed
            case .show: self = .show
            case .impression: self = .impression
            case .overlayCompleted: self = .overlayCompleted
            case .end: self = .end
            case .interruptedDuringLayout: self = .interruptedDuringLayout
            case .nextTurn: self = .nextTurn
            case .fail: self = .fail
            case .takenDown: self = .takenDown
            case .clickThrough(.opened): self = .clickThroughOpened
            case .clickThrough(.closed): self = .clickThroughClosed
            case .ownerDestroyed: self = .ownerDestroyed
            case .abandon: self = .abandon
            case .creative(let event, _):
                switch event {
                case .firstFrame: self = .firstFrame
                case .click: self = .click
                case .iconClick: self = .iconClick
                case .complete: self = .complete
                case .skip: self = .skip
                case .close: self = .close
                case .resume: self = .resume
                case .failed: self = .failed
                // Measured on screen, changing nothing else: one row stands for them all.
                case .progress, .mediaLength, .pause, .resumePlayback, .bufferStart, .bufferFinish, .mute, .unmute, .endCardShown, .iconShown:
                    self = .progressAndTheLike
                }
            }
        }
    }
}

/// The one function that makes an ad's server events: every moment is stamped with the ad's id,
/// its format, the playhead and the time given, and carries its type's details.
@Suite("VideoAd server events: one builder")
struct AdServerMomentTests {
    @Test("every moment becomes its event, stamped once", arguments: [
        (AdServerMoment.impression, ServerEventType.impression, [String: JSONValue]()),
        (.click(.endCard), .click, ["area": .string("end_card")]),
        (.ended(.closed, completed: true), .ended, ["reason": .string("closed"), "completed": .bool(true)]),
        (.reject(.notUsed), .reject, ["reason": .string("not_used")]),
        (.expired, .expired, [:]),
        (.dropped, .dropped, [:]),
        (.vastError(code: 405), .vastError, ["code": .integer(405)]),
    ])
    func stamped(moment: AdServerMoment, type: ServerEventType, data: [String: JSONValue]) {
        let timestamp = Date(timeIntervalSince1970: 1_800_000_000)
        let event = moment.serverEvent(adId: "ad-7", format: .linear, playhead: 42.5, at: timestamp)
        #expect(event == ServerEvent(type: type, adId: "ad-7", format: .linear, timestamp: timestamp, playhead: 42.5, data: data))
    }
}

/// An end found during the host's layout pass: the ad is ending at once, and its surface comes
/// down (then `didEnd`) only when the next main-actor turn is fed in.
@Suite("VideoAd lifecycle: an end found during layout waits for the next turn")
struct VideoAdLifecycleLayoutEndTests {
    typealias Lifecycle = VideoAdLifecycle

    /// An ad of `format` on screen.
    private func onScreen(_ format: AdFormat) -> Lifecycle {
        var lifecycle = Lifecycle(format: format, expiresAt: .seconds(600), endsOnResume: false)
        for input: Lifecycle.Input in [.loadStarted, .loaded, .show] { _ = lifecycle.take(input) }
        return lifecycle
    }

    @Test("the take-down and didEnd come with the next turn, once", arguments: [AdFormat.overlay, .pause, .linear])
    func nextTurnTakesDown(format: AdFormat) {
        var lifecycle = onScreen(format)
        #expect(lifecycle.take(.interruptedDuringLayout) == [.continueOnNextTurn])
        #expect(lifecycle.hasEnded, "ending from the layout pass on")
        #expect(lifecycle.take(.end(.dismissed)).isEmpty, "a second end in the same pass changes nothing")
        #expect(lifecycle.take(.interruptedDuringLayout).isEmpty)
        #expect(lifecycle.take(.nextTurn) == [.measureEnd(.interrupted), .takeDown(.interrupted, releasingRenderer: format != .linear)])
        #expect(lifecycle.take(.nextTurn).isEmpty, "once")
        let ended = lifecycle.take(.takenDown)
        #expect(ended.contains(.deliver(.end(.interrupted, completed: false))))
        #expect(lifecycle.phase == .ended(.interrupted, completed: false))
    }

    @Test("an ad abandoned before the next turn stays silent")
    func abandonedBeforeTheNextTurn() {
        var lifecycle = onScreen(.overlay)
        _ = lifecycle.take(.interruptedDuringLayout)
        #expect(lifecycle.take(.abandon) == [.abandonWork])
        #expect(lifecycle.take(.nextTurn).isEmpty)
    }

    @Test("an end that did not come from layout does not wait")
    func otherEndsDoNotWait() {
        var lifecycle = onScreen(.overlay)
        #expect(lifecycle.take(.end(.interrupted)) == [.measureEnd(.interrupted), .takeDown(.interrupted, releasingRenderer: true)])
        #expect(lifecycle.take(.nextTurn).isEmpty)
    }
}
