import KontextVideoConcurrency
import Testing
@testable import KontextVideoNetworking

@Suite("WakeSignal", .timeLimit(.minutes(1)))
struct WakeSignalTests {
    @Test("a signal given while nobody waits is kept: the next wait returns at once")
    func signalBeforeWait() async {
        let signal = WakeSignal()
        signal.signal()
        await signal.wait()
    }

    @Test("a task waiting is woken by the next signal (or, signalled first, does not wait)")
    func signalWakesTheWaiter() async {
        let signal = WakeSignal()
        let woken = LockedState(false)
        let waiter = Task {
            await signal.wait()
            woken.withLock { $0 = true }
        }
        signal.signal()
        await waiter.value
        #expect(woken.snapshot)
    }

    @Test("a cancelled wait returns")
    func cancelledWaitReturns() async {
        let signal = WakeSignal()
        let waiter = Task { await signal.wait() }
        waiter.cancel()
        await waiter.value
    }
}
