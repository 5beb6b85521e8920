import Foundation
import Testing
@testable import KontextVideoVAST

@Suite("URL.lenient")
struct URLLenientTests {
    @Test("tag text becomes a URL: trimmed, raw characters encoded, existing escapes kept",
          arguments: [
              (" https://t.example.com/p?a=1 \n", "https://t.example.com/p?a=1"),
              ("https://t.example.com/p?a=x y|z", "https://t.example.com/p?a=x%20y%7Cz"),
              ("https://t.example.com/p?a=%5Bkept%5D", "https://t.example.com/p?a=%5Bkept%5D"),
              ("https://t.example.com/p?a={b}^", "https://t.example.com/p?a=%7Bb%7D%5E"),
          ])
    func lenient(text: String, expected: String) {
        #expect(URL.lenient(text)?.absoluteString == expected)
    }

    @Test func emptyTextIsNoURL() {
        #expect(URL.lenient("  \n ") == nil)
    }
}
