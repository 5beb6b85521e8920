import KontextVideoTestSupport
import Foundation
import KontextVideoModels
import KontextVideoScheduling
import Testing
@testable import KontextVideoVAST
import KontextVideoConcurrency

@Suite("VASTResolver")
struct VASTResolverTests {
    private func resolver(_ fetcher: InMemoryVASTFetcher, clock: TestClock = TestClock(), maxDepth: Int = 5, events: RecordingEventMonitor? = nil) -> VASTResolver {
        VASTResolver(fetcher: fetcher, clock: clock, maxDepth: maxDepth, hopTimeout: .seconds(5), events: events)
    }

    private func resolve(_ xml: String, _ fetcher: InMemoryVASTFetcher = InMemoryVASTFetcher(), maxDepth: Int = 5) async -> VASTResolution {
        await resolver(fetcher, maxDepth: maxDepth).resolve(.document(Data(xml.utf8)))
    }

    @Test func resolvesAnInLineAd() async throws {
        let resolution = await resolve(Fixture.vast(Fixture.inline(id: "a", skip: "00:00:05")))
        #expect(resolution.error == nil)
        let ad = try #require(resolution.ads.first)
        #expect(ad.id == "a")
        #expect(ad.duration == 20)
        #expect(ad.skipOffset == 5)
        #expect(ad.mediaFile.url == "https://cdn.example.com/a.mp4")
        #expect(ad.trackingURLs("start") == ["https://t.example.com/in/start"])
        #expect(ad.wrapperChain.isEmpty)
    }

    @Test func mergesWrapperTrackingInLineFirstThenInnerThenOuterWrapper() async throws {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/w2"] = Fixture.vast(Fixture.wrapper(id: "w2", tag: "w2", uri: "/inline"))
        fetcher.documents["https://ads.example.com/inline"] = Fixture.vast(Fixture.inline(id: "in", tag: "in"))
        let events = RecordingEventMonitor()
        let resolution = await resolver(fetcher, events: events)
            .resolve(.document(Data(Fixture.vast(Fixture.wrapper(id: "w1", tag: "w1", uri: "https://ads.example.com/w2")).utf8)))
        let ad = try #require(resolution.ads.first)
        #expect(ad.impressionURLs == ["https://t.example.com/in/impression", "https://t.example.com/w2/impression", "https://t.example.com/w1/impression"])
        #expect(ad.trackingURLs("start") == ["https://t.example.com/in/start", "https://t.example.com/w2/start", "https://t.example.com/w1/start"])
        #expect(ad.trackingURLs("firstQuartile") == ["https://t.example.com/in/q1"])
        #expect(ad.clickTrackingURLs == ["https://t.example.com/in/click", "https://t.example.com/w2/click", "https://t.example.com/w1/click"])
        #expect(ad.errorURLs.count == 3)
        #expect(ad.wrapperChain.map(\.adId) == ["w1", "w2"])
        #expect(ad.wrapperChain.map(\.fetchedURL) == ["https://ads.example.com/w2", "https://ads.example.com/inline"])
        #expect(resolution.hops.count == 2)
        let hops = events.events.filter { $0.kind == .vastHop }
        #expect(hops.map { $0.attributes["depth"] } == ["1", "2"])
    }

    @Test func aWrapperPastTheDepthLimitIs302WithEveryErrorURLOfTheChain() async {
        var fetcher = InMemoryVASTFetcher()
        for depth in 1...6 {
            fetcher.documents["https://ads.example.com/w\(depth)"] = Fixture.vast(Fixture.wrapper(tag: "w\(depth)", uri: "https://ads.example.com/w\(depth + 1)"))
        }
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(tag: "w0", uri: "https://ads.example.com/w1")), fetcher)
        #expect(resolution.error?.code == .wrapperLimit)
        #expect(resolution.ads.isEmpty)
        #expect(resolution.errorURLs == (0...5).map { "https://t.example.com/w\($0)/error?c=[ERRORCODE]" })
        #expect(fetcher.requests.snapshot.count == 5)
    }

    @Test func depthZeroRefusesTheFirstWrapper() async {
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/x")), maxDepth: 0)
        #expect(resolution.error?.code == .wrapperLimit)
    }

    @Test func aHopThatDoesNotAnswerTimesOutWith301() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.hang = ["https://ads.example.com/slow"]
        let clock = TestClock()
        let resolver = resolver(fetcher, clock: clock)
        let task = Task { await resolver.resolve(.document(Data(Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/slow")).utf8))) }
        #expect(await clock.waitForSleepers())
        await clock.advance(by: .seconds(5))
        let resolution = await task.value
        #expect(resolution.error?.code == .wrapperTimeout)
        #expect(resolution.errorURLs == ["https://t.example.com/w/error?c=[ERRORCODE]"])
    }

    @Test func anUnreachableTargetIs301() async {
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/missing")))
        #expect(resolution.error?.code == .wrapperTimeout)
    }

    @Test func anEmptyTargetIs303PingingWrapperThenRootErrors() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/empty"] = Fixture.vast("", rootErrors: "<Error>https://t.example.com/empty</Error>")
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/empty")), fetcher)
        #expect(resolution.error?.code == .noAdsAfterWrapper)
        #expect(resolution.errorURLs == ["https://t.example.com/w/error?c=[ERRORCODE]", "https://t.example.com/empty"])
        #expect(resolution.errorPings.count == 1)
        var context = VASTMacroContext()
        context.cacheBusting = "1"
        #expect(resolution.errorPings[0].expandedURLs(context: context) == ["https://t.example.com/w/error?c=303", "https://t.example.com/empty"])
    }

    @Test func anEmptyRootResponseIs303WithItsRootErrors() async {
        let resolution = await resolve(Fixture.vast("", rootErrors: "<Error>https://t.example.com/no-ad</Error>"))
        #expect(resolution.error?.code == .noAdsAfterWrapper)
        #expect(resolution.errorURLs == ["https://t.example.com/no-ad"])
    }

    @Test func aMalformedTargetKeepsItsParseCode() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/bad"] = "<VAST version=\"4.0\"><Ad>"
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/bad")), fetcher)
        #expect(resolution.error?.code == .xmlParsing)
    }

    @Test func followAdditionalWrappersFalseRefusesANestedWrapperWith300() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/w2"] = Fixture.vast(Fixture.wrapper(tag: "w2", uri: "https://ads.example.com/in"))
        fetcher.documents["https://ads.example.com/in"] = Fixture.vast(Fixture.inline())
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(tag: "w1", uri: "https://ads.example.com/w2", attributes: #" followAdditionalWrappers="false""#)), fetcher)
        #expect(resolution.error?.code == .wrapperGeneral)
        #expect(resolution.errorURLs == ["https://t.example.com/w1/error?c=[ERRORCODE]", "https://t.example.com/w2/error?c=[ERRORCODE]"])
        #expect(!fetcher.requests.snapshot.contains("https://ads.example.com/in"))
    }

    @Test func withoutAllowMultipleAdsAPodTargetIsRefused() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/pod"] = Fixture.vast(Fixture.inline(id: "p1", sequence: 1))
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/pod")), fetcher)
        #expect(resolution.error?.code == .noAdsAfterWrapper)
        #expect(resolution.errorURLs == ["https://t.example.com/w/error?c=[ERRORCODE]"])
    }

    @Test func withoutAllowMultipleAdsOnlyTheFirstStandAloneAdIsTaken() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/mix"] = Fixture.vast(
            Fixture.inline(id: "p1", sequence: 1) + Fixture.inline(id: "s1") + Fixture.inline(id: "s2")
        )
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/mix")), fetcher)
        #expect(resolution.ads.map(\.id) == ["s1"])
    }

    @Test func withAllowMultipleAdsAPodTargetPlaysInSequenceOrder() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/pod"] = Fixture.vast(
            Fixture.inline(id: "b", sequence: 2) + Fixture.inline(id: "a", sequence: 1) + Fixture.inline(id: "s") + Fixture.inline(id: "c", sequence: 3)
        )
        let resolution = await resolve(Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/pod", attributes: #" allowMultipleAds="true""#)), fetcher)
        #expect(resolution.ads.map(\.id) == ["a", "b", "c"])
        #expect(resolution.ads.map(\.sequence) == [1, 2, 3])
        #expect(resolution.ads.allSatisfy { $0.impressionURLs.last == "https://t.example.com/w/impression" })
    }

    @Test func aSingleAdThroughAWrapperTakesTheWrappersSequence() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/one"] = Fixture.vast(Fixture.inline(id: "one"))
        let resolution = await resolve(Fixture.vast(
            Fixture.inline(id: "first", sequence: 1) + Fixture.wrapper(id: "w", sequence: 2, uri: "https://ads.example.com/one")
        ), fetcher)
        #expect(resolution.ads.map(\.id) == ["first", "one"])
        #expect(resolution.ads.map(\.sequence) == [1, 2])
    }

    @Test func aFailedPodWrapperWithFallbackOnNoAdIsReplacedByAStandAloneAd() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/empty"] = Fixture.vast("")
        let document = Fixture.vast(
            Fixture.wrapper(id: "w", sequence: 1, uri: "https://ads.example.com/empty", attributes: #" fallbackOnNoAd="true""#)
                + Fixture.inline(id: "p2", sequence: 2) + Fixture.inline(id: "spare")
        )
        let resolution = await resolve(document, fetcher)
        #expect(resolution.ads.map(\.id) == ["spare", "p2"])
        #expect(resolution.error == nil)
        #expect(resolution.errorPings.map(\.code) == [.noAdsAfterWrapper])
        #expect(resolution.errorPings.first?.urls == ["https://t.example.com/w/error?c=[ERRORCODE]"])
    }

    @Test func aFailedPodWrapperWithoutFallbackIsSkipped() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/empty"] = Fixture.vast("")
        let document = Fixture.vast(
            Fixture.wrapper(id: "w", sequence: 1, uri: "https://ads.example.com/empty", attributes: #" fallbackOnNoAd="false""#)
                + Fixture.inline(id: "p2", sequence: 2) + Fixture.inline(id: "spare")
        )
        #expect(await resolve(document, fetcher).ads.map(\.id) == ["p2"])
    }

    @Test func anAdBuffetFallsThroughToTheNextStandAloneAd() async {
        let document = Fixture.vast(
            #"<Ad id="empty"><InLine><AdSystem>x</AdSystem><Error>https://t.example.com/empty-err</Error><Creatives/></InLine></Ad>"#
                + Fixture.inline(id: "second") + Fixture.inline(id: "third")
        )
        let resolution = await resolve(document)
        #expect(resolution.ads.map(\.id) == ["second"])
        #expect(resolution.errorPings == [VASTErrorPing(code: .noAdsAfterWrapper, urls: ["https://t.example.com/empty-err"], message: "in-line ad empty has no creative")])
    }

    @Test func anAdWithoutSupportedMediaIs403() async {
        let resolution = await resolve(Fixture.vast(Fixture.inline(media: #"<MediaFile delivery="progressive" type="video/x-flv">https://cdn.example.com/a.flv</MediaFile>"#)))
        #expect(resolution.error?.code == .noSupportedMedia)
        #expect(resolution.errorURLs == ["https://t.example.com/in/error?c=[ERRORCODE]"])
    }

    @Test func aNonLinearOnlyAdIs201() async {
        let resolution = await resolve(Fixture.vast("""
        <Ad><InLine><AdSystem>x</AdSystem><Creatives><Creative><NonLinearAds><NonLinear/></NonLinearAds></Creative></Creatives></InLine></Ad>
        """))
        #expect(resolution.error?.code == .unexpectedLinearity)
    }

    @Test func relativeAndSchemeRelativeURIsResolveAgainstTheDocument() {
        let resolver = resolver(InMemoryVASTFetcher())
        let base = URL(string: "https://ads.example.com/tags/wrapper.xml")
        #expect(resolver.resolveURL("inline.xml", against: base)?.absoluteString == "https://ads.example.com/tags/inline.xml")
        #expect(resolver.resolveURL("/static/x.xml", against: base)?.absoluteString == "https://ads.example.com/static/x.xml")
        #expect(resolver.resolveURL("//cdn.example.com/v.xml", against: nil)?.absoluteString == "https://cdn.example.com/v.xml")
        #expect(resolver.resolveURL("file:///etc/passwd", against: base) == nil)
        #expect(resolver.resolveURL("invalid-url", against: nil) == nil)
    }

    @Test func aURLSourceIsFetchedFirst() async {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/tag"] = Fixture.vast(Fixture.wrapper(uri: "inline"))
        fetcher.documents["https://ads.example.com/inline"] = Fixture.vast(Fixture.inline(id: "x"))
        let resolution = await resolver(fetcher).resolve(.url(URL(string: "https://ads.example.com/tag")!))
        #expect(resolution.ads.map(\.id) == ["x"])
        #expect(resolution.version == "4.2")
    }

    @Test func theEndCardAndWrapperCompanionsAreMerged() async throws {
        var fetcher = InMemoryVASTFetcher()
        fetcher.documents["https://ads.example.com/in"] = Fixture.vast(Fixture.inline(extraCreatives: """
        <Creative><CompanionAds><Companion id="card" renderingMode="end-card"><StaticResource creativeType="image/png">https://c.example.com/card.png</StaticResource></Companion></CompanionAds></Creative>
        """))
        let wrapper = Fixture.wrapper(uri: "https://ads.example.com/in").replacingOccurrences(
            of: "</Creatives>", with: #"<Creative><CompanionAds><Companion id="w-banner"/></CompanionAds></Creative></Creatives>"#
        )
        let ad = try #require(await resolve(Fixture.vast(wrapper), fetcher).ads.first)
        #expect(ad.endCard?.id == "card")
        #expect(ad.companions.map(\.id) == ["card", "w-banner"])
    }

    @Test func wrapperTagURIsGetTheirRequestMacrosFilled() async throws {
        var fetcher = InMemoryVASTFetcher()
        let expected = "https://ads.example.com/in?cb=12345678&gdpr=CP-tc&bundle=so.kontext.app&unknown=%5BNOT_A_MACRO%5D"
        fetcher.documents[expected] = Fixture.vast(Fixture.inline())
        var macros = VASTMacroContext()
        macros.cacheBusting = "12345678"
        macros.gdprConsent = "CP-tc"
        macros.appBundle = "so.kontext.app"
        let resolver = VASTResolver(fetcher: fetcher, clock: TestClock(), requestMacros: macros)
        let wrapper = Fixture.vast(Fixture.wrapper(uri: "https://ads.example.com/in?cb=[CACHEBUSTING]&gdpr=[GDPRCONSENT]&bundle=[APPBUNDLE]&unknown=[NOT_A_MACRO]"))
        let resolution = await resolver.resolve(.document(Data(wrapper.utf8)))
        #expect(resolution.error == nil)
        #expect(fetcher.requests.snapshot == [expected])
    }
}
