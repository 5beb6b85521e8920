import Foundation
import Testing
import KontextVideo
import KontextVideoTesting

/// The ad on screen a row acts on.
@MainActor
struct EndStage {
    let harness: KontextVideoHarness
    let ads: VideoAds
    let ad: VideoAd
    let view: HeadlessView
    let creative: ScriptedCreative?
    let player: HeadlessPlayer?
}

/// One way an ad leaves the screen, and the end reason it must give.
struct EndReasonRow: Sendable, CustomTestStringConvertible {
    let id: String
    let label: String
    let format: AdFormat
    /// The sandbox's answer, when the default ad of the format will not do (`nil`).
    let answer: (@MainActor @Sendable (SandboxAdServer) -> SandboxAd)?
    /// Whether the overlay's `VideoAds` tracks a playing player (reporting its changes at once).
    let tracksPlayer: Bool
    let presentationSucceeds: Bool
    let act: @MainActor @Sendable (EndStage) async throws -> Void
    let reason: VideoAd.EndReason
    let isCompleted: Bool

    init(
        _ id: String, _ label: String, _ format: AdFormat,
        answer: (@MainActor @Sendable (SandboxAdServer) -> SandboxAd)? = nil,
        tracksPlayer: Bool = false,
        presentationSucceeds: Bool = true,
        reason: VideoAd.EndReason, isCompleted: Bool = false,
        act: @escaping @MainActor @Sendable (EndStage) async throws -> Void
    ) {
        self.id = id
        self.label = label
        self.format = format
        self.answer = answer
        self.tracksPlayer = tracksPlayer
        self.presentationSucceeds = presentationSucceeds
        self.act = act
        self.reason = reason
        self.isCompleted = isCompleted
    }

    var testDescription: String { "[\(id)] \(label)" }

    /// Asks for the row's ad, shows it the way its format is shown (a linear ad's first frame
    /// rendered when its presentation succeeds) and returns what `act` acts on. The SDK must be
    /// initialized.
    @MainActor
    func stage(in harness: KontextVideoHarness) async throws -> (stage: EndStage, delegate: RecordingDelegate) {
        let server = try #require(harness.server)
        let ads = VideoAds(content: AdMomentKit.content)
        var player: HeadlessPlayer?
        if tracksPlayer {
            let tracked = harness.makePlayer(isPlaying: true, reportsChanges: true)
            ads.track(tracked)
            player = tracked
        }
        let (_, ad, delegate) = try await AdMomentKit.ad(harness, format, answer: answer?(server), in: ads)
        let view = HeadlessView()
        harness.presenter.holdsDismissals = format == .linear
        harness.presenter.presentationSucceeds = presentationSucceeds
        try AdMomentKit.show(ad, in: view)
        let creative = harness.creatives.creative(for: ad)
        if format == .linear, presentationSucceeds { creative?.renderFirstFrame() }
        return (EndStage(harness: harness, ads: ads, ad: ad, view: view, creative: creative, player: player), delegate)
    }

    /// The table of `VideoAd.EndReason`: each reason, and each situation the reference names for it.
    static let all: [EndReasonRow] = [
        EndReasonRow("END-001", "overlay duration elapsed → .completed", .overlay, reason: .completed, isCompleted: true) { stage in
            await stage.harness.advance(by: .seconds(16))
        },
        EndReasonRow("END-001", "linear video played to its end, no end card → .completed", .linear, reason: .completed, isCompleted: true) { stage in
            stage.creative?.play(to: 15)
            stage.creative?.complete()
        },
        EndReasonRow("END-002", "linear Skip before the video ended → .skipped", .linear, reason: .skipped) { stage in
            stage.creative?.play(to: 6)
            stage.creative?.skip()
        },
        EndReasonRow("END-003", "overlay ✕ → .closed", .overlay, reason: .closed) { stage in
            stage.creative?.close()
        },
        EndReasonRow("END-003", "pause card ✕ → .closed", .pause, reason: .closed) { stage in
            stage.creative?.close()
        },
        EndReasonRow("END-003", "linear end card ✕ → .closed", .linear,
                     answer: { AdMomentKit.endCardAd(server: $0, id: "end-card-closed") },
                     reason: .closed, isCompleted: true) { stage in
            stage.creative?.play(to: 15)
            stage.creative?.complete()
            stage.creative?.close()
        },
        EndReasonRow("END-004", "full-screen pause ad Resume → .resumed", .pause,
                     answer: { _ in SandboxAd(fullScreen: true) }, reason: .resumed) { stage in
            stage.creative?.resume()
        },
        EndReasonRow("END-005", "pause creative fails on screen → .failed", .pause, reason: .failed) { stage in
            stage.creative?.fail(code: 403)
        },
        EndReasonRow("END-005", "overlay creative stalls on screen → .failed", .overlay, reason: .failed) { stage in
            stage.creative?.fail()
        },
        EndReasonRow("END-005", "linear creative fails on screen → .failed", .linear, reason: .failed) { stage in
            stage.creative?.fail(code: 400)
        },
        EndReasonRow("END-005", "linear ad could not be presented → .failed", .linear, presentationSucceeds: false, reason: .failed) { stage in
            // didFail comes after show() returned: let the main actor take its next turn.
            await AdMomentKit.settle(until: { stage.ad.hasEnded })
        },
        EndReasonRow("END-006", "view left the window → .interrupted", .pause, reason: .interrupted) { stage in
            stage.view.isInWindow = false
            await stage.harness.advance(by: .milliseconds(600))
        },
        EndReasonRow("END-006", "presenting controller dismissed by someone else → .interrupted", .linear, reason: .interrupted) { stage in
            stage.harness.presenter.dismissFromOutside()
        },
        EndReasonRow("END-006", "view became too small for the ad → .interrupted", .overlay, reason: .interrupted) { stage in
            stage.view.size = CGSize(width: 120, height: 60)
            await stage.harness.advance(by: .milliseconds(600))
        },
        EndReasonRow("END-007", "dismiss() on an overlay → .dismissed", .overlay, reason: .dismissed) { stage in
            try stage.ad.dismiss()
        },
        EndReasonRow("END-007", "dismiss() on a pause ad → .dismissed", .pause, reason: .dismissed) { stage in
            try stage.ad.dismiss()
        },
        EndReasonRow("END-008", "destroy() with an overlay on screen → .destroyed", .overlay, reason: .destroyed) { stage in
            stage.ads.destroy()
        },
        EndReasonRow("END-008", "destroy() with a linear ad on screen → .destroyed", .linear, reason: .destroyed) { stage in
            stage.ads.destroy()
        },
        EndReasonRow("END-011", "tracked content pauses under an overlay → .interrupted", .overlay, tracksPlayer: true, reason: .interrupted) { stage in
            await stage.harness.advance(by: .seconds(2))
            stage.player?.pause()
            await stage.harness.advance(by: .milliseconds(300))
        },
        EndReasonRow("END-011", "tracked content ends under an overlay → .interrupted", .overlay, tracksPlayer: true, reason: .interrupted) { stage in
            await stage.harness.advance(by: .seconds(2))
            stage.player?.end()
            await stage.harness.advance(by: .milliseconds(300))
        },
        EndReasonRow("END-011", "tracked player moves to another item → .interrupted", .overlay, tracksPlayer: true, reason: .interrupted) { stage in
            await stage.harness.advance(by: .seconds(2))
            stage.player?.changeItem()
            await stage.harness.advance(by: .milliseconds(300))
        },
    ]
}

@Suite("Conformance: VideoAd.EndReason")
@MainActor
struct EndReasonsConformanceTests {
    typealias Kit = AdMomentKit

    @Test("[END-001...END-008][END-011] each end reason reaches didEnd when the reference says it comes", arguments: EndReasonRow.all)
    func endReason(row: EndReasonRow) async throws {
        try await withInitializedSDK { harness in
            let (stage, delegate) = try await row.stage(in: harness)
            let ad = stage.ad, view = stage.view
            try await row.act(stage)
            if row.format == .linear, harness.presenter.isDismissing {
                #expect(delegate.endReasons.isEmpty, "a linear ad's didEnd waits for its dismissal")
                #expect(ad.hasEnded)
                harness.presenter.finishDismissal()
            }
            #expect(delegate.endReasons == [row.reason])
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: row.reason, isCompleted: row.isCompleted))
            let failed = delegate.callbacks.contains { if case .fail = $0 { true } else { false } }
            #expect(failed == (row.reason == .failed), "didFail comes before didEnd(.failed), and only then")
            if row.format != .linear {
                #expect(view.adFrame == nil, "the ad left the view")
            }
        }
    }

    @Test("[END-007][END-008] for an overlay or pause ad didEnd comes synchronously, inside dismiss() and destroy()")
    func didEndSynchronousInsideDismissAndDestroy() async throws {
        try await withInitializedSDK { harness in
            for format in [AdFormat.overlay, .pause] {
                let dismissed = try await Kit.ad(harness, format)
                try Kit.show(dismissed.ad)
                try dismissed.ad.dismiss()
                #expect(dismissed.delegate.endReasons == [.dismissed], "\(format)")

                let destroyed = try await Kit.ad(harness, format)
                try Kit.show(destroyed.ad)
                destroyed.ads.destroy()
                #expect(destroyed.delegate.endReasons == [.destroyed], "\(format)")
            }
        }
    }

    @Test("[END-009] a pause card's ✕ leaves the tracked content paused")
    func pauseCloseLeavesContentPaused() async throws {
        try await withInitializedSDK { harness in
            let ads = VideoAds(content: Kit.content)
            let player = harness.makePlayer(isPlaying: true, reportsChanges: true)
            ads.track(player)
            await harness.advance(by: .seconds(30))
            player.pause()
            let (_, ad, delegate) = try await Kit.ad(harness, .pause, in: ads)
            try Kit.show(ad)
            try #require(harness.creatives.creative(for: ad)).close()
            await harness.advance(by: .seconds(5))
            #expect(delegate.endReasons == [.closed])
            #expect(!player.isPlaying)
            #expect(player.currentTime == 30)
        }
    }

    @Test("[END-010] closing a linear end card after the video completed: didEnd(.closed) with isCompleted == true")
    func endCardClosedIsClosedAndCompleted() async throws {
        try await withInitializedSDK { harness in
            let server = try #require(harness.server)
            let (_, ad, delegate) = try await Kit.ad(harness, .linear, answer: Kit.endCardAd(server: server, id: "end-card-ad"))
            try Kit.show(ad)
            let video = try #require(harness.creatives.creative(for: ad))
            video.renderFirstFrame()
            video.play(to: 15)
            video.complete()
            #expect(delegate.endReasons.isEmpty, "the end card stays after the video completed")
            #expect(ad.isCompleted)
            await harness.advance(by: .seconds(3))
            video.close()
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .closed, isCompleted: true))
            #expect(ad.isCompleted)
            let ended = await Kit.events(harness, type: "ended", adId: ad.id)
            #expect(ended.first?.data["reason"]?.stringValue == "closed")
            #expect(ended.first?.data["completed"]?.boolValue == true)
        }
    }

    @Test("[END-012] the ad on screen when its VideoAds is destroyed: didEnd(.destroyed), ended event with reason destroyed")
    func destroyedOnScreen() async throws {
        try await withInitializedSDK { harness in
            let (ads, ad, delegate) = try await Kit.ad(harness, .pause)
            try Kit.show(ad)
            ads.destroy()
            #expect(delegate.callbacks.last == .end(adId: ad.id, reason: .destroyed, isCompleted: false))
            let ended = await Kit.events(harness, type: "ended", adId: ad.id)
            #expect(ended.count == 1)
            #expect(ended.first?.data["reason"]?.stringValue == "destroyed")
            #expect(ended.first?.data["completed"]?.boolValue == false)
            #expect(await Kit.events(harness, type: "dropped", adId: ad.id).isEmpty, "a shown ad is ended, not dropped")
        }
    }

    @Test("[END-013] one ended event per shown ad, its reason and completed flag matching didEnd and isCompleted")
    func endedEventMatchesDidEnd() async throws {
        try await withInitializedSDK { harness in
            var shown: [(VideoAd, RecordingDelegate)] = []

            let overlay = try await Kit.ad(harness, .overlay)
            try Kit.show(overlay.ad)
            await harness.advance(by: .seconds(16))
            shown.append((overlay.ad, overlay.delegate))

            let pause = try await Kit.ad(harness, .pause)
            try Kit.show(pause.ad)
            harness.creatives.creative(for: pause.ad)?.close()
            shown.append((pause.ad, pause.delegate))

            let linear = try await Kit.ad(harness, .linear)
            try Kit.show(linear.ad)
            let video = try #require(harness.creatives.creative(for: linear.ad))
            video.renderFirstFrame()
            video.play(to: 15)
            video.complete()
            shown.append((linear.ad, linear.delegate))

            let skipped = try await Kit.ad(harness, .linear)
            try Kit.show(skipped.ad)
            harness.creatives.creative(for: skipped.ad)?.skip()
            shown.append((skipped.ad, skipped.delegate))

            let failed = try await Kit.ad(harness, .pause)
            try Kit.show(failed.ad)
            harness.creatives.creative(for: failed.ad)?.fail(code: 405)
            try failed.ad.dismiss()
            shown.append((failed.ad, failed.delegate))

            for (ad, delegate) in shown {
                let reasons = delegate.endReasons
                #expect(reasons.count == 1, "\(ad.id)")
                let ended = await Kit.events(harness, type: "ended", adId: ad.id)
                #expect(ended.count == 1, "\(ad.id)")
                #expect(ended.first?.data["reason"]?.stringValue == reasons.first?.rawValue, "\(ad.id)")
                #expect(ended.first?.data["completed"]?.boolValue == ad.isCompleted, "\(ad.id)")
            }
            #expect(shown.map(\.0.isCompleted) == [true, false, true, false, false])
        }
    }
}
