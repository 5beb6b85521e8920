import Foundation
import Testing
import KontextVideoTestSupport

@Suite("SequentialIdentifiers")
struct SequentialIdentifiersTests {
    @Test func idsCountFromOneAsVersionFourUUIDsTheSameOnEveryRun() {
        let source = SequentialIdentifiers()
        let ids = (0..<3).map { _ in source.next().uuidString.lowercased() }
        #expect(ids == [
            "00000000-0000-4000-8000-000000000001",
            "00000000-0000-4000-8000-000000000002",
            "00000000-0000-4000-8000-000000000003",
        ])
        #expect(SequentialIdentifiers().next() == UUID(uuidString: ids[0]), "a new source starts again")
    }

    @Test func idsFromManyThreadsAtOnceNeverRepeat() async {
        let source = SequentialIdentifiers()
        let batches = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 { group.addTask { (0..<1_000).map { _ in source.next() } } }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(batches).count == 8_000)
    }
}
