import Foundation
import Testing
import KontextVideoTesting

@Suite("KontextVideoHarness")
@MainActor
struct KontextVideoHarnessTests {
    /// A pause ad whose image lives on the internet: the harness must not go there.
    private func loadAdFromTheInternet(_ harness: KontextVideoHarness) async {
        harness.server?.enqueue(.ad(SandboxAd(creative: .url(type: "image", url: "https://cdn.example.com/pause.png"))), for: .pause)
        await harness.initialize()
        let ads = VideoAds(content: .init(id: "e1", language: "en"))
        let ad = try? await ads.format(.pause)
        #expect(ad != nil)
        // Refused as offline: the load fails, and nothing left the machine.
        await #expect(throws: VideoAdError.self) { try await ad?.load() }
        ads.destroy()
    }

    @Test func aRequestToAHostNobodyPlannedIsRefusedAndFailsTheRun() async throws {
        var refused: [URL] = []
        let error = await #expect(throws: UnplannedRequests.self) {
            try await KontextVideoHarness.run { harness in
                await loadAdFromTheInternet(harness)
                refused = harness.unplannedRequests
            }
        }
        #expect(refused.map(\.absoluteString) == ["https://cdn.example.com/pause.png"])
        #expect(error?.urls == refused)
        #expect(error?.description.contains("cdn.example.com") == true)
    }

    @Test func requestsToTheSandboxAreNeverUnplanned() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.pause)
            try await ad.load()
            #expect(harness.unplannedRequests.isEmpty)
            #expect(throws: Never.self) { try harness.verifyNoUnplannedRequests() }
        }
    }

    @Test func aHarnessMadeWhileAnotherRunsThrowsAndLeavesTheOtherAlone() async throws {
        try await KontextVideoHarness.run { harness in
            #expect(throws: AnotherHarnessRunning.self) { try KontextVideoHarness() }
            // The SDK still runs on the first harness's world: its sandbox answers.
            #expect(await harness.initialize() == .enabled)
            #expect(harness.server?.requests(path: "/init").count == 1)
        }
    }

    @Test func harnessesStartedConcurrentlyNeverOverlap() async throws {
        let log = TurnLog()
        let turns = (1...3).map { number in
            Task { @MainActor in
                try await KontextVideoHarness.run { harness in
                    log.entries.append("start \(number)")
                    #expect(throws: AnotherHarnessRunning.self) { try KontextVideoHarness() }
                    await harness.initialize()
                    await harness.advance(by: .seconds(1))
                    log.entries.append("end \(number)")
                }
            }
        }
        for turn in turns { try await turn.value }
        #expect(log.entries.count == 6)
        for pair in stride(from: 0, to: log.entries.count, by: 2) {
            let number = log.entries[pair].dropFirst("start ".count)
            #expect(log.entries[pair + 1] == "end \(number)", "\(log.entries)")
        }
    }

    @Test func aHarnessMadeWithInitHoldsItsTurnUntilTearDown() async throws {
        // `init` cannot wait: retry until no other test's harness holds the turn.
        var made: KontextVideoHarness?
        while made == nil {
            do { made = try KontextVideoHarness() } catch is AnotherHarnessRunning { try await Task.sleep(for: .milliseconds(5)) }
        }
        let direct = try #require(made)
        let log = TurnLog()
        let waiting = Task { @MainActor in
            try await KontextVideoHarness.run { _ in log.entries.append("run") }
        }
        try await Task.sleep(for: .milliseconds(50))
        #expect(log.entries.isEmpty, "run waits while the harness made with init holds the turn")
        #expect(throws: AnotherHarnessRunning.self) { try KontextVideoHarness() }
        direct.tearDown()
        direct.resetSDK()   // torn down: no longer its turn, so the SDK is left alone
        try await waiting.value
        #expect(log.entries == ["run"])
    }
}

/// What harnesses did, in order.
@MainActor
private final class TurnLog {
    var entries: [String] = []
}
