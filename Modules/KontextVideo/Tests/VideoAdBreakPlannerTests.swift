import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// `VideoAdBreakPlanner` on the sandbox, headless: a `HeadlessPlayer` on the harness's clock, the
/// planner requesting, loading and showing real linear ads through the public API.
@Suite("Break planner on the sandbox")
@MainActor
struct VideoAdBreakPlannerTests {
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    /// The next event, as a line: `due mid-roll at 60.0 s (cue point 1)`.
    private func next(_ events: inout AsyncStream<VideoAdBreakPlanner.Event>.Iterator) async -> String {
        guard let event = await events.next(isolation: #isolation) else { return "finished" }
        return Self.line(event)
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

    /// Moves the clock a quarter second at a time until `condition` holds (the planner reads the
    /// player four times a second), at most `limit` of content.
    private func advance(_ harness: KontextVideoHarness, until condition: () -> Bool, limit: Duration = .seconds(300)) async {
        var moved = Duration.zero
        while !condition(), moved < limit {
            await harness.advance(by: .milliseconds(250))
            moved += .milliseconds(250)
        }
        // One more read of the player: the planner's reads need not fall on the same quarter seconds.
        await harness.advance(by: .milliseconds(250))
    }

    @Test func aPreRollAndTwoMidRollsPlayEachAdReadyAtItsCue() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: content)
            let player = harness.makePlayer(isPlaying: false)
            ads.track(player)
            let planner = VideoAdBreakPlanner(ads: ads, configuration: .init(
                cuePoints: [.start, .seconds(60), .seconds(120)], prefetchLead: 10))
            var events = planner.events.makeAsyncIterator()
            var started = false
            let starting = Task { @MainActor in
                await planner.start()
                started = true
            }

            #expect(await next(&events) == "prefetch pre-roll at 0.0 s (cue point 0)")
            #expect(await next(&events) == "ready pre-roll at 0.0 s (cue point 0)")
            #expect(await next(&events) == "due pre-roll at 0.0 s (cue point 0)")
            #expect(!started, "the content waits for the pre-roll")
            let preRoll = try #require(harness.creatives.all.last)
            #expect(preRoll.isOnScreen)
            preRoll.complete()
            await advance(harness, until: { started })
            await starting.value
            #expect(await next(&events) == "ended pre-roll at 0.0 s (cue point 0)")
            player.play()

            for (index, cue) in [(1, 60.0), (2, 120.0)] {
                let name = "mid-roll at \(cue) s (cue point \(index))"
                await advance(harness, until: { player.currentTime >= cue - 10 })
                #expect(await next(&events) == "prefetch \(name)")
                #expect(await next(&events) == "ready \(name)")
                #expect(player.currentTime < cue, "ready before the cue")
                await advance(harness, until: { player.currentTime >= cue + 0.25 })
                #expect(await next(&events) == "due \(name)")
                player.pause()
                let creative = try #require(harness.creatives.all.last)
                #expect(creative.isOnScreen)
                creative.complete()
                await harness.advance(by: .milliseconds(500))
                #expect(await next(&events) == "ended \(name)")
                player.play()
            }
            #expect(harness.creatives.all.allSatisfy { !$0.isOnScreen })
            await planner.contentDidEnd()
            planner.stop()
            #expect(await next(&events) == "finished")
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
            var events = planner.events.makeAsyncIterator()
            var started = false
            let starting = Task { @MainActor in
                await planner.start()
                started = true
            }
            #expect(await next(&events) == "prefetch pre-roll at 0.0 s (cue point 0)")
            try await gate.waitUntilHeld()
            await advance(harness, until: { started }, limit: .seconds(6))
            await starting.value
            #expect(await next(&events) == "skipped pre-roll at 0.0 s (cue point 0): timedOut")
            player.play()
            gate.release()
            #expect(await next(&events) == "ready pre-roll at 0.0 s (cue point 0)")
            #expect(await next(&events) == "rejected pre-roll at 0.0 s (cue point 0)")
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
