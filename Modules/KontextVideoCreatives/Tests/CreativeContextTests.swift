import Testing
@testable import KontextVideoCreatives

@Suite("CreativeContext")
struct CreativeContextTests {
    @Test(arguments: [("pt_BR", "pt-BR"), ("en", "en"), ("zh_Hant_TW", "zh-Hant-TW"), ("en-US", "en-US")])
    func localeIdentifiersBecomeBCP47(identifier: String, expected: String) {
        #expect(CreativeContext.bcp47(identifier) == expected)
    }

    @Test func theDeviceLocaleHasNoUnderscore() {
        #expect(!CreativeContext.deviceLocale.isEmpty)
        #expect(!CreativeContext.deviceLocale.contains("_"))
    }
}
