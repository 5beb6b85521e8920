import Foundation
import Testing
@testable import KontextVideoModels

/// What a tap on an ad may open (issue 32): web pages and the App Store, nothing else; local hosts
/// only while the ad server is local.
@Suite("AdURLRule")
struct AdURLRuleTests {
    static let production = AdURLRule(serverURL: URL(string: "https://server.megabrain.co")!)
    static let sandbox = AdURLRule(serverURL: URL(string: "http://127.0.0.1:8080")!)

    @Test(arguments: [
        "tel:+15551234567", "sms:+15551234567", "facetime:+15551234567", "facetime-audio://x", "mailto:a@b.example",
        "prefs:root=General", "App-prefs:root=Privacy", "shortcuts://run-shortcut?name=Wipe",
        "itms-services://?action=download-manifest&url=https://evil.example/app.plist", "myapp://purchase?sku=gold",
        "file:///etc/passwd", "data:text/html,<script>alert(1)</script>", "javascript:alert(1)", "vbscript:msgbox",
        "ftp://files.example/x", "intent://x", "about:blank", "blob:https://x.example/1", "ws://x.example", "x-web-search://?q=a",
    ])
    func everySchemeButTheWebAndTheAppStoreIsRefused(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(Self.production.tapTarget(url) == .refused(.scheme))
        #expect(Self.sandbox.tapTarget(url) == .refused(.scheme), "the sandbox opens no other scheme either")
        #expect(!Self.production.mayFetch(url))
    }

    @Test(arguments: ["https://brand.example/landing?utm=1", "http://brand.example", "HTTPS://Brand.Example/a#b"])
    func webPagesOpen(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(Self.production.tapTarget(url) == .web(url))
        #expect(Self.production.mayFetch(url))
    }

    @Test(arguments: [
        ("https://apps.apple.com/us/app/some-game/id284882215", "284882215"),
        ("https://itunes.apple.com/app/id123?mt=8", "123"),
        ("https://apps.apple.com/app/some-game?id=987", "987"),
    ])
    func appStorePagesOpenTheProductSheetThenThePage(_ text: String, _ id: String) throws {
        let url = try #require(URL(string: text))
        #expect(Self.production.tapTarget(url) == .appStore(id: id, page: url))
    }

    @Test func itmsAppsBecomesTheProductSheetWithItsWebPageAsFallback() throws {
        let url = try #require(URL(string: "itms-apps://itunes.apple.com/app/id123456"))
        let page = try #require(URL(string: "https://apps.apple.com/app/id123456"))
        #expect(Self.production.tapTarget(url) == .appStore(id: "123456", page: page))
        #expect(Self.production.tapTarget(try #require(URL(string: "itms-apps://itunes.apple.com/app/x"))) == .refused(.noAppStoreProduct))
        #expect(Self.production.tapTarget(try #require(URL(string: "https://apps.apple.com/us/charts"))) == .web(try #require(URL(string: "https://apps.apple.com/us/charts"))),
                "a store page without a product is a web page")
    }

    @Test(arguments: [
        "http://localhost/x", "http://127.0.0.1:8080/x", "http://127.9.9.9/x", "http://0.0.0.0/x", "http://[::1]/x",
        "http://10.0.0.1/x", "http://172.16.0.1/x", "http://172.31.255.255/x", "http://192.168.1.20/x", "http://169.254.1.1/x",
        "http://100.64.0.1/x", "http://[fd00::1]/x", "http://[fe80::1]/x", "http://[::ffff:127.0.0.1]/x", "http://[::ffff:7f00:1]/x",
        "http://printer.local/x", "http://router/x", "http://svc.internal/x", "http://app.localhost/x",
        "http://2130706433/x", "http://0x7f.1/x", "http://127.1/x", "http://017700000001/x",
    ])
    func localHostsAreRefusedWhileTheServerIsPublic(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(Self.production.tapTarget(url) == .refused(.localHost))
        #expect(!Self.production.mayFetch(url))
        #expect(Self.sandbox.tapTarget(url) == .web(url), "the sandbox and tests keep local hosts")
        #expect(Self.sandbox.mayFetch(url))
    }

    @Test(arguments: ["http://8.8.8.8/x", "http://172.32.0.1/x", "http://[2001:db8::1]/x", "http://[::ffff:8.8.8.8]/x", "https://1e100.net/x"])
    func publicAddressesOpen(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(Self.production.tapTarget(url) == .web(url))
    }

    @Test func theRuleFollowsTheServer() throws {
        #expect(!Self.production.allowsLocalHosts)
        #expect(Self.sandbox.allowsLocalHosts)
        #expect(AdURLRule(serverURL: try #require(URL(string: "http://192.168.1.20:8080"))).allowsLocalHosts, "the sandbox on a LAN")
        #expect(AdURLRule(serverURL: try #require(URL(string: "http://localhost:8080"))).allowsLocalHosts)
    }

    @Test func aLogShowsTheSchemeHostAndPathNeverTheQuery() throws {
        #expect(URLRedaction.redacted(try #require(URL(string: "https://t.example:8443/p/x?gdpr_consent=CO123&id=42#f"))) == "https://t.example:8443/p/x?…")
        #expect(URLRedaction.redacted(try #require(URL(string: "https://user:secret@t.example/p"))) == "https://t.example/p")
        #expect(URLRedaction.redacted(try #require(URL(string: "tel:+15551234567"))) == "tel:")
    }
}
