import Foundation
import Testing
import KontextVideo
import KontextVideoTesting
import KontextVideoTestSupport

/// Every public async call answers within 16 s of the SDK's clock, whatever the server does
/// (before: a hung server made `initialize` answer after 71 s, and each `format()` after 71 more).
@Suite("The 16 s budget of every public call")
@MainActor
struct CallBudgetTests {
    /// Advances the harness's clock until `task` finished; returns its value and the virtual time it took.
    private func timed<Value: Sendable>(_ harness: KontextVideoHarness, _ task: Task<Value, Never>) async -> (Value, Duration) {
        let start = harness.clock.now
        let value = await harness.clock.drive(until: task)
        return (value, harness.clock.now - start)
    }

    @Test func initializeAnswersWithinSixteenSecondsAgainstAHungServer() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.setDefaultInit(.hang)
            let (state, took) = await timed(harness, Task { await harness.initialize() })
            #expect(state == .failed)
            #expect(took <= .seconds(16))
        }
    }

    @Test func formatRetriesInitAndAsksForTheAdInsideOneBudget() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.setDefaultInit(.hang)
            _ = await timed(harness, Task { await harness.initialize() })
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let (outcome, took) = await timed(harness, Task { () -> String in
                do { _ = try await ads.format(.pause); return "ad" } catch { return "\(error)" }
            })
            #expect(outcome == "initializationFailed")
            #expect(took <= .seconds(16))
        }
    }

    @Test func aHungAdRequestAnswersWithinTheBudget() async throws {
        try await KontextVideoHarness.run { harness in
            await harness.initialize()
            harness.server?.setDefault(.hang, for: .pause)
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let (outcome, took) = await timed(harness, Task { () -> String in
                do { _ = try await ads.format(.pause); return "ad" } catch { return "\(error)" }
            })
            #expect(outcome == "request(timedOut)")
            #expect(took == .seconds(16))
        }
    }

    @Test func aFormatWaitingForAnInitializationUnderWayStaysInsideItsOwnBudget() async throws {
        try await KontextVideoHarness.run { harness in
            harness.server?.setDefaultInit(.hang)
            let initializing = Task { await harness.initialize() }
            await harness.clock.waitForSleepers()
            await harness.advance(by: .seconds(10))
            let ads = VideoAds(content: .init(id: "e1", language: "en"))
            let (outcome, took) = await timed(harness, Task { () -> String in
                do { _ = try await ads.format(.pause); return "ad" } catch { return "\(error)" }
            })
            #expect(outcome == "initializationFailed")
            #expect(took <= .seconds(16))
            _ = await initializing.value
        }
    }
}
