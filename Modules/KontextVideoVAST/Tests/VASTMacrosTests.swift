import Foundation
import Testing
@testable import KontextVideoVAST

@Suite("VASTMacros")
struct VASTMacrosTests {
    @Test func fillsKnownMacrosPercentEncoded() {
        var context = VASTMacroContext()
        context.errorCode = .noSupportedMedia
        context.cacheBusting = "12345678"
        context.adPlayhead = 5.5
        context.contentPlayhead = 3661
        context.assetURI = "https://cdn.example.com/a b.mp4"
        context.gdprConsent = "CO+abc/=="
        context.limitAdTracking = true
        context.regulations = ["gdpr", "coppa"]
        context.appBundle = "com.example.app"
        context.timestamp = Date(timeIntervalSince1970: 1_700_000_000.123)
        let url = VASTMacros.expand(
            "https://t/e?c=[ERRORCODE]&cb=[CACHEBUSTING]&r=[random]&ap=[ADPLAYHEAD]&cp=[CONTENTPLAYHEAD]&a=[ASSETURI]&g=[GDPRCONSENT]&l=[LIMITADTRACKING]&rg=[REGULATIONS]&b=[APPBUNDLE]&t=[TIMESTAMP]",
            context: context
        )
        #expect(url == "https://t/e?c=403&cb=12345678&r=12345678&ap=00%3A00%3A05.500&cp=01%3A01%3A01.000&a=https%3A%2F%2Fcdn.example.com%2Fa%20b.mp4&g=CO%2Babc%2F%3D%3D&l=1&rg=gdpr,coppa&b=com.example.app&t=2023-11-14T22%3A13%3A20.123Z")
    }

    /// A filled `[TIMESTAMP]` beside a macro nobody fills reached the tracker as `%253A`: the
    /// pixel's exact bytes, from template to URL.
    @Test func aPixelURLIsEncodedOnceFromTemplateToURL() throws {
        var context = VASTMacroContext()
        context.cacheBusting = "12345678"
        context.timestamp = Date(timeIntervalSince1970: 1_700_000_000.123)
        let expanded = VASTMacros.expand("https://t.example.com/start?ts=[TIMESTAMP]&cb=[CACHEBUSTING]&x=[NOT_A_MACRO]&n=a b", context: context)
        let url = try #require(URL.lenient(expanded))
        #expect(url.absoluteString == "https://t.example.com/start?ts=2023-11-14T22%3A13%3A20.123Z&cb=12345678&x=%5BNOT_A_MACRO%5D&n=a%20b")
        #expect(url.query?.contains("%25") == false, "no escape was escaped again")
    }

    @Test func unknownValuesOfKnownMacrosAreMinusOne() {
        let url = VASTMacros.expand("https://t/e?c=[ERRORCODE]&m=[MEDIAPLAYHEAD]&r=[REASON]&ifa=[IFA]&t=[TIMESTAMP]", context: VASTMacroContext())
        #expect(url == "https://t/e?c=-1&m=-1&r=-1&ifa=-1&t=-1")
    }

    @Test func unrecognisedBracketsAreLeftAlone() {
        let template = "https://t/e?x=[NOT_A_MACRO]&y=[a b]&z=[&w=]"
        #expect(VASTMacros.expand(template, context: VASTMacroContext()) == template)
    }

    @Test(arguments: [
        ("[[CACHEBUSTING]", "[12345678"),
        ("a[b[CACHEBUSTING]c]", "a[b12345678c]"),
        ("[NOPE[CACHEBUSTING]][", "[NOPE12345678]["),
        ("]][[]]", "]][[]]"),
        ("[CACHEBUSTING][CACHEBUSTING", "12345678[CACHEBUSTING"),
    ])
    func bracketsAroundAndInsideMacrosAreText(_ template: String, _ expanded: String) {
        var context = VASTMacroContext()
        context.cacheBusting = "12345678"
        #expect(VASTMacros.expand(template, context: context) == expanded)
    }

    /// A URL of many `[` and one `]` at its end: each `[` once looked for its `]` to the end, and
    /// 20,000 of them took seconds (a 1 MiB URL, minutes); `kontext-video-bench decoders` measures it.
    @Test func aURLOfOpeningBracketsIsFilledInOnePass() {
        var context = VASTMacroContext()
        context.cacheBusting = "12345678"
        let brackets = String(repeating: "[", count: 20_000)
        #expect(VASTMacros.expand("https://t/p?x=" + brackets + "CACHEBUSTING]&y=[NOPE]", context: context)
            == "https://t/p?x=" + brackets.dropLast() + "12345678&y=[NOPE]")
    }

    @Test func extraValuesFillAnyMacro() {
        var context = VASTMacroContext()
        context.extra = ["PLACEMENTTYPE": "1", "CUSTOM": "x y"]
        #expect(VASTMacros.expand("[PLACEMENTTYPE]-[CUSTOM]", context: context) == "1-x%20y")
    }

    @Test func cacheBustingIsEightRandomDigitsWhenNotFixed() {
        let value = VASTMacros.expand("[CACHEBUSTING]", context: VASTMacroContext())
        #expect(value.count == 8)
        #expect(value.allSatisfy { $0.isNumber })
    }
}
