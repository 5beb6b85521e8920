import Foundation
import Testing
@testable import KontextVideoCreatives

@Test func scratchCorpus() throws {
    for file in VASTCorpus.files() {
        let data = try VASTCorpus.data(file)
        switch VASTParser.parse(data) {
        case .success(let doc): print("OK \(file) ads=\(doc.ads.count) v=\(doc.version ?? "-")")
        case .failure(let e): print("ERR \(file) \(e)")
        }
    }
}
