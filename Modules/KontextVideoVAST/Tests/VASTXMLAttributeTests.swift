import Foundation
import Testing
@testable import KontextVideoVAST

/// A start tag's attributes are checked for repeats in work that grows with their number, not
/// with its square (issue 18, item 9: 10,000 attributes on one element took 11.5 s, 100,000 about
/// 12 minutes, each compared with every earlier one). The reader counts the times it compares two
/// names byte by byte: the measure of that work, independent of the machine.
@Suite("VASTXMLReader: attributes")
struct VASTXMLAttributeTests {
    private func document(attributes names: [String]) -> Data {
        Data((#"<VAST version="4.2"><Ad "# + names.map { "\($0)=\"v\"" }.joined(separator: " ") + "/></VAST>").utf8)
    }

    @Test(arguments: [100, 1_000, 10_000])
    func checkingAttributesForRepeatsComparesEachNameAboutOnce(_ count: Int) {
        var comparisons = 0
        let outcome = VASTXMLReader().read(document(attributes: (0..<count).map { "a\($0)" }), nameComparisons: &comparisons)
        #expect((try? outcome.get()) != nil)
        // Pairwise, 10,000 names of mostly five bytes were 40 million comparisons.
        #expect(comparisons <= 2 * count, "\(comparisons) name comparisons for \(count) attributes")
    }

    @Test(arguments: [
        (9, 3),          // within the first ones, checked pairwise
        (20, 19),        // just past them
        (10_000, 5_000), // among many
    ])
    func aRepeatedAttributeIsFoundWhereverItIs(_ count: Int, _ repeated: Int) {
        var names = (0..<count).map { "a\($0)" }
        names.append("a\(repeated)")
        guard case .failure(let error) = VASTParser.parse(document(attributes: names)) else {
            Issue.record("a repeated attribute among \(count) was read")
            return
        }
        #expect(error.code == .xmlParsing)
        #expect(error.message.contains("a repeated attribute"), "\(error.message)")
    }

    @Test func namesThatDifferOnlyInTheirPrefixOrCaseAreNotRepeats() throws {
        let names = (0..<50).map { "a\($0)" } + (0..<50).map { "p:a\($0)" } + (0..<50).map { "A\($0)" }
        #expect((try? VASTParser.parse(document(attributes: names)).get()) != nil)
    }

    @Test func everyAttributeOfAManyAttributeElementIsKeptInOrder() throws {
        let names = (0..<300).map { "x\($0)" }
        let root = try VASTParser.parseXML(document(attributes: names)).get()
        let ad = try #require(root.children.first)
        #expect(ad.attributes.map(\.name) == names)
    }
}
