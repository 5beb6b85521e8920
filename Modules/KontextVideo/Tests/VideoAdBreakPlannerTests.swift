import Foundation
import Testing
import KontextVideo
import KontextVideoTesting
import KontextVideoTestSupport

/// `VideoAdBreakPlanner` on the sandbox, headless: a `HeadlessPlayer` on the harness's clock, the
/// planner requesting, loading and showing real linear ads through the public API.
@Suite("Break planner on the sandbox")
@MainActor
struct VideoAdBreakPlannerTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    /// The planner's events as lines (`due mid-roll at 60.0 s (cue point 1)`), collected as they come.
    @MainActor
    final class EventLog {
        private(set) var lines: [String] = []
        private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        init(_ events: AsyncStream<VideoAdBreakPlanner.Event>) {
            Task { [weak self] in
                for await event in events { self?.append(VideoAdBreakPlannerTests.line(event)) }
                self?.append("finished")
            }
        }

        private func append(_ line: String) {
            lines.append(line)
            let ready = waiters.filter { $0.count <= lines.count }
            waiters.removeAll { $0.count <= lines.count }
            for waiter in ready { waiter.continuation.resume() }
        }

        /// Waits, without moving the clock, until `count` lines came: for what the network brings.
        func waitFor(_ count: Int) async {
            guard lines.count < count else { return }
            await withCheckedContinuation { waiters.append((count, $0)) }
        }
    }

    /// Moves the clock a quarter second at a time until the log has `count` lines: for what the
    /// planner's reads of the player bring (they need not fall on the test's quarter seconds).
    private func advance(_ harness: KontextVideoHarness, untilLines count: Int, in log: EventLog) async {
        var moved = Duration.zero
        while log.lines.count < count, moved < .seconds(60) {
            await harness.advance(by: .milliseconds(250))
            moved += .milliseconds(250)
        }
    }

    /// The log's line at `index`, or `nil` when it has not come (yet).
    private func line(_ index: Int, of log: EventLog) -> String? {
        log.lines.indices.contains(index) ? log.lines[index] : nil
    }

    static func line(_ event: VideoAdBreakPlanner.Event) -> String {
        switch event {
        case .prefetchStarted(let item): "prefetch \(item)"
        case .adReady(let item, _): "ready \(item)"
        case .breakDue(let item, _): "due \(item)"
        case .breakEnded(let item): "ended \(item)"
        case .breakSkipped(let item, let reason): "skipped \(item): \(reason)"
        case .lateAdRejected(let item): "rejected \(item)"
        }
    }

    /// Moves the clock a quarter second at a time until `condition` holds, at most `limit`.
    private func advance(_ harness: KontextVideoHarness, until condition: () -> Bool, limit: Duration = .seconds(300)) async {
        var moved = Duration.zero
        while !condition(), moved < limit {
            await harness.advance(by: .milliseconds(250))
            moved += .milliseconds(250)
        }
    }

    @Test func aPreRollAndTwoMidRollsPlayEachAdReadyAtItsCue() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let player = harness.makePlayer(isPlaying: false)
            ads.track(player)
            let planner = VideoAdBreakPlanner(ads: ads, configuration: .init(
                cuePoints: [.start, .seconds(60), .seconds(120)], prefetchLead: 10))
            let log = EventLog(planner.events)
            var started = false
            let starting = Task { @MainActor in
                await planner.start()
                started = true
            }

            let pre = "pre-roll at 0.0 s (cue point 0)"
            await log.waitFor(3)
            #expect(log.lines == ["prefetch \(pre)", "ready \(pre)", "due \(pre)"])
            #expect(!started, "the content waits for the pre-roll")
            let preRoll = try #require(harness.creatives.all.last)
            #expect(preRoll.isOnScreen)
            preRoll.complete()
            await advance(harness, until: { started }, limit: .seconds(60))
            await starting.value
            await log.waitFor(4)
            #expect(line(3, of: log) == "ended \(pre)")
            player.play()

            for (index, cue) in [(1, 60.0), (2, 120.0)] {
                let name = "mid-roll at \(cue) s (cue point \(index))"
                let before = log.lines.count
                await advance(harness, untilLines: before + 1, in: log)
                // Read by position, not as the last line: the answer (and its "ready") may already
                // have come over loopback by the time this line runs.
                #expect(line(before, of: log) == "prefetch \(name)")
                #expect(player.currentTime >= cue - 10.5 && player.currentTime < cue - 9)
                await log.waitFor(before + 2)
                #expect(line(before + 1, of: log) == "ready \(name)")
                #expect(player.currentTime < cue, "ready before the cue")
                await advance(harness, untilLines: before + 3, in: log)
                #expect(line(before + 2, of: log) == "due \(name)")
                #expect(player.currentTime >= cue && player.currentTime < cue + 1)
                player.pause()
                let creative = try #require(harness.creatives.all.last)
                #expect(creative.isOnScreen)
                creative.complete()
                await advance(harness, untilLines: before + 4, in: log)
                #expect(line(before + 3, of: log) == "ended \(name)")
                player.play()
            }
            #expect(harness.creatives.all.allSatisfy { !$0.isOnScreen })
            await planner.contentDidEnd()
            planner.stop()
            await log.waitFor(13)
            #expect(log.lines.count == 13 && log.lines.last == "finished", "3 + 1 for the pre-roll, 4 per mid-roll, the end")
        }
    }

    @Test func aLatePreRollIsSkippedAtTheTimeOutAndRejectedNeverShown() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            await harness.initialize()
            let gate = server.hold(.ad(), for: .linear)
            let ads = VideoAds(content: content)
            let player = harness.makePlayer(isPlaying: false)
            ads.track(player)
            let planner = VideoAdBreakPlanner(ads: ads, configuration: .init(cuePoints: [.start], preRollTimeout: 5))
            let log = EventLog(planner.events)
            var started = false
            let starting = Task { @MainActor in
                await planner.start()
                started = true
            }
            let pre = "pre-roll at 0.0 s (cue point 0)"
            await log.waitFor(1)
            #expect(log.lines == ["prefetch \(pre)"])
            try await gate.waitUntilHeld()
            await advance(harness, until: { started }, limit: .seconds(30))
            await starting.value
            await log.waitFor(2)
            #expect(log.lines == ["prefetch \(pre)", "skipped \(pre): timedOut"])
            player.play()
            gate.release()
            await log.waitFor(4)
            #expect(log.lines.suffix(2) == ["ready \(pre)", "rejected \(pre)"])
            let late = try await ads.format(.linear)
            #expect(late.invalidationReason == nil, "a new ad: the late one was rejected")
            #expect(harness.creatives.all.allSatisfy { !$0.isOnScreen }, "never shown over the content")
            planner.stop()
        }
    }

    @Test func withoutCuePointsStartReturnsAtOnceAndNothingIsRequested() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            await harness.initialize()
            let ads = VideoAds(content: content)
            ads.track(harness.makePlayer())
            let planner = VideoAdBreakPlanner(ads: ads, configuration: .init(cuePoints: []))
            await planner.start()
            await harness.advance(by: .seconds(30))
            #expect(server.servedAds.isEmpty)
            planner.stop()
        }
    }

    @Test func vmapCuePointsAreTheDocumentsLinearBreaks() throws {
        let vmap = #"""
            <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
              <vmap:AdBreak timeOffset="start" breakType="linear"/>
              <vmap:AdBreak timeOffset="00:10:00.500" breakType="linear" repeatAfter="00:15:00"/>
              <vmap:AdBreak timeOffset="50%" breakType="linear"/>
              <vmap:AdBreak timeOffset="#2" breakType="linear"/>
              <vmap:AdBreak timeOffset="00:05:00" breakType="nonlinear"/>
              <vmap:AdBreak timeOffset="end" breakType="linear"/>
            </vmap:VMAP>
            """#
        #expect(try VideoAdBreakPlanner.cuePoints(fromVMAP: Data(vmap.utf8)) == [.start, .every(900, first: 600.5), .percent(50), .end])
        #expect(throws: VideoAdBreakPlanner.VMAPError.self) { try VideoAdBreakPlanner.cuePoints(fromVMAP: Data("<VAST/>".utf8)) }
        do {
            _ = try VideoAdBreakPlanner.cuePoints(fromVMAP: Data("<!DOCTYPE x><x/>".utf8))
            Issue.record("a DTD was accepted")
        } catch {
            #expect(error.code == 1002)
        }
    }
}
