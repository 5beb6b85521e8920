import Foundation
import Testing
@testable import KontextVideo
import KontextVideoTesting
import KontextVideoTestSupport

@Suite("DeadlineTimer")
@MainActor
struct DeadlineTimerTests {
    private final class Captured {}

    private func timer(on clock: TestClock) -> DeadlineTimer {
        DeadlineTimer(now: { clock.now }, sleepUntil: { try await clock.sleep(until: $0) })
    }

    @Test func actionsRunOnceTheirDeadlinePassedInDeadlineOrder() async {
        let clock = TestClock()
        let timer = timer(on: clock)
        var ran: [String] = []
        timer.schedule(at: .seconds(3)) { ran.append("3 s") }
        timer.schedule(at: .seconds(1)) { ran.append("1 s") }
        timer.schedule(at: .seconds(2)) { ran.append("2 s, first") }
        timer.schedule(at: .seconds(2)) { ran.append("2 s, second") }
        await clock.advance(by: .milliseconds(1_500))
        #expect(ran == ["1 s"])
        await clock.advance(by: .seconds(2))
        #expect(ran == ["1 s", "2 s, first", "2 s, second", "3 s"])
        #expect(timer.pendingCount == 0)
    }

    @Test func aCancelledActionNeverRunsAndWhatItCapturedIsFreedAtOnce() async {
        let clock = TestClock()
        let timer = timer(on: clock)
        var captured: Captured? = Captured()
        weak let watched = captured
        var ran: [String] = []
        let ticket = timer.schedule(at: .seconds(10)) { [captured] in
            _ = captured
            ran.append("cancelled one")
        }
        timer.schedule(at: .seconds(10)) { ran.append("kept one") }
        captured = nil
        #expect(watched != nil, "the scheduled action holds it")
        timer.cancel(ticket)
        #expect(watched == nil, "cancel frees the action before its deadline")
        #expect(timer.pendingCount == 1)
        timer.cancel(ticket)
        #expect(timer.pendingCount == 1, "a second cancel changes nothing")
        await clock.advance(by: .seconds(10))
        #expect(ran == ["kept one"])
    }

    @Test func cancellingAnActionThatRanChangesNothing() async {
        let clock = TestClock()
        let timer = timer(on: clock)
        var runs = 0
        let ticket = timer.schedule(at: .seconds(1)) { runs += 1 }
        timer.schedule(at: .seconds(2)) { runs += 1 }
        await clock.advance(by: .seconds(1))
        timer.cancel(ticket)
        #expect(timer.pendingCount == 1)
        await clock.advance(by: .seconds(1))
        #expect(runs == 2)
    }

    @Test func manyCancellationsAreSweptAndTheRestStillRunInOrder() async {
        let clock = TestClock()
        let timer = timer(on: clock)
        var ran: [Int] = []
        let tickets = (0..<200).map { index in
            timer.schedule(at: .seconds(Int64(index / 4 + 1))) { ran.append(index) }
        }
        for (index, ticket) in tickets.enumerated() where !index.isMultiple(of: 5) {
            timer.cancel(ticket)
        }
        #expect(timer.pendingCount == 40)
        await clock.advance(by: .seconds(60))
        #expect(ran == Array(stride(from: 0, to: 200, by: 5)))
        #expect(timer.pendingCount == 0)
    }

    @Test func theStorageShrinksBackOnceTheEntriesAreGone() async {
        let clock = TestClock()
        let timer = timer(on: clock)
        let tickets = (0..<10_000).map { index in timer.schedule(at: .seconds(Int64(index + 1))) {} }
        #expect(timer.storageCapacity >= 10_000)
        for ticket in tickets.dropLast(10) { timer.cancel(ticket) }
        #expect(timer.pendingCount == 10)
        #expect(timer.storageCapacity < 100, "swept and shrunk: \(timer.storageCapacity)")
        timer.schedule(at: .seconds(20_000)) {}
        for _ in 0..<100 { timer.schedule(at: .seconds(30_000)) {} }
        await clock.advance(by: .seconds(25_000))
        #expect(timer.pendingCount == 100)
        #expect(timer.storageCapacity < 500)
    }

    /// The runtime's timers keep nothing for an ad that no longer needs its deadline: a held ad
    /// destroyed before its expiry, a load that settled before its time-out, a shown ad.
    @Test func adsThatEndedLeaveNothingInTheRuntimesTimers() async throws {
        try await KontextVideoHarness.run { harness in
            #expect(await harness.initialize() == .enabled)
            let runtime = try #require(KontextVideo.shared.session.runtime)
            let held = VideoAds(content: .init(id: "episode-held", language: "en"))
            _ = try await held.format(.pause)
            let loaded = VideoAds(content: .init(id: "episode-loaded", language: "en"))
            try await loaded.format(.overlay).load()
            let shown = VideoAds(content: .init(id: "episode-shown", language: "en"))
            let ad = try await shown.format(.pause)
            try await ad.load()
            #expect(runtime.expiryTimer.pendingCount == 3)
            #expect(runtime.loadTimer.pendingCount == 0, "both loads settled")
            try ad.show(in: HeadlessView())
            #expect(runtime.expiryTimer.pendingCount == 2, "a shown ad does not expire")
            held.destroy()
            loaded.destroy()
            shown.destroy()
            #expect(runtime.expiryTimer.pendingCount == 0)
        }
    }
}

extension DeadlineTimer {
    /// Actions scheduled and neither run nor cancelled (what the tests read of the timer; it needs
    /// no count of its own).
    var pendingCount: Int { entries.count - cancelledCount }

    /// How many entries the timer's storage has room for: it shrinks back once they are swept.
    var storageCapacity: Int { entries.capacity }
}
