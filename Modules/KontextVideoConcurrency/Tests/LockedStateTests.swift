import Testing
@testable import KontextVideoConcurrency

@Suite("LockedState")
struct LockedStateTests {
    @Test func concurrentUpdatesAreNotLost() async {
        let counter = LockedState(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<1_000 { counter.withLock { $0 += 1 } } }
            }
        }
        #expect(counter.snapshot == 8_000)
    }
}
