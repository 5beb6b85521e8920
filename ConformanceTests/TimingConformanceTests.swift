import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The SDK's clocks, on the harness's virtual clock: the 10 s of active time a creative gets to
/// load, the half-second interruption check, the four-a-second `isPlaying` poll, synchronous
/// ends, and an overlay's own duration.
@Suite("Conformance: timing")
@MainActor
struct TimingConformanceTests {
    // MARK: The load time-out

    @Test("[TIME-001] a creative that never reports ready fails load() with creativeFailed after 10 s of active time, not before")
    func loadTimesOutAfterTenSeconds() async throws {
        try await withInitializedSDK { harness in
            harness.creatives.enqueue(.stall, for: .pause)
            let ads = VideoAds(content: .episodeOne)
            let ad = try await ads.format(.pause)
            let probe = LoadProbe(ad)
            await harness.advance(by: .milliseconds(9_900))
            #expect(!probe.isFinished, "load() ended before 10 s: \(String(describing: probe.error))")
            await harness.advance(by: .milliseconds(100))
            await probe.task?.value
            #expect(probe.isFinished)
            #expect(isCreativeFailed(probe.error), "\(String(describing: probe.error))")
            #expect(!ad.isLoaded && !ad.isReady)
        }
    }

    @Test("[TIME-002] time in the background does not count toward the 10 s load time-out")
    func backgroundTimeDoesNotCount() async throws {
        try await withInitializedSDK { harness in
            harness.creatives.enqueue(.stall, for: .pause)
            let ads = VideoAds(content: .episodeOne)
            let ad = try await ads.format(.pause)
            let probe = LoadProbe(ad)
            await harness.advance(by: .seconds(9))
            harness.enterBackground()
            await harness.advance(by: .seconds(120))
            #expect(!probe.isFinished, "load() counted time in the background")
            harness.enterForeground()
            await harness.advance(by: .milliseconds(900))
            #expect(!probe.isFinished, "load() ended after 9.9 s of active time")
            await harness.advance(by: .milliseconds(100))
            await probe.task?.value
            #expect(isCreativeFailed(probe.error), "\(String(describing: probe.error))")
        }
    }

    // MARK: Interruptions

    /// One way a presentation disappears without the SDK causing it.
    struct InterruptionRow: Sendable, CustomTestStringConvertible {
        enum Cause: String, Sendable { case leftWindow, hidden, tooSmall, presenterDismissed }
        let cause: Cause
        var testDescription: String { "[TIME-003] \(cause.rawValue)" }
    }

    @Test("[TIME-003] an interruption is noticed within 0.5 s of virtual time", arguments: [
        InterruptionRow(cause: .leftWindow), InterruptionRow(cause: .hidden),
        InterruptionRow(cause: .tooSmall), InterruptionRow(cause: .presenterDismissed),
    ])
    func interruptionNoticedWithinHalfASecond(row: InterruptionRow) async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let delegate = RecordingDelegate()
            let view = HeadlessView()
            let ad: VideoAd
            if row.cause == .presenterDismissed {
                ad = try await loadedAd(ads, .linear)
                ad.delegate = delegate
                try ad.show()
            } else {
                ad = try await loadedAd(ads, .pause)
                ad.delegate = delegate
                try ad.show(in: view)
            }
            await harness.advance(by: .milliseconds(500))
            #expect(!ad.hasEnded)
            switch row.cause {
            case .leftWindow: view.isInWindow = false
            case .hidden: view.isHidden = true
            case .tooSmall: view.size = CGSize(width: 120, height: 120)
            case .presenterDismissed: harness.presenter.dismissFromOutside()
            }
            await harness.advance(by: .milliseconds(500))
            #expect(delegate.endReasons == [.interrupted])
        }
    }

    // MARK: The isPlaying poll

    @Test("[TIME-004] without isPlaying updates, an overlay ends with .interrupted within one poll (0.25 s) of isPlaying turning false")
    func pollNoticesPauseWithinAQuarterSecond() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let player = CountingPlayer(harness.makePlayer(isPlaying: true, reportsChanges: false))
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            let delegate = shown.delegate
            await harness.advance(by: .seconds(1))
            #expect(delegate.endReasons.isEmpty)
            player.inner.pause()
            await harness.advance(by: .milliseconds(250))
            #expect(delegate.endReasons == [.interrupted])
        }
    }

    @Test("[TIME-005] isPlaying is read about 4 times a virtual second while an overlay is on screen, and not after didEnd")
    func isPlayingReadFourTimesASecond() async throws {
        try await withInitializedSDK { harness in
            harness.server?.enqueue(.ad(SandboxAd(duration: nil)), for: .overlay)
            let ads = VideoAds(content: .episodeOne)
            let player = CountingPlayer(harness.makePlayer(isPlaying: true, reportsChanges: false))
            ads.track(player)
            let shown = try await shownAd(ads, .overlay)
            let ad = shown.ad
            let delegate = shown.delegate
            player.isPlayingReads = 0
            await harness.advance(by: .seconds(10))
            #expect((36...44).contains(player.isPlayingReads), "\(player.isPlayingReads) reads in 10 s")
            try ad.dismiss()
            #expect(delegate.endReasons == [.dismissed])
            player.isPlayingReads = 0
            await harness.advance(by: .seconds(10))
            #expect(player.isPlayingReads == 0)
        }
    }

    // MARK: Synchronous ends

    @Test("[TIME-006] didEnd(.dismissed) is delivered before dismiss() returns", arguments: [AdFormat.overlay, .pause])
    func dismissEndsSynchronously(format: AdFormat) async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, format)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            try ad.show(in: HeadlessView())
            try ad.dismiss()
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .dismissed, isCompleted: false))
            #expect(ad.hasEnded)
        }
    }

    @Test("[TIME-007] for overlay and pause ads didEnd comes before destroy() or dismiss() returns, also from inside a delegate callback")
    func endsAreSynchronousEvenReentrantly() async throws {
        try await withInitializedSDK { harness in

            // destroy(), from the app.
            let first = VideoAds(content: .episodeOne)
            let pause = try await loadedAd(first, .pause)
            let pauseDelegate = RecordingDelegate()
            pause.delegate = pauseDelegate
            try pause.show(in: HeadlessView())
            first.destroy()
            #expect(pauseDelegate.endReasons == [.destroyed])

            // dismiss(), from inside the impression callback.
            let second = VideoAds(content: .episodeOne)
            let overlay = try await loadedAd(second, .overlay)
            let overlayDelegate = RecordingDelegate()
            overlay.delegate = overlayDelegate
            var endedBeforeDismissReturned: Bool?
            overlayDelegate.onCallback = { [weak overlay, weak overlayDelegate] callback in
                guard case .impression = callback, let overlay else { return }
                try? overlay.dismiss()
                endedBeforeDismissReturned = overlayDelegate?.endReasons == [.dismissed]
            }
            try overlay.show(in: HeadlessView())
            #expect(endedBeforeDismissReturned == true)
            #expect(overlayDelegate.endReasons == [.dismissed])

            // destroy(), from inside the impression callback.
            let third = VideoAds(content: .episodeOne)
            let card = try await loadedAd(third, .pause)
            let cardDelegate = RecordingDelegate()
            card.delegate = cardDelegate
            var endedBeforeDestroyReturned: Bool?
            cardDelegate.onCallback = { [weak third, weak cardDelegate] callback in
                guard case .impression = callback, let third else { return }
                third.destroy()
                endedBeforeDestroyReturned = cardDelegate?.endReasons == [.destroyed]
            }
            try card.show(in: HeadlessView())
            #expect(endedBeforeDestroyReturned == true)
            #expect(cardDelegate.endReasons == [.destroyed])
        }
    }

    // MARK: An overlay's own duration

    @Test("[TIME-008] without a player, an overlay of duration D is on screen just before D and ends .completed at D")
    func overlayCompletesAtItsDuration() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .overlay)
            #expect(ad.duration == 15)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            let view = HeadlessView()
            try ad.show(in: view)
            await harness.advance(by: .milliseconds(14_900))
            #expect(delegate.endReasons.isEmpty)
            #expect(view.adFrame != nil)
            await harness.advance(by: .milliseconds(100))
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .completed, isCompleted: true))
            #expect(ad.isCompleted)
            #expect(view.adFrame == nil)
        }
    }

    @Test("[TIME-009] an overlay with nil duration stays on screen indefinitely (minutes of virtual time), until something ends it")
    func overlayWithoutDurationStays() async throws {
        try await withInitializedSDK { harness in
            harness.server?.enqueue(.ad(SandboxAd(duration: nil)), for: .overlay)
            let ads = VideoAds(content: .episodeOne)
            let ad = try await loadedAd(ads, .overlay)
            #expect(ad.duration == nil)
            let delegate = RecordingDelegate()
            ad.delegate = delegate
            let view = HeadlessView()
            try ad.show(in: view)
            // Eight times the default 15 s; an hour of virtual time costs ~12 s of real time
            // (the view is measured every half second), too slow for the suite.
            await harness.advance(by: .seconds(120))
            #expect(delegate.endReasons.isEmpty)
            #expect(!ad.hasEnded && !ad.isCompleted)
            #expect(view.adFrame != nil)
            try ad.dismiss()
            #expect(delegate.endReasons == [.dismissed])
            #expect(!ad.isCompleted)
        }
    }
}

// MARK: - Helpers

private func isCreativeFailed(_ error: (any Error)?) -> Bool {
    if case .creativeFailed? = error as? VideoAdError { return true }
    return false
}

/// Runs `ad.load()` in a task and records when and how it finished.
@MainActor
private final class LoadProbe {
    private(set) var isFinished = false
    private(set) var error: (any Error)?
    private(set) var task: Task<Void, Never>?

    init(_ ad: VideoAd) {
        task = Task { @MainActor [weak self] in
            do {
                try await ad.load()
            } catch {
                self?.error = error
            }
            self?.isFinished = true
        }
    }
}

