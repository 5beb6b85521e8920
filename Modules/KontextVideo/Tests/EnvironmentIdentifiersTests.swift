import Foundation
import Testing
import KontextVideo
import KontextVideoNetworking
import KontextVideoTesting

/// The SDK's request, event and pixel ids come from its environment (`SDKEnvironment.identifiers`):
/// random in the app, counting under the test kit, so a test sees the same ids on every run.
@Suite("Ids from the environment")
@MainActor
struct EnvironmentIdentifiersTests {
    /// The request id and the event ids the sandbox heard for one pause ad shown and dismissed.
    private func idsOfOnePauseAd() async throws -> (requestId: String?, eventIds: [String]) {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let ad = try await ads.format(.pause)
            try await ad.load()
            try ad.show(in: HeadlessView())
            try ad.dismiss()
            await harness.flushEvents()
            let server = try #require(harness.server)
            return (server.requests(path: "/video/preload").first?.json?["requestId"]?.stringValue, server.events.map(\.eventId))
        }
    }

    @Test func underTheHarnessTheIdsCountFromOneTheSameOnEveryRun() async throws {
        let first = try await idsOfOnePauseAd()
        #expect(first.requestId == "00000000-0000-4000-8000-000000000001", "the first id drawn is the first request's")
        #expect(first.eventIds.count == 2, "the impression and the end")
        #expect(first.eventIds.allSatisfy { $0.hasPrefix("00000000-0000-4000-8000-") })
        let second = try await idsOfOnePauseAd()
        #expect(second.requestId == first.requestId)
        #expect(second.eventIds == first.eventIds)
    }

    @Test func theAppsIdsAreRandom() {
        #expect(SDKEnvironment.platformDefault().identifiers is RandomIdentifiers)
    }
}
