import KontextVideoConcurrency
import KontextVideoVAST
import Testing
@testable import KontextVideoCreatives

@Suite("LazyVASTMacroContext")
struct LazyVASTMacroContextTests {
    /// A `read` that gives a different app bundle each time it runs, and counts its runs.
    private static func counting() -> (LazyVASTMacroContext, LockedState<Int>) {
        let reads = LockedState(0)
        let lazy = LazyVASTMacroContext {
            let run = reads.withLock { count in
                count += 1
                return count
            }
            var context = VASTMacroContext()
            context.appBundle = "app-\(run)"
            return context
        }
        return (lazy, reads)
    }

    @Test("nothing is read until asked for, then once: every later read sees the first")
    func readsOnceOnFirstUse() {
        let (lazy, reads) = Self.counting()
        #expect(reads.snapshot == 0)
        #expect(lazy.context.appBundle == "app-1")
        #expect(lazy.context.appBundle == "app-1")
        #expect(reads.snapshot == 1)
    }

    @Test("readers racing on many threads all see one value, the first one stored")
    func racingReadersAgree() async {
        let (lazy, _) = Self.counting()
        let seen = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<64 { group.addTask { lazy.context.appBundle } }
            var all: Set<String?> = []
            for await bundle in group { all.insert(bundle) }
            return all
        }
        #expect(seen.count == 1)
        #expect(seen.first.flatMap { $0 } == lazy.context.appBundle)
    }

    @Test("each ad's context keeps its own values, though all share one lock")
    func contextsStayApart() {
        let (first, _) = Self.counting()
        let (second, secondReads) = Self.counting()
        #expect(first.context.appBundle == "app-1")
        #expect(secondReads.snapshot == 0)
        #expect(second.context.appBundle == "app-1")
        #expect(first.context.appBundle == "app-1")
    }
}
