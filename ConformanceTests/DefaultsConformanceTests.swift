import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The documented defaults of parameters and protocol methods: each default behaves exactly as
/// the value it stands for. (`Configuration`'s defaults are in `SampleModelsConformanceTests`.)
@Suite("Conformance: defaults")
@MainActor
struct DefaultsConformanceTests {
    @Test("[DEF-003] show(in:) without insets lays the ad out exactly as show(in:insets: .zero)", arguments: [AdFormat.overlay, .pause])
    func insetsDefaultToZero(format: AdFormat) async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let first = try await loadedAd(ads, format)
            let defaultView = HeadlessView()
            try first.show(in: defaultView)
            try first.dismiss()
            let second = try await loadedAd(ads, format)
            let zeroView = HeadlessView()
            try second.show(in: zeroView, insets: .zero)
            #expect(defaultView.placements.first != nil)
            #expect(defaultView.placements.first == zeroView.placements.first)
            // And not as any other insets would.
            try second.dismiss()
            let third = try await loadedAd(ads, format)
            let insetView = HeadlessView()
            try third.show(in: insetView, insets: VideoAdInsets(top: 40, bottom: 80))
            #expect(insetView.placements.first != defaultView.placements.first)
        }
    }

    @Test("[DEF-004] reject() sends the same reject event as reject(.notUsed): {\"reason\": \"not_used\"}")
    func rejectDefaultsToNotUsed() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let ads = VideoAds(content: .episodeOne)
            let implicit = try await ads.format(.overlay)
            let explicit = try await ads.format(.pause)
            try implicit.reject()
            try explicit.reject(.notUsed)
            #expect(implicit.invalidationReason == .rejected && explicit.invalidationReason == .rejected)
            await harness.flushEvents()
            let events = try await server.waitForEvents(count: 2)
            let byAd = Dictionary(events.filter { $0.type == "reject" }.map { ($0.adId ?? "", $0.data) }, uniquingKeysWith: { a, _ in a })
            #expect(byAd[implicit.id] == ["reason": "not_used"])
            #expect(byAd[explicit.id] == ["reason": "not_used"])
        }
    }

    @Test("[DEF-005] show() presents exactly as show(from: nil): from the key window's top view controller")
    func showDefaultsToNil() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let first = try await loadedAd(ads, .linear)
            try first.show()
            #expect(harness.presenter.presentCount == 1)
            #expect(harness.presenter.current?.ad === first)
            let creative = try #require(harness.creatives.creative(for: first))
            creative.renderFirstFrame()
            creative.complete()
            #expect(first.hasEnded)
            #expect(harness.presenter.current == nil)

            let second = try await loadedAd(ads, .linear)
            try second.show(from: nil)
            #expect(harness.presenter.presentCount == 2)
            #expect(harness.presenter.current?.ad === second)
        }
    }

    @Test("[DEF-006] a delegate implementing only videoAd(_:didEnd:) conforms and receives didEnd")
    func delegateMethodsHaveEmptyDefaults() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .pause)
            let delegate = OnlyDidEnd()
            ad.delegate = delegate
            let view = HeadlessView()
            try ad.show(in: view) // the impression goes to the empty default
            let creative = try #require(harness.creatives.creative(for: ad))
            creative.click() // and so does the click
            try ad.dismiss()
            #expect(delegate.reasons == [.dismissed])
        }
    }

    @Test("[DEF-007] Content(id:language:) needs nothing else; every other field is nil and omitted (not null) from the ads request")
    func contentDefaults() async throws {
        let minimal = KontextVideo.Content(id: "episode-1", language: "en")
        #expect(minimal.mediaRating == nil && minimal.url == nil && minimal.title == nil && minimal.categories == nil)
        #expect(minimal.description == nil && minimal.duration == nil && minimal.episodeNumber == nil)
        #expect(minimal.keywords == nil && minimal.genre == nil && minimal.series == nil)
        let sent = try await preloadBody(VideoAds(content: minimal))
        #expect(sent?["content"] == ["id": "episode-1", "language": "en"])
    }

    @Test("[DEF-008] an unset mediaRating is omitted from the ads request, never sent as \"safe\"")
    func mediaRatingOmittedWhenUnset() async throws {
        let unrated = KontextVideo.Content(id: "episode-1", language: "en", title: "Love", genre: "romance")
        let sent = try await preloadBody(VideoAds(content: unrated))
        let contentObject = try #require(sent?["content"]?.objectValue)
        #expect(contentObject["mediaRating"] == nil)
        #expect(contentObject["title"] == "Love")
    }

    @Test("[DEF-009] VideoAds(content:) sends no labels")
    func noLabelsByDefault() async throws {
        let sent = try await preloadBody(VideoAds(content: .episodeOne))
        #expect(sent != nil)
        #expect(sent?["labels"] == nil)
    }
}

// MARK: - Helpers

/// The body of the ads request `makeAds()` sends for a pause ad (the harness is running by then).
@MainActor
private func preloadBody(_ makeAds: @autoclosure @MainActor () -> VideoAds) async throws -> JSONValue? {
    try await withInitializedSDK { harness in
        let ads = makeAds()
        _ = try await ads.format(.pause)
        let server = try #require(harness.server)
        #expect(server.protocolViolations.isEmpty, "\(server.protocolViolations)")
        return server.requests(path: "/video/preload").last?.json
    }
}

/// A delegate that implements only `videoAd(_:didEnd:)`.
@MainActor
private final class OnlyDidEnd: VideoAdDelegate {
    private(set) var reasons: [VideoAd.EndReason] = []

    func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason) {
        reasons.append(reason)
    }
}
