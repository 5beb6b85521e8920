import Foundation
import Testing
import KontextVideo
import KontextVideoNetworking
import KontextVideoTesting

/// A session is one launch of the SDK: work it started that finishes after a later session began
/// changes nothing of the later one.
@Suite("SDK session")
@MainActor
struct SDKSessionTests {
    @Test func anInitializationCutShortByANewSessionLeavesTheNewOneInItsLaunchState() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            let gate = server.holdInit(.enabled())
            let cutShort = Task { await harness.initialize() }
            try await gate.waitUntilHeld()
            let ended = KontextVideo.shared.session
            harness.resetSDK()   // a new launch while the first one's /init is under way
            #expect(KontextVideo.shared.session !== ended)
            gate.release()
            #expect(await cutShort.value == .enabled, "the first launch's caller hears its answer")
            #expect(KontextVideo.shared.session.currentState == nil)
            #expect(KontextVideo.shared.session.runtime == nil)
            await #expect(throws: VideoAdError.notInitialized) {
                try await VideoAds(content: .init(id: "e1", language: "en")).format(.pause)
            }
        }
    }

    @Test func aNewSessionOpensTheStorageOnceTheOneBeforeIsDoneWithIt() async throws {
        try await KontextVideoHarness.run { harness in
            #expect(await harness.initialize() == .enabled)
            let installId = try #require(KontextVideo.shared.session.runtime?.client.identity.snapshot)
            harness.resetSDK()
            await KontextVideo.shared.session.waitForPredecessor()
            #expect(await harness.initialize() == .enabled)
            #expect(KontextVideo.shared.session.runtime?.client.identity.snapshot == installId, "the same storage: a new launch of the app")
        }
    }
}
