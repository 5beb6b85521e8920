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
}
