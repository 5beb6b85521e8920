import Testing
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoTestSupport
import KontextVideoVAST
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

@Suite("CreativeContext macros")
struct CreativeContextMacrosTests {
    @Test func aContextWithoutAMacroReaderHasNoMacrosAndOneWithAReaderHasItsValues() {
        let clock = TestClock()
        let events = KontextVideoEventStream()
        let none = CreativeContext(clock: clock, transport: URLSessionTransport(), events: events, macros: nil, urlRule: AdURLRule(allowsLocalHosts: true))
        #expect(none.lazyMacroContext == nil)
        #expect(none.macros == VASTMacroContext())
        var values = VASTMacroContext()
        values.appBundle = "com.example.app"
        let read = values
        let some = CreativeContext(clock: clock, transport: URLSessionTransport(), events: events, macros: LazyVASTMacroContext { read }, urlRule: AdURLRule(allowsLocalHosts: true))
        #expect(some.macros.appBundle == "com.example.app")
    }
}
