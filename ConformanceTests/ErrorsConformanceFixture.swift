import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// What the error and no-fill conformance tests share: a harness with its sandbox, ads in a
/// given state, a virtual-time driver for retries, and the check every thrown call must pass
/// ("a thrown error means nothing happened on screen and nothing was fired").
@MainActor
final class ErrorsConformanceFixture {
    /// The harness the test runs in.
    let harness: KontextVideoHarness
    /// The harness's sandbox server.
    let server: SandboxAdServer
    /// The content every `VideoAds` of these tests is for.
    let content = KontextVideo.Content(id: "episode-1", language: "en")

    private init(_ harness: KontextVideoHarness) throws {
        self.harness = harness
        self.server = try #require(harness.server)
    }

    /// Runs `body` in a fresh harness; with `initialize`, the SDK is initialized (and enabled) first.
    static func run(
        initialize: Bool = true,
        creatives: ScriptedCreatives? = nil,
        _ body: @MainActor (ErrorsConformanceFixture) async throws -> Void
    ) async throws {
        try await KontextVideoHarness.run(creatives: creatives) { harness in
            let fixture = try ErrorsConformanceFixture(harness)
            if initialize {
                #expect(await harness.initialize() == .enabled)
            }
            try await body(fixture)
        }
    }

    // MARK: Ads in a given state

    /// A new `VideoAds` for the fixture's content.
    func makeAds(labels: [String: String] = [:]) -> VideoAds {
        VideoAds(content: content, labels: labels)
    }

    /// The ad for `format`, loaded, with a recording delegate.
    func loadedAd(_ format: AdFormat, from ads: VideoAds, delegate: RecordingDelegate) async throws -> VideoAd {
        let ad = try await ads.format(format)
        ad.delegate = delegate
        try await ad.load()
        #expect(ad.isLoaded && ad.isReady, "a freshly loaded ad is ready")
        return ad
    }

    /// Shows `ad`: an overlay or pause ad in `view`, a linear ad from the harness's presenter.
    func show(_ ad: VideoAd, in view: HeadlessView) throws {
        if ad.format == .linear {
            try ad.show()
        } else {
            try ad.show(in: view)
        }
    }

    /// Answers the next request for `format` with an ad that expires after `seconds`.
    func enqueueExpiringAd(_ format: AdFormat, after seconds: Double) {
        server.enqueue(.ad(SandboxAd(expiresIn: seconds)), for: Self.wire(format))
    }

    /// An ad of `format` that has ended before it was shown, for `reason`: expired (the
    /// server's expiry passed), rejected, destroyed (its `VideoAds` was destroyed) or
    /// creative-failed (its load failed with `code`). Returns the ad and its `VideoAds`.
    func invalidatedAd(
        _ format: AdFormat,
        _ reason: VideoAd.InvalidationReason,
        delegate: RecordingDelegate
    ) async throws -> (VideoAd, VideoAds) {
        let ads = makeAds()
        switch reason {
        case .expired:
            enqueueExpiringAd(format, after: 60)
        case .creativeFailed(let code):
            harness.creatives.enqueue(.fail(code: code, after: .zero), for: format)
        case .rejected, .destroyed:
            break
        }
        let ad = try await ads.format(format)
        ad.delegate = delegate
        switch reason {
        case .expired:
            try await ad.load()
            await harness.advance(by: .seconds(61))
        case .rejected:
            try await ad.load()
            try ad.reject()
        case .destroyed:
            try await ad.load()
            ads.destroy()
        case .creativeFailed:
            // Which case load() throws is ERR-027's concern; here only the invalidation matters.
            do { try await ad.load() } catch {}
        }
        #expect(ad.invalidationReason == reason, "the ad ended before it was shown for \(reason)")
        #expect(!ad.isReady && !ad.wasShown)
        return (ad, ads)
    }

    /// A new launch in which the server switches the SDK off: `KontextVideo.shared` is reset
    /// and initialized again while `/init` answers `enabled: false`. Ads from before stay in
    /// the test's hands. (The only way an ad can exist while the SDK is disabled: a launch
    /// that the server switched off never hands out an ad.)
    func relaunchDisabled(reason: String?) async {
        await harness.flushEvents()
        harness.resetSDK()
        server.enqueueInit(.disabled(reason: reason))
        #expect(await harness.initialize() == .disabled(reason: reason))
    }

    /// The sandbox's spelling of a format.
    static func wire(_ format: AdFormat) -> SandboxFormat {
        switch format {
        case .overlay: .overlay
        case .pause: .pause
        case .linear: .linear
        }
    }

    // MARK: Virtual time for retries

    /// Runs `operation` and moves virtual time through the SDK's retry back-offs (1, 2, 4 s)
    /// until it finishes: whenever the SDK waits on the clock for at most 4 s, time jumps to
    /// that deadline. Per-attempt time-outs (5 s, 16 s) are never reached this way, so every
    /// attempt really goes to the server. Gives up (and records an issue) after 5 minutes of real
    /// time, a safety net only (it must outlast the run's queueing under the thread sanitizer).
    func driving<T>(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ operation: @escaping @MainActor () async throws -> T
    ) async -> Result<T, any Error> {
        let box = ResultBox<T>()
        let task = Task { @MainActor in
            do { box.result = .success(try await operation()) } catch { box.result = .failure(error) }
        }
        let clock = harness.clock
        let started = ContinuousClock.now
        while box.result == nil {
            if let next = clock.nextDeadline, next - clock.now <= .seconds(4) {
                await clock.advanceToNextDeadline()
            } else {
                await Task.yield()
            }
            if ContinuousClock.now - started > .seconds(300) {
                task.cancel()
                Issue.record("the operation did not finish", sourceLocation: sourceLocation)
                _ = await task.value
                break
            }
        }
        return box.result ?? .failure(CancellationError())
    }

    /// Holds a result across a task.
    private final class ResultBox<T> {
        var result: Result<T, any Error>?
    }

    /// Waits, by yielding, until `condition` holds (bounded); returns whether it did.
    @discardableResult
    func yield(until condition: () -> Bool) async -> Bool {
        for _ in 0..<20_000 where !condition() {
            await Task.yield()
        }
        return condition()
    }

    // MARK: Nothing happened

    /// The public state of an ad.
    struct AdState: Equatable, CustomStringConvertible {
        var isLoaded: Bool
        var isReady: Bool
        var invalidationReason: VideoAd.InvalidationReason?
        var wasShown: Bool
        var hasEnded: Bool
        var isCompleted: Bool

        @MainActor
        init(_ ad: VideoAd) {
            isLoaded = ad.isLoaded
            isReady = ad.isReady
            invalidationReason = ad.invalidationReason
            wasShown = ad.wasShown
            hasEnded = ad.hasEnded
            isCompleted = ad.isCompleted
        }

        var description: String {
            "loaded: \(isLoaded), ready: \(isReady), invalidation: \(invalidationReason.map { "\($0)" } ?? "nil"), "
                + "shown: \(wasShown), ended: \(hasEnded), completed: \(isCompleted)"
        }
    }

    /// Everything observable that a thrown call must leave alone.
    struct Observation {
        var requests: [RecordedRequest]
        var events: [RecordedEvent]
        var pixelHits: [PixelHit]
        var callbacks: [[RecordingDelegate.Callback]]
        var placements: [[CGRect]]
        var adFrames: [CGRect?]
        var presentCount: Int
        var presenterHasAd: Bool
        var adStates: [AdState]
        var creativesOnScreen: [Bool]
    }

    /// Delivers every queued event, then records what the server, the delegates, the views, the
    /// presenter and the ads show.
    func observe(ads: [VideoAd], delegates: [RecordingDelegate], views: [HeadlessView]) async -> Observation {
        await harness.flushEvents()
        return Observation(
            requests: server.requests,
            events: server.events,
            pixelHits: server.pixelHits,
            callbacks: delegates.map(\.callbacks),
            placements: views.map(\.placements),
            adFrames: views.map(\.adFrame),
            presentCount: harness.presenter.presentCount,
            presenterHasAd: harness.presenter.current != nil,
            adStates: ads.map(AdState.init),
            creativesOnScreen: ads.map { harness.creatives.creative(for: $0)?.isOnScreen ?? false }
        )
    }

    /// Runs a call that must throw one of `accepted`, and checks that nothing happened: no
    /// delegate callback, nothing placed in a view or presented, no request, event or pixel at
    /// the server, and (unless `adStateMayChange`) every ad in `ads` exactly as it was.
    /// A failed `load()` may fire its VAST error: pass `vastError` (ad id) to allow exactly
    /// that, one `vast_error` event of the thrown code and that ad's VAST error pixels.
    /// `requestPaths` are the requests the call itself may make (`format()`: `/video/preload`).
    /// Returns the thrown error.
    @discardableResult
    func expectSilentThrow(
        _ accepted: [VideoAdError],
        ads: [VideoAd] = [],
        delegates: [RecordingDelegate] = [],
        views: [HeadlessView] = [],
        adStateMayChange: Bool = false,
        vastError vastErrorAdId: String? = nil,
        requestPaths: Set<String> = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ call: () async throws -> Void
    ) async -> VideoAdError? {
        await expectSilentThrow(
            matching: { accepted.contains($0) }, expected: accepted.map(\.description).joined(separator: " or "),
            ads: ads, delegates: delegates, views: views, adStateMayChange: adStateMayChange,
            vastError: vastErrorAdId, requestPaths: requestPaths, sourceLocation: sourceLocation, call)
    }

    /// `expectSilentThrow(_:…)` for a thrown error that `matches` (described by `expected`).
    @discardableResult
    func expectSilentThrow(
        matching matches: (VideoAdError) -> Bool,
        expected: String,
        ads: [VideoAd] = [],
        delegates: [RecordingDelegate] = [],
        views: [HeadlessView] = [],
        adStateMayChange: Bool = false,
        vastError vastErrorAdId: String? = nil,
        requestPaths: Set<String> = [],
        sourceLocation: SourceLocation = #_sourceLocation,
        _ call: () async throws -> Void
    ) async -> VideoAdError? {
        let before = await observe(ads: ads, delegates: delegates, views: views)
        var thrown: VideoAdError?
        do {
            try await call()
            Issue.record("expected \(expected), nothing was thrown", sourceLocation: sourceLocation)
        } catch let error as VideoAdError {
            thrown = error
            #expect(matches(error), "threw \(error), expected \(expected)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("threw \(error), expected \(expected)", sourceLocation: sourceLocation)
        }
        let after = await observe(ads: ads, delegates: delegates, views: views)

        #expect(after.callbacks == before.callbacks, "the delegate received nothing", sourceLocation: sourceLocation)
        #expect(after.placements == before.placements, "nothing was placed in a view", sourceLocation: sourceLocation)
        #expect(after.adFrames == before.adFrames, "nothing appeared on or left the screen", sourceLocation: sourceLocation)
        #expect(after.presentCount == before.presentCount, "nothing was presented", sourceLocation: sourceLocation)
        #expect(after.presenterHasAd == before.presenterHasAd, sourceLocation: sourceLocation)
        #expect(after.creativesOnScreen == before.creativesOnScreen, "no creative started", sourceLocation: sourceLocation)
        if !adStateMayChange {
            #expect(after.adStates == before.adStates, "the ad stays as it was", sourceLocation: sourceLocation)
        }

        let newEvents = Array(after.events.dropFirst(before.events.count))
        let newPixels = Array(after.pixelHits.dropFirst(before.pixelHits.count))
        let newRequests = Array(after.requests.dropFirst(before.requests.count))
        if let adId = vastErrorAdId {
            // The code the load failed with: thrown, or (should the SDK throw the wrong case) the invalidation.
            let code: Int? = switch thrown {
            case .creativeFailed(let code)?, .invalidated(.creativeFailed(let code))?: code
            default: nil
            }
            #expect(newEvents.map(\.type) == ["vast_error"], "only the failed load's VAST error was fired: \(newEvents.map(\.type))", sourceLocation: sourceLocation)
            #expect(newEvents.allSatisfy { $0.adId == adId && $0.data["code"]?.intValue == code },
                    "the vast_error carries the ad and the thrown code \(code.map(String.init) ?? "nil")", sourceLocation: sourceLocation)
            #expect(newPixels.allSatisfy { $0.adId == adId && $0.name.lowercased().contains("error") },
                    "only VAST error pixels were hit: \(newPixels.map(\.name))", sourceLocation: sourceLocation)
            // The load itself fetches the creative (GET); no other call to the ad server.
            let calls = newRequests.filter { $0.method == "POST" && $0.path != "/video/events" }
            #expect(calls.isEmpty, "no other call to the server: \(calls.map(\.path))", sourceLocation: sourceLocation)
        } else {
            #expect(newEvents.isEmpty, "no event was fired: \(newEvents.map(\.type))", sourceLocation: sourceLocation)
            #expect(newPixels.isEmpty, "no pixel was hit: \(newPixels.map(\.name))", sourceLocation: sourceLocation)
            let unexpected = newRequests.filter { !requestPaths.contains($0.path) }
            #expect(unexpected.isEmpty, "nothing else was sent to the server: \(unexpected.map(\.path))", sourceLocation: sourceLocation)
        }
        return thrown
    }
}
