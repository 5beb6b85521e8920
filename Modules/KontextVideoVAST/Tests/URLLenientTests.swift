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
              // A filled [TIMESTAMP] next to a macro nobody filled: the escapes stay single.
              ("https://t.example.com/p?ts=2026-11-30T12%3A00%3A00.000Z&x=[UNKNOWN]",
               "https://t.example.com/p?ts=2026-11-30T12%3A00%3A00.000Z&x=%5BUNKNOWN%5D"),
              ("https://t.example.com/p?a=b c|d&ts=12%3A00", "https://t.example.com/p?a=b%20c%7Cd&ts=12%3A00"),
              ("https://t.example.com/p?pct=100%&q=%zz", "https://t.example.com/p?pct=100%25&q=%25zz"),
              ("https://t.example.com/p?name=Zoë\"", "https://t.example.com/p?name=Zo%C3%AB%22"),
              ("https://[::1]:8080/p?x=[a]", "https://[::1]:8080/p?x=%5Ba%5D"),
          ])
    func lenient(text: String, expected: String) {
        #expect(URL.lenient(text)?.absoluteString == expected)
    }

    @Test func emptyTextIsNoURL() {
        #expect(URL.lenient("  \n ") == nil)
    }
}
