import Foundation
import Testing
@testable import KontextVideoNetworking

@Suite("RandomIdentifiers")
struct RandomIdentifiersTests {
    @Test func idsAreVersionFourUUIDsAndNeverRepeat() {
        let source = RandomIdentifiers()
        let ids = (0..<100_000).map { _ in source.next() }
        #expect(Set(ids).count == ids.count)
        for id in ids.prefix(1000) {
            let text = id.uuidString.lowercased()
            #expect(text[text.index(text.startIndex, offsetBy: 14)] == "4", "version 4: \(text)")
            #expect("89ab".contains(text[text.index(text.startIndex, offsetBy: 19)]), "RFC 4122 variant: \(text)")
        }
    }

    @Test func idsFromManyThreadsAtOnceNeverRepeat() async {
        let source = RandomIdentifiers()
        let batches = await withTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 { group.addTask { (0..<5_000).map { _ in source.next() } } }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(batches).count == 40_000)
    }
}

@Suite("UUID.lowercasedString")
struct UUIDLowercaseTests {
    @Test func matchesFoundationsFormLowercased() {
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(id.lowercasedString == id.uuidString.lowercased())
        }
        let fixed = UUID(uuidString: "5D0C6F0E-8F7B-4C53-9E1A-0D1F6B7A9C11")!
        #expect(fixed.lowercasedString == "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11")
    }
}
