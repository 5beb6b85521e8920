import Foundation
import KontextVideoModels
import Testing
@testable import KontextVideoCreatives
import KontextVideoTestSupport
import KontextVideoVAST

/// The Open Measurement event order, table-tested with synthetic moments: what the creatives
/// report today and what the linear playback session will add (buffering, volume, player state).
@Suite("VerificationEventSequencer")
struct VerificationEventSequencerTests {
    typealias Event = VideoAdVerificationEvent

    static let properties = Event.MediaProperties(isSkippable: true, skipOffset: 5, isAutoplay: true, position: .preroll)
    /// A 20-second linear ad, shown full screen.
    static let video = VerificationEventSequencer.Kind.video(properties, declaredDuration: 20)
    static let opening: [Event] = [.sessionStart, .loaded(properties)]
    static let started: [Event] = opening + [.impression, .start(duration: 20, volume: 1), .playerStateChange(.fullscreen)]

    /// One table row: the moments in, the events out.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        var kind: VerificationEventSequencer.Kind = VerificationEventSequencerTests.video
        var volume: Double = 1
        var playerState: Event.PlayerState = .fullscreen
        let moments: [VerificationMoment]
        let expected: [Event]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "a linear ad played to its end",
            moments: [.shown, .firstFrame, .progress(5), .progress(10), .progress(15), .complete, .ended(.completed)],
            expected: started + [.firstQuartile, .midpoint, .thirdQuartile, .complete, .sessionFinish]),
        Row(name: "quartiles a progress tick jumped over come in order",
            moments: [.shown, .firstFrame, .progress(18), .complete, .ended(.completed)],
            expected: started + [.firstQuartile, .midpoint, .thirdQuartile, .complete, .sessionFinish]),
        Row(name: "complete owes the quartiles no tick reached",
            moments: [.shown, .firstFrame, .progress(6), .complete, .ended(.completed)],
            expected: started + [.firstQuartile, .midpoint, .thirdQuartile, .complete, .sessionFinish]),
        Row(name: "the viewer skips: skipped once, then nothing of the media",
            moments: [.shown, .firstFrame, .progress(6), .skip, .skip, .progress(12), .complete, .pause, .click, .ended(.skipped)],
            expected: started + [.firstQuartile, .skipped, .sessionFinish]),
        Row(name: "click-away: the ad ends while playing (destroyed): skipped, then finish",
            moments: [.shown, .firstFrame, .click, .ended(.destroyed)],
            expected: started + [.userInteraction(.click), .skipped, .sessionFinish]),
        Row(name: "interrupted while playing is an early end too",
            moments: [.shown, .firstFrame, .progress(11), .ended(.interrupted)],
            expected: started + [.firstQuartile, .midpoint, .skipped, .sessionFinish]),
        Row(name: "the video fails: one media error, no skipped",
            moments: [.shown, .firstFrame, .failed(.media, message: "405"), .failed(.media, message: "again"), .ended(.failed)],
            expected: started + [.error(.media, message: "405"), .sessionFinish]),
        Row(name: "a failure the creative did not report is a generic error",
            moments: [.shown, .ended(.failed)],
            expected: opening + [.error(.generic, message: "The ad failed before it could play."), .sessionFinish]),
        Row(name: "an ad ended before its first frame finishes without media events",
            moments: [.shown, .progress(10), .ended(.destroyed)],
            expected: opening + [.sessionFinish]),
        Row(name: "the end card: clicks after complete, then closed",
            moments: [.shown, .firstFrame, .complete, .click, .invitationAccepted, .ended(.closed)],
            expected: started + [.firstQuartile, .midpoint, .thirdQuartile, .complete, .userInteraction(.click),
                                 .userInteraction(.invitationAccept), .sessionFinish]),
        Row(name: "nothing before shown, and shown once",
            moments: [.firstFrame, .impression, .progress(10), .ended(.completed), .shown, .shown],
            expected: opening),
        Row(name: "nothing after finish",
            moments: [.shown, .ended(.dismissed), .impression, .firstFrame, .ended(.destroyed), .obstructionsChanged],
            expected: opening + [.sessionFinish]),
        Row(name: "impression once: the facade's after the first frame's changes nothing",
            moments: [.shown, .firstFrame, .impression, .firstFrame, .ended(.completed)],
            expected: started + [.skipped, .sessionFinish]),
        Row(name: "pause and resume alternate, only while playing",
            moments: [.shown, .pause, .firstFrame, .resume, .pause, .pause, .resume, .resume, .complete, .pause, .ended(.completed)],
            expected: started + [.pause, .resume, .firstQuartile, .midpoint, .thirdQuartile, .complete, .sessionFinish]),
        Row(name: "buffering alternates",
            moments: [.shown, .firstFrame, .bufferFinish, .bufferStart, .bufferStart, .bufferFinish, .ended(.skipped)],
            expected: started + [.bufferStart, .bufferFinish, .skipped, .sessionFinish]),
        Row(name: "volume: each change of the player's own volume, once",
            moments: [.shown, .firstFrame, .volume(0.5), .volume(0.5), .volume(0), .volume(0.8), .ended(.skipped)],
            expected: started + [.volumeChange(0.5), .volumeChange(0), .volumeChange(0.8), .skipped, .sessionFinish]),
        Row(name: "a volume set before the start is the start's volume; out of range is clamped",
            moments: [.shown, .volume(3), .volume(0.25), .firstFrame, .volume(-1), .ended(.skipped)],
            expected: opening + [.impression, .start(duration: 20, volume: 0.25), .playerStateChange(.fullscreen), .volumeChange(0), .skipped, .sessionFinish]),
        Row(name: "a player muted before it starts starts at volume 0",
            moments: [.shown, .volume(0), .firstFrame, .volume(1), .ended(.skipped)],
            expected: opening + [.impression, .start(duration: 20, volume: 0), .playerStateChange(.fullscreen), .volumeChange(1), .skipped, .sessionFinish]),
        Row(name: "the player's state: reported when it changes",
            moments: [.shown, .firstFrame, .playerState(.fullscreen), .playerState(.normal), .playerState(.normal), .playerState(.fullscreen), .ended(.skipped)],
            expected: started + [.playerStateChange(.normal), .playerStateChange(.fullscreen), .skipped, .sessionFinish]),
        Row(name: "a player in its normal state says nothing at the start", playerState: .normal,
            moments: [.shown, .firstFrame, .ended(.skipped)],
            expected: opening + [.impression, .start(duration: 20, volume: 1), .skipped, .sessionFinish]),
        Row(name: "the media's own length rules the quartiles and the start",
            moments: [.shown, .mediaLength(8), .firstFrame, .progress(4), .mediaLength(.nan), .progress(6), .ended(.skipped)],
            expected: opening + [.impression, .start(duration: 8, volume: 1), .playerStateChange(.fullscreen), .firstQuartile, .midpoint,
                                 .thirdQuartile, .skipped, .sessionFinish]),
        Row(name: "with no length known, quartiles wait for complete",
            kind: .video(properties, declaredDuration: 0),
            moments: [.shown, .firstFrame, .progress(100), .complete, .ended(.completed)],
            expected: opening + [.impression, .start(duration: 0, volume: 1), .playerStateChange(.fullscreen), .firstQuartile, .midpoint,
                                 .thirdQuartile, .complete, .sessionFinish]),
        Row(name: "the SDK's controls changed", moments: [.shown, .obstructionsChanged, .ended(.completed)],
            expected: opening + [.friendlyObstructionsChanged, .sessionFinish]),
        Row(name: "a display ad: the session, loaded, impression and finish, no media event", kind: .display, playerState: .normal,
            moments: [.shown, .impression, .firstFrame, .progress(10), .pause, .click, .volume(0), .skip, .complete, .impression, .ended(.dismissed)],
            expected: [.sessionStart, .loaded(nil), .impression, .sessionFinish]),
        Row(name: "a display ad that fails on screen logs one generic error", kind: .display, playerState: .normal,
            moments: [.shown, .impression, .failed(.generic, message: "VAST error 405"), .ended(.failed)],
            expected: [.sessionStart, .loaded(nil), .impression, .error(.generic, message: "VAST error 405"), .sessionFinish]),
    ]

    @Test("the events of a sequence of moments", arguments: rows)
    func sequence(_ row: Row) {
        var sequencer = VerificationEventSequencer(kind: row.kind, volume: row.volume, playerState: row.playerState)
        let events = row.moments.flatMap { sequencer.handle($0) }
        #expect(events == row.expected, "\(events.map(\.description))")
    }

    @Test func everyCreativeEventMapsToTheMomentItIs() {
        #expect(VerificationMoment(.firstFrame, format: .linear) == .firstFrame)
        #expect(VerificationMoment(.progress(3), format: .linear) == .progress(3))
        #expect(VerificationMoment(.mediaLength(9), format: .linear) == .mediaLength(9))
        #expect(VerificationMoment(.click(.endCard), format: .linear) == .click)
        #expect(VerificationMoment(.complete, format: .linear) == .complete)
        #expect(VerificationMoment(.skip, format: .linear) == .skip)
        #expect(VerificationMoment(.pause, format: .linear) == .pause)
        #expect(VerificationMoment(.resumePlayback, format: .linear) == .resume)
        #expect(VerificationMoment(.bufferStart, format: .linear) == .bufferStart)
        #expect(VerificationMoment(.bufferFinish, format: .linear) == .bufferFinish)
        #expect(VerificationMoment(.mute, format: .linear) == nil, "the device's volume: the OM SDK measures it")
        #expect(VerificationMoment(.unmute, format: .linear) == nil)
        #expect(VerificationMoment(.failed(code: .mediaFileNotFound), format: .linear) == .failed(.media, message: "The creative failed with VAST error 401."))
        #expect(VerificationMoment(.failed(code: .undefined), format: .overlay) == .failed(.generic, message: "The creative failed with VAST error 900."))
        #expect(VerificationMoment(.endCardShown, format: .linear) == nil)
        #expect(VerificationMoment(.close, format: .pause) == nil)
        #expect(VerificationMoment(.resume, format: .pause) == nil)
    }

    /// Thousands of random moment sequences, each checked against the rules a vendor relies on.
    @Test func randomSequencesKeepTheRules() {
        var generator = SeededGenerator(seed: 0x5EED)
        let pool: [VerificationMoment] = [
            .shown, .impression, .firstFrame, .mediaLength(12), .progress(3), .progress(6), .progress(9), .progress(30), .complete,
            .pause, .resume, .bufferStart, .bufferFinish, .volume(0.3), .volume(0), .playerState(.normal), .playerState(.fullscreen),
            .click, .invitationAccepted, .skip, .failed(.media, message: "x"), .obstructionsChanged, .ended(.skipped), .ended(.failed),
            .ended(.completed),
        ]
        for round in 0..<2000 {
            let kind: VerificationEventSequencer.Kind = round % 4 == 0 ? .display : Self.video
            var sequencer = VerificationEventSequencer(kind: kind, playerState: .fullscreen)
            let moments = (0..<Int(generator.next() % 24)).map { _ in pool[Int(generator.next() % UInt64(pool.count))] }
            let events = moments.flatMap { sequencer.handle($0) }
            let broken = Self.brokenRules(events, display: kind == .display)
            #expect(broken.isEmpty, "round \(round): \(broken) in \(events.map(\.description)) from \(moments)")
        }
    }

    /// The rules `events` breaks: started by sessionStart then loaded, nothing after sessionFinish,
    /// impression at most once, start after the impression, quartiles once each in order after
    /// start, complete after the three, at most one of complete and skipped, no media event for a
    /// display ad.
    private static func brokenRules(_ events: [Event], display: Bool) -> [String] {
        var broken: [String] = []
        if let first = events.first, first != .sessionStart { broken.append("first is not sessionStart") }
        if events.count > 1, case .loaded = events[1] {} else if events.count > 1 { broken.append("loaded is not second") }
        if let finish = events.firstIndex(of: .sessionFinish), finish != events.count - 1 { broken.append("an event after sessionFinish") }
        if events.filter({ $0 == .impression }).count > 1 { broken.append("two impressions") }
        let start = events.firstIndex { if case .start = $0 { true } else { false } }
        if let start, events.firstIndex(of: .impression).map({ $0 > start }) ?? true { broken.append("start before the impression") }
        let quartiles = events.filter { [.firstQuartile, .midpoint, .thirdQuartile].contains($0) }
        if quartiles != Array([Event.firstQuartile, .midpoint, .thirdQuartile].prefix(quartiles.count)) { broken.append("quartiles out of order") }
        if let firstQuartile = events.firstIndex(of: .firstQuartile), start.map({ $0 > firstQuartile }) ?? true { broken.append("a quartile before start") }
        if events.contains(.complete), quartiles.count != 3 { broken.append("complete without the three quartiles") }
        if events.contains(.complete) && events.contains(.skipped) { broken.append("complete and skipped") }
        if display, events.contains(where: \.isMediaEvent) { broken.append("a media event for a display ad") }
        return broken
    }
}

