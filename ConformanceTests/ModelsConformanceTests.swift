import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The public value types: what each field of `Content`, `User` and `Regulatory` becomes on the
/// wire (as the sandbox received it), and the facts of a `VideoAd` read from the server's answer.
@Suite("Conformance: models")
@MainActor
struct ModelsConformanceTests {
    @Test("[MOD-001] KontextVideo, VideoAds and VideoAd are called synchronously from main-actor code")
    func publicTypesAreMainActor() async throws {
        try await withInitializedSDK { harness in
            // Synchronous calls from a @MainActor context: this compiles only because the types
            // are main-actor isolated (or nonisolated), never behind an `await`.
            let sdk = KontextVideo.shared
            sdk.variantId = "a"
            sdk.user = KontextVideo.User(id: "viewer-1")
            let ads = VideoAds(content: .episodeOne)
            #expect(ads.content == .episodeOne && !ads.isDestroyed)
            let ad = try await ads.format(.pause)
            #expect(!ad.isLoaded && !ad.wasShown && !ad.hasEnded)
            try ad.reject()
            #expect(ad.invalidationReason == .rejected)
            ads.destroy()
            #expect(ads.isDestroyed)
        }
    }

    // MARK: What the ads request carries

    @Test("[MOD-004] Content.id is sent unchanged, whatever its scheme", arguments: [
        "episode-1", "series/42/episode 7", "épisode-ü-日本", "urn:video:1?x=y&z",
    ])
    func contentIdUnchanged(id: String) async throws {
        let body = try await preloadBody(content: KontextVideo.Content(id: id, language: "en"))
        #expect(body?["content"]?["id"]?.stringValue == id)
    }

    @Test("[MOD-005] Content.language is sent unchanged", arguments: ["en", "pt-BR", "zh-Hant-TW"])
    func languageUnchanged(language: String) async throws {
        let body = try await preloadBody(content: KontextVideo.Content(id: "e1", language: language))
        #expect(body?["content"]?["language"]?.stringValue == language)
    }

    @Test("[MOD-006] mediaRating .safe and .explicit are sent as \"safe\" and \"explicit\"", arguments: [
        KontextVideo.Content.Rating.safe, .explicit,
    ])
    func mediaRatingOnTheWire(rating: KontextVideo.Content.Rating) async throws {
        let body = try await preloadBody(content: KontextVideo.Content(id: "e1", language: "en", mediaRating: rating))
        #expect(body?["content"]?["mediaRating"]?.stringValue == (rating == .safe ? "safe" : "explicit"))
    }

    @Test("[MOD-007] every contextual Content field that is set is sent unchanged in content")
    func contextualFieldsUnchanged() async throws {
        let full = KontextVideo.Content(
            id: "episode-3", language: "en",
            url: URL(string: "https://example.com/shows/love/3"),
            title: "Love, again", categories: ["IAB1", "IAB1-6"], description: "Episode three.",
            duration: 1320.5, episodeNumber: 3, keywords: ["romance", "office"], genre: "romance")
        let body = try await preloadBody(content: full)
        let sent = try #require(body?["content"])
        #expect(sent["url"]?.stringValue == "https://example.com/shows/love/3")
        #expect(sent["title"]?.stringValue == "Love, again")
        #expect(sent["categories"] == ["IAB1", "IAB1-6"])
        #expect(sent["description"]?.stringValue == "Episode three.")
        #expect(sent["duration"]?.doubleValue == 1320.5)
        #expect(sent["episodeNumber"]?.doubleValue == 3)
        #expect(sent["keywords"] == ["romance", "office"])
        #expect(sent["genre"]?.stringValue == "romance")
    }

    @Test("[MOD-008] a series is sent unchanged as content.series")
    func seriesUnchanged() async throws {
        var withSeries = KontextVideo.Content.episodeOne
        withSeries.series = KontextVideo.Content.Series(id: "s1", title: "Love", description: "A drama.", episodeCount: 80)
        let body = try await preloadBody(content: withSeries)
        #expect(body?["content"]?["series"] == ["id": "s1", "title": "Love", "description": "A drama.", "episodeCount": 80])
    }

    @Test("[MOD-009][MOD-010][MOD-011][MOD-012] User id, email, emailHash and keywords are sent unchanged, keywords in order")
    func userFieldsUnchanged() async throws {
        let hash = "973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b" // SHA-256 of "test@example.com"
        let user = KontextVideo.User(id: "viewer-1", email: "Viewer@Example.com", emailHash: hash, keywords: ["zebra", "apple", "mango"])
        let body = try await preloadBody(content: .episodeOne, user: user)
        let sent = try #require(body?["user"])
        #expect(sent["id"]?.stringValue == "viewer-1")
        #expect(sent["email"]?.stringValue == "Viewer@Example.com")
        #expect(sent["emailHash"]?.stringValue == hash)
        #expect(sent["keywords"] == ["zebra", "apple", "mango"])
    }

    @Test("[MOD-013] gdpr and gdprConsent set by the app are sent as regulatory.gdpr (0/1) and regulatory.gdprConsent", arguments: [true, false])
    func gdprOnTheWire(gdpr: Bool) async throws {
        let body = try await preloadBody(content: .episodeOne, regulatory: KontextVideo.Regulatory(gdpr: gdpr, gdprConsent: "CPXxRfAPXxRfA"))
        #expect(body?["regulatory"]?["gdpr"] == .number(gdpr ? 1 : 0))
        #expect(body?["regulatory"]?["gdprConsent"]?.stringValue == "CPXxRfAPXxRfA")
    }

    @Test("[MOD-014] coppa is sent as 0/1 when set, and omitted when the app did not set it, whatever the device storage holds")
    func coppaOnlyFromTheApp() async throws {
        try await KontextVideoHarness.run { harness in
            let server = try #require(harness.server)
            harness.defaults.set(1, forKey: "IABTCF_gdprApplies")
            harness.defaults.set(1, forKey: "coppa")
            harness.defaults.set(1, forKey: "IABTCF_coppa")
            await harness.initialize()
            let ads = VideoAds(content: .episodeOne)
            _ = try await ads.format(.overlay)
            #expect(server.requests(path: "/video/preload").last?.json?["regulatory"]?["coppa"] == nil)
            KontextVideo.shared.regulatory = KontextVideo.Regulatory(coppa: true)
            _ = try await ads.format(.pause)
            #expect(server.requests(path: "/video/preload").last?.json?["regulatory"]?["coppa"] == 1)
            KontextVideo.shared.regulatory = KontextVideo.Regulatory(coppa: false)
            _ = try await ads.format(.linear)
            #expect(server.requests(path: "/video/preload").last?.json?["regulatory"]?["coppa"] == 0)
        }
    }

    @Test("[MOD-015] gpp and gppSid are sent unchanged")
    func gppUnchanged() async throws {
        let body = try await preloadBody(content: .episodeOne, regulatory: KontextVideo.Regulatory(gpp: "DBABMA~CPXxRfAPXxRfAAfKABENB", gppSid: [7, 2, 3]))
        #expect(body?["regulatory"]?["gpp"]?.stringValue == "DBABMA~CPXxRfAPXxRfAAfKABENB")
        #expect(body?["regulatory"]?["gppSid"] == [7, 2, 3])
    }

    @Test("[MOD-016] usPrivacy is sent unchanged")
    func usPrivacyUnchanged() async throws {
        let body = try await preloadBody(content: .episodeOne, regulatory: KontextVideo.Regulatory(usPrivacy: "1YNN"))
        #expect(body?["regulatory"]?["usPrivacy"]?.stringValue == "1YNN")
    }

    @Test("[MOD-018] VideoAds.content is the Content it was created with")
    func contentIsWhatItWasCreatedWith() {
        let full = KontextVideo.Content(id: "e9", language: "pt-BR", mediaRating: .explicit, title: "T",
                                        series: KontextVideo.Content.Series(id: "s"))
        let ads = VideoAds(content: full, labels: ["stage": "first_episode"])
        #expect(ads.content == full)
        ads.destroy()
    }

    // MARK: The facts of an ad

    @Test("[MOD-002] duration 15 and price.value 2.5 in the answer give ad.duration == 15 s and price.value == 2.5 CPM, unconverted")
    func secondsAndCPM() async throws {
        try await withInitializedSDK { harness in
            harness.server?.enqueue(.ad(SandboxAd(price: SandboxPrice(value: 2.5), duration: 15)), for: .overlay)
            harness.server?.enqueue(.ad(SandboxAd(price: SandboxPrice(value: 0.37), duration: 7.25)), for: .pause)
            let ads = VideoAds(content: .episodeOne)
            let ad = try await ads.format(.overlay)
            #expect(ad.duration == 15)
            #expect(ad.price.value == 2.5)
            let cheap = try await ads.format(.pause)
            #expect(cheap.price.value == 0.37)
        }
    }

    @Test("[MOD-019] ad.id is the answer's ad id and ad.format the format asked for", arguments: [AdFormat.overlay, .pause, .linear])
    func idAndFormat(format: AdFormat) async throws {
        try await withInitializedSDK { harness in
            let sandboxFormat = try #require(SandboxFormat(rawValue: format.rawValue))
            harness.server?.enqueue(.ad(SandboxAd(id: "ad-\(format.rawValue)-xyz")), for: sandboxFormat)
            let ad = try await VideoAds(content: .episodeOne).format(format)
            #expect(ad.id == "ad-\(format.rawValue)-xyz")
            #expect(ad.format == format)
        }
    }

    @Test("[MOD-020][MOD-021] price.currency is the answer's ISO 4217 code and precision follows exact / estimated")
    func currencyAndPrecision() async throws {
        try await withInitializedSDK { harness in
            harness.server?.enqueue(.ad(SandboxAd(price: SandboxPrice(value: 3, currency: "EUR", precision: "exact"))), for: .overlay)
            harness.server?.enqueue(.ad(SandboxAd(price: SandboxPrice(value: 1.2, currency: "JPY", precision: "estimated"))), for: .pause)
            let ads = VideoAds(content: .episodeOne)
            let exact = try await ads.format(.overlay)
            #expect(exact.price.currency == "EUR")
            #expect(exact.price.precision == .exact)
            let estimated = try await ads.format(.pause)
            #expect(estimated.price.currency == "JPY")
            #expect(estimated.price.precision == .estimated)
        }
    }

    @Test("[MOD-022] an overlay's duration is the answer's duration, or nil when the answer has none")
    func overlayDuration() async throws {
        try await withInitializedSDK { harness in
            harness.server?.enqueue(.ad(SandboxAd(duration: 8)), .ad(SandboxAd(duration: nil)), for: .overlay)
            let ads = VideoAds(content: .episodeOne)
            let timed = try await ads.format(.overlay)
            #expect(timed.duration == 8)
            try timed.reject()
            let untimed = try await ads.format(.overlay)
            #expect(untimed.duration == nil)
        }
    }

    @Test("[MOD-023] a linear ad's duration is the video's length")
    func linearDurationIsTheVideosLength() async throws {
        try await withInitializedSDK { harness in
            // The VAST video is 30 s long; the answer's own duration field says otherwise.
            harness.server?.enqueue(.ad(SandboxAd(duration: 30, extraFields: ["duration": 99])), for: .linear)
            let ads = VideoAds(content: .episodeOne)
            let ad = try await ads.format(.linear)
            try await ad.load()
            #expect(ad.duration == 30)
        }
    }

    @Test("[MOD-024] a pause ad's duration is nil even when the answer carries one")
    func pauseDurationIsNil() async throws {
        try await withInitializedSDK { harness in
            harness.server?.enqueue(.ad(SandboxAd(duration: 20)), for: .pause)
            let ads = VideoAds(content: .episodeOne)
            let ad = try await ads.format(.pause)
            #expect(ad.duration == nil)
            try await ad.load()
            #expect(ad.duration == nil)
        }
    }
}

// MARK: - Helpers

/// The body of the one ads request a `VideoAds` for `content` sends, with `user` and `regulatory` set.
@MainActor
private func preloadBody(
    content: KontextVideo.Content,
    user: KontextVideo.User? = nil,
    regulatory: KontextVideo.Regulatory? = nil
) async throws -> JSONValue? {
    try await withInitializedSDK { harness in
        KontextVideo.shared.user = user
        KontextVideo.shared.regulatory = regulatory
        _ = try await VideoAds(content: content).format(.pause)
        let server = try #require(harness.server)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        return server.requests(path: "/video/preload").last?.json
    }
}
