import Foundation
import Testing
import KontextVideoVAST
import KontextVideoModels
import KontextVideoPresentation
@testable import KontextVideoCreatives

/// What the viewer sees over a linear ad: Skip's countdown, the badge's time left, Resume, ✕,
/// the one VoiceOver announcement, and what the remote's Menu button does.
@Suite("Linear playback session: controls")
struct LinearPlaybackControlsTests {
    static func session(skipAt offset: TimeInterval? = 5, spec: VASTOffset? = nil, duration: TimeInterval? = 15, endCard: Bool = true) -> LinearPlaybackSession {
        let rule = offset.map { SkipControlRule(resolvedOffset: $0, offsetSpec: .seconds($0)) }
            ?? spec.map { SkipControlRule(resolvedOffset: nil, offsetSpec: $0) }
        return LinearPlaybackSession(configuration: .init(skip: rule, declaredDuration: duration, hasEndCard: endCard))
    }

    @Test("Skip counts down in whole seconds of playback, then shows, announced once")
    func countdown() {
        var session = Self.session()
        var announcements = 0
        var seen: [LinearAdControls.Skip] = []
        for input in [LinearPlaybackInput.start(outputVolume: 1, appPublishesNowPlayingInfo: false), .firstFrameRendered]
            + stride(from: 0.25, through: 7, by: 0.25).map(LinearPlaybackInput.position) {
            let actions = session.handle(input, now: .zero)
            announcements += actions.filter { $0 == .announceSkipAvailable }.count
            if seen.last != session.controls.skip { seen.append(session.controls.skip) }
        }
        #expect(seen == [.countdown(seconds: 5), .countdown(seconds: 4), .countdown(seconds: 3), .countdown(seconds: 2),
                         .countdown(seconds: 1), .available])
        #expect(announcements == 1)
        #expect(session.controls.secondsLeft == 8, "15 s ad at 7 s")
        #expect(session.controls.showsAdBadge)
    }

    @Test("the countdown and the time left follow the media's own length once the player knows it")
    func mediaLength() {
        var session = Self.session(skipAt: nil, spec: .percent(50), duration: 20)
        _ = session.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false), now: .zero)
        #expect(session.controls.skip == .hidden, "a percentage offset waits for the media's length")
        #expect(session.controls.secondsLeft == 20, "the declared duration meanwhile")
        _ = session.handle(.mediaLength(12), now: .zero)
        _ = session.handle(.position(2.5), now: .zero)
        #expect(session.controls.skip == .countdown(seconds: 4), "50 % of 12 s, from 2.5 s")
        #expect(session.controls.secondsLeft == 10)
    }

    @Test("no Skip: an ad without an offset, an offset at or past the end")
    func noSkip() {
        for var session in [Self.session(skipAt: nil), Self.session(skipAt: 15), Self.session(skipAt: 30)] {
            _ = session.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false), now: .zero)
            _ = session.handle(.position(14), now: .zero)
            #expect(session.controls.skip == .hidden)
            #expect(session.handle(.skipPressed, now: .zero).isEmpty, "nothing to press")
        }
    }

    @Test("an offset of zero: Skip from the start")
    func skipAtOnce() {
        var session = Self.session(skipAt: 0)
        let actions = session.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false), now: .zero)
        #expect(session.controls.skip == .available)
        #expect(actions.contains(.announceSkipAvailable))
    }

    @Test("Resume shows only while the viewer can end the pause")
    func resume() {
        var session = Self.session()
        _ = session.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false), now: .zero)
        _ = session.handle(.firstFrameRendered, now: .zero)
        _ = session.handle(.signal(.audioInterruptionBegan), now: .zero)
        #expect(!session.controls.showsResume, "during an interruption the audio session is not the app's")
        _ = session.handle(.signal(.audioInterruptionEnded(shouldResume: false)), now: .zero)
        #expect(session.controls.showsResume)
        _ = session.handle(.signal(.applicationActive(false)), now: .zero)
        #expect(!session.controls.showsResume, "in the background nobody can press it")
        _ = session.handle(.signal(.applicationActive(true)), now: .zero)
        #expect(session.controls.showsResume)
        _ = session.handle(.resumePressed, now: .zero)
        #expect(!session.controls.showsResume)
        #expect(session.isPlaying)
    }

    @Test("the end card shows ✕ and nothing else; an ended ad shows nothing")
    func endCard() {
        var session = Self.session(skipAt: 5)
        _ = session.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false), now: .zero)
        _ = session.handle(.reachedEnd, now: .zero)
        #expect(session.controls == LinearAdControls(showsClose: true))
        _ = session.handle(.closePressed, now: .zero)
        #expect(session.controls == .none)
    }

    @Test("the Menu button skips once Skip shows, closes the end card, and does nothing before",
          arguments: [
            (LinearPlaybackSession.Phase.loaded, LinearAdControls.Skip.hidden, LinearPlaybackSession.MenuPress.ignored),
            (.video, .hidden, .ignored),
            (.video, .countdown(seconds: 3), .ignored),
            (.video, .available, .skips),
            (.endCard, .hidden, .closes),
            (.over, .hidden, .ignored),
          ])
    func menu(phase: LinearPlaybackSession.Phase, skip: LinearAdControls.Skip, expected: LinearPlaybackSession.MenuPress) {
        #expect(LinearPlaybackSession.menuPress(phase: phase, controls: LinearAdControls(skip: skip)) == expected)
    }

    @Test("a pause before the first frame is reported right after it, so its resume has a pause")
    func pauseBeforeFirstFrame() {
        var session = Self.session()
        _ = session.handle(.start(outputVolume: 1, appPublishesNowPlayingInfo: false), now: .zero)
        #expect(session.handle(.signal(.applicationActive(false)), now: .zero) == [.pause, .cancelStallCheck], "no pixel before the first frame")
        let first = session.handle(.firstFrameRendered, now: .zero)
        #expect(first.contains(.report(.firstFrame)) && first.contains(.report(.pause)))
        #expect(session.handle(.signal(.applicationActive(true)), now: .seconds(3)).contains(.report(.resumePlayback)))
    }

    @Test("mute and unmute are measured from the volume at start")
    func muteBaseline() {
        var session = Self.session()
        _ = session.handle(.start(outputVolume: 0, appPublishesNowPlayingInfo: false), now: .zero)
        _ = session.handle(.firstFrameRendered, now: .zero)
        #expect(session.handle(.signal(.outputVolume(0)), now: .zero).isEmpty, "still silent")
        #expect(session.handle(.signal(.outputVolume(0.4)), now: .zero).contains(.report(.unmute)))
        #expect(!session.handle(.signal(.outputVolume(0.8)), now: .zero).contains(.report(.unmute)), "louder is no change")
        #expect(session.handle(.signal(.outputVolume(0)), now: .zero).contains(.report(.mute)))
    }
}
