import Foundation
import KontextVideoScheduling

extension TestClock {
    /// Advances by `duration` one deadline at a time, letting the main-actor task woken at each
    /// deadline run and go back to sleep before the next one. The follower under test lives on
    /// the main actor, so `advance(by:)`'s own settling (on the cooperative pool) is not enough.
    @MainActor
    func advanceStepwise(by duration: Duration) async {
        let target = now + duration
        await settleMainActor()
        while let next = nextDeadline, next <= target {
            await advance(by: max(.zero, next - now))
            await settleMainActor()
        }
        await advance(by: max(.zero, target - now))
        await settleMainActor()
    }

    /// Lets main-actor work run, then waits (bounded) until a task sleeps on the clock again.
    @MainActor
    func settleMainActor() async {
        for _ in 0..<20 { await Task.yield() }
        await waitForSleepers(atLeast: 1)
    }
}
