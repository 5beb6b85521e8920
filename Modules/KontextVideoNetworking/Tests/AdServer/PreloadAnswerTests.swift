import Foundation
import KontextVideoModels
@testable import KontextVideoNetworking
import Testing

@Suite("POST /video/preload answers")
struct PreloadAnswerTests {
    func read(_ body: String, status: Int = 200, format: AdFormat = .overlay, urlRule: AdURLRule = AdURLRule(allowsLocalHosts: true)) -> PreloadAnswer {
        PreloadAnswer(status: status, body: Data(body.utf8), requestedFormat: format, urlRule: urlRule)
    }

    @Test("a creative on this device, a private network or .local is refused while the server is public (issue 32)",
          arguments: ["http://127.0.0.1/a.png", "http://localhost:8080/a.png", "http://192.168.1.20/a.png", "http://tv.local/a.png", "http://[::1]/a.png"])
    func localCreativesAreRefusedInProduction(_ url: String) {
        let body = #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "image", "url": "\#(url)"}}}"#
        let production = AdURLRule(serverURL: URL(string: "https://server.megabrain.co")!)
        #expect(read(body, urlRule: production).result == .failure(.decoding("invalid ad.creative.url (a local host)")))
        let sandbox = AdURLRule(serverURL: URL(string: "http://127.0.0.1:8080")!)
        #expect((try? read(body, urlRule: sandbox).result.get()) != nil, "the sandbox serves its creatives from loopback")
    }

    @Test("an answer's creative size outside 0–10,000 points is refused, never laid out or printed (issue 32)",
          arguments: ["1e308", "10001", "-1", "9223372036854775807", "4294967296"])
    func absurdSizesAreRefused(_ width: String) {
        let body = #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "image", "url": "https://x.example/a.png", "width": \#(width), "height": 50}}}"#
        #expect(read(body).result == .failure(.decoding("invalid ad.creative.width")))
        let fits = #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "image", "url": "https://x.example/a.png", "width": 10000, "height": 50}}}"#
        #expect((try? read(fits).result.get()) != nil)
    }

    @Test("the document's ad example decodes into a served ad")
    func documentExample() throws {
        let answer = read("""
        {
          "ad": {
            "id": "ad-123", "format": "overlay",
            "price": {"value": 2.5, "currency": "USD", "precision": "exact"},
            "duration": 15, "expiresIn": 900,
            "creative": {"type": "html", "url": "https://server/creatives/ad-123.html",
                         "width": 320, "height": 50, "fullScreen": false}
          },
          "sessionId": "s-9"
        }
        """)
        let expected = ServedAd(
            id: "ad-123", format: .overlay,
            price: VideoAdPrice(value: 2.5, currency: "USD", precision: .exact),
            duration: 15, expiresIn: .seconds(900),
            creative: ServedCreative(kind: .html, url: URL(string: "https://server/creatives/ad-123.html"), width: 320, height: 50)
        )
        #expect(try answer.result.get() == .ad(expected))
        #expect(answer.sessionId == "s-9")
    }

    @Test("missing optional fields take their defaults; unknown fields and values are ignored")
    func defaults() throws {
        let answer = read("""
        {"ad": {"id": "a", "price": {"value": 1, "precision": "guess", "extra": true},
                "creative": {"type": "image", "url": "https://i/x.png", "future": [1]}, "newField": 3},
         "experiment": "z"}
        """, format: .pause)
        guard case .ad(let ad) = try answer.result.get() else {
            Issue.record("not an ad")
            return
        }
        #expect(ad.format == .pause)
        #expect(ad.price == VideoAdPrice(value: 1, currency: "USD", precision: .estimated))
        #expect(ad.expiresIn == .seconds(1800))
        #expect(ad.duration == nil)
        #expect(ad.creative == ServedCreative(kind: .image, url: URL(string: "https://i/x.png")))
        #expect(answer.sessionId == nil)
    }

    @Test("a pause ad's duration is ignored")
    func pauseDuration() throws {
        let answer = read(#"{"ad": {"id": "a", "format": "pause", "price": {"value": 1}, "duration": 8, "creative": {"type": "html", "url": "https://x"}}}"#, format: .pause)
        guard case .ad(let ad) = try answer.result.get() else {
            Issue.record("not an ad")
            return
        }
        #expect(ad.duration == nil)
    }

    @Test("numbers that become timers are bounded where they are decoded: a day of duration, a year of expiry")
    func absurdNumbersAreBounded() throws {
        let answer = read(#"{"ad": {"id": "a", "format": "overlay", "price": {"value": 1}, "duration": 1e10, "expiresIn": 1e300, "creative": {"type": "html", "url": "https://x"}}}"#, format: .overlay)
        guard case .ad(let ad) = try answer.result.get() else {
            Issue.record("not an ad")
            return
        }
        #expect(ad.duration == PreloadAnswer.longestDuration)
        #expect(ad.expiresIn == .seconds(Int64(PreloadAnswer.longestExpiry)))
    }

    @Test("a linear VAST ad, by tag or inline, with its click targets and full-screen flag")
    func vastCreative() throws {
        let tag = read("""
        {"ad": {"id": "v1", "format": "linear", "price": {"value": 9.75, "currency": "EUR", "precision": "estimated"},
                "duration": 30.5, "expiresIn": 60.25,
                "creative": {"type": "vast", "url": "https://ads.example/vast.xml", "fullScreen": true,
                             "clickUrl": "https://adv.example/", "fallbackUrl": "https://adv.example/f",
                             "appStoreId": "1234567"}}}
        """, format: .linear)
        let expected = ServedAd(
            id: "v1", format: .linear, price: VideoAdPrice(value: 9.75, currency: "EUR", precision: .estimated),
            duration: 30.5, expiresIn: .milliseconds(60_250),
            creative: ServedCreative(
                kind: .vast, url: URL(string: "https://ads.example/vast.xml"), fullScreen: true,
                clickURL: URL(string: "https://adv.example/"), fallbackURL: URL(string: "https://adv.example/f"), appStoreID: "1234567"
            )
        )
        #expect(try tag.result.get() == .ad(expected))

        let inline = read(#"{"ad": {"id": "v2", "price": {"value": 1}, "creative": {"type": "vast", "vast": "<VAST version=\"4.0\"/>"}}}"#, format: .linear)
        guard case .ad(let ad) = try inline.result.get() else {
            Issue.record("not an ad")
            return
        }
        #expect(ad.creative.url == nil)
        #expect(ad.creative.inlineVAST == #"<VAST version="4.0"/>"#)
    }

    @Test("every skipCode maps through NoFillReason(wireCode:)", arguments: [
        ("no_ad_match", VideoAdError.NoFillReason.noAdMatch), ("unfilled_bid", .noAdMatch),
        ("frequency_cap", .frequencyCap), ("content_unsafe", .contentUnsafe), ("geo_restricted", .geoRestricted),
        ("format_not_enabled", .formatNotEnabled), ("temporary_error", .temporaryError),
        ("brand_new_reason", .other("brand_new_reason")),
    ])
    func noFill(code: String, reason: VideoAdError.NoFillReason) throws {
        let answer = read(#"{"skip": true, "skipCode": "\#(code)", "sessionId": "s-2"}"#)
        #expect(try answer.result.get() == .noFill(reason))
        #expect(answer.sessionId == "s-2")
    }

    @Test("a skip without a code, and HTTP 204, are no-fills without reason")
    func noFillUnknown() throws {
        #expect(try read(#"{"skip": true}"#).result.get() == .noFill(.unknown))
        #expect(try read("", status: 204).result.get() == .noFill(.unknown))
    }

    @Test("an error answer, on any status, carries code, message and permanence")
    func errorAnswers() {
        let body = #"{"errCode": "invalid_token", "error": "Unknown publisher token", "permanent": true}"#
        for status in [200, 400, 401, 503] {
            #expect(read(body, status: status).result == .failure(.server(code: "invalid_token", message: "Unknown publisher token", permanent: true)))
        }
        #expect(read(#"{"errCode": "busy"}"#).result == .failure(.server(code: "busy", message: nil, permanent: false)))
    }

    @Test("a non-2xx without an error body: 5xx is http_<status>, others are http(status:)")
    func statusWithoutBody() {
        #expect(read("", status: 503).result == .failure(.server(code: "http_503", message: nil, permanent: false)))
        #expect(read("<html>oops</html>", status: 500).result == .failure(.server(code: "http_500", message: nil, permanent: false)))
        #expect(read("", status: 404).result == .failure(.http(status: 404)))
        #expect(read("", status: 429).result == .failure(.http(status: 429)))
    }

    @Test("malformed answers are typed decoding errors, never a crash", arguments: [
        "", "{", "[]", "null", "<html>", "{}",
        #"{"skip": "yes"}"#,
        #"{"ad": {"id": 5, "price": {"value": 1}, "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": "2.5"}, "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": 1}}}"#,
        #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "flash", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "html"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "vast"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "html", "url": "not a url"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": -1}, "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": 1}, "expiresIn": -5, "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": 1}, "duration": "long", "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "format": "banner", "price": {"value": 1}, "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "format": "linear", "price": {"value": 1}, "creative": {"type": "html", "url": "https://x"}}}"#,
        #"{"ad": {"id": "a", "price": {"value": 1}, "creative": {"type": "html", "url": "https://x", "fullScreen": "no"}}}"#,
    ])
    func malformed(body: String) {
        let answer = read(body)
        guard case .failure(.decoding(let what)) = answer.result else {
            Issue.record("expected a decoding error, got \(answer.result)")
            return
        }
        #expect(!what.isEmpty)
    }

    @Test("the decoding error says where the wrong type was")
    func decodingErrorPath() {
        let answer = read(#"{"ad": {"id": "a", "price": {"value": "2.5"}, "creative": {"type": "html", "url": "https://x"}}}"#)
        #expect(answer.result == .failure(.decoding("wrong type at ad.price.value")))
    }
}
