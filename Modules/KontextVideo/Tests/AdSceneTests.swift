import Foundation
import Testing
@testable import KontextVideo
import KontextVideoTesting

/// The ad on screen follows its own scene: `AdSceneRule`'s table, then through the facade with the
/// headless platform's scenes (Stage Manager: two windows, one of them the ad's).
@Suite("Ads follow their scene")
@MainActor
struct AdSceneTests {
    /// A scene for a test.
    private final class Scene {}
    private let sceneA = Scene(), sceneB = Scene()
    private var a: SceneIdentity { SceneIdentity(sceneA) }
    private var b: SceneIdentity { SceneIdentity(sceneB) }

    @Test("every move of the ad's scene, of another scene, and of the app")
    func table() {
        typealias Rule = AdSceneRule
        let rows: [(SceneIdentity?, Bool, SceneChange, SceneIdentity, Rule.Reaction)] = [
            (a, false, .enteredBackground, a, .pause),
            (a, false, .enteredForeground, a, .resume),
            (a, false, .disconnected, a, .endWithSurfaceGone),
            (a, true, .enteredBackground, a, .none),
            (a, true, .enteredForeground, a, .none),
            (a, true, .disconnected, a, .surfaceGone),
        ]
        for (adScene, ending, change, scene, reaction) in rows {
            #expect(Rule.reaction(adScene: adScene, ending: ending, to: change, of: scene) == reaction, "\(change), ending: \(ending)")
        }
        for change in SceneChange.allCases {
            for ending in [false, true] {
                #expect(Rule.reaction(adScene: a, ending: ending, to: change, of: b) == .none, "another scene's \(change)")
                #expect(Rule.reaction(adScene: nil, ending: ending, to: change, of: b) == .none, "unknown scene, \(change)")
            }
        }
        // The app's own moves: (ad's scene, heard in the background, active) → reaction.
        let appRows: [(SceneIdentity?, Bool, Bool, Rule.Reaction)] = [
            (nil, false, false, .pause), (nil, false, true, .resume),
            (a, false, false, .pause), (a, true, false, .pause),
            (a, false, true, .resume),  // a platform that reported no move of the ad's scene
            (a, true, true, .none),  // another scene came back: the ad waits for its own
        ]
        for (adScene, inBackground, active, reaction) in appRows {
            #expect(Rule.reaction(adScene: adScene, adSceneInBackground: inBackground, toApplicationActive: active) == reaction,
                    "scene known: \(adScene != nil), in background: \(inBackground), active: \(active)")
        }
    }

    /// Begins a session on a headless platform with `scenes`, initialized.
    private func initialize(with scenes: TestScenes, _ harness: KontextVideoHarness) async {
        let presenter = harness.presenter, opener = harness.clickOpener
        KontextVideo.shared.beginSession {
            $0.platform = HeadlessPlatform(defaultPresenter: { presenter }, clickOpener: opener, scenes: scenes)
        }
        await harness.initialize()
    }

    @Test func anOverlayPausesWithItsSceneOnlyAndEndsWhenItIsClosed() async throws {
        try await KontextVideoHarness.run { harness in
            let scenes = TestScenes()
            await initialize(with: scenes, harness)
            let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
            let overlay = try await ads.format(.overlay)
            try await overlay.load()
            let delegate = RecordingDelegate()
            overlay.delegate = delegate
            let view = HeadlessView()
            scenes.place(view, in: a)
            try overlay.show(in: view)
            let duration = try #require(overlay.duration)

            scenes.report(.enteredBackground, of: b)  // another window
            await harness.advance(by: .seconds(1))
            scenes.report(.enteredBackground, of: a)  // its own window, the app still in the foreground
            await harness.advance(by: .seconds(duration + 5))
            #expect(delegate.endReasons.isEmpty, "no time counted while its window is in the background")
            harness.enterBackground()
            scenes.report(.enteredForeground, of: b)
            harness.enterForeground()  // the app is back with the other window only
            await harness.advance(by: .seconds(duration + 5))
            #expect(delegate.endReasons.isEmpty, "still waiting for its own window")
            scenes.report(.enteredForeground, of: a)
            await harness.advance(by: .seconds(1))
            #expect(delegate.endReasons.isEmpty, "1 s of its duration counted")

            scenes.report(.disconnected, of: b)
            #expect(delegate.endReasons.isEmpty, "another window closed")
            scenes.report(.disconnected, of: a)
            #expect(delegate.endReasons == [.interrupted], "its window closed: ended at once")

            let next = try await ads.format(.pause)
            try await next.load()
            try next.show(in: HeadlessView())
            #expect(next.wasShown, "the one on-screen slot is free")
        }
    }

    /// A linear ad shown from a presenter placed in `scene`, whose dismissals never finish (as
    /// UIKit never finishes one in a removed scene).
    func showLinearHoldingDismissals(in scene: SceneIdentity, of scenes: TestScenes, delegate: RecordingDelegate,
                                     _ harness: KontextVideoHarness) async throws -> (VideoAds, VideoAd) {
        await initialize(with: scenes, harness)
        scenes.place(harness.presenter, in: scene)
        harness.presenter.holdsDismissals = true
        let ads = VideoAds(content: .init(id: "episode-1", language: "en"))
        let linear = try await ads.format(.linear)
        try await linear.load()
        linear.delegate = delegate
        try linear.show()
        await harness.advance(by: .zero)
        return (ads, linear)
    }

    @Test func aLinearAdWhoseSceneIsClosedEndsAndFreesTheSlot() async throws {
        try await KontextVideoHarness.run { harness in
            let scenes = TestScenes()
            let delegate = RecordingDelegate()
            let (ads, linear) = try await showLinearHoldingDismissals(in: a, of: scenes, delegate: delegate, harness)
            scenes.report(.disconnected, of: a)
            #expect(delegate.endReasons == [.interrupted])

            let next = try await ads.format(.pause)
            try await next.load()
            try next.show(in: HeadlessView())
            #expect(next.wasShown, "no anotherAdShowing")
            withExtendedLifetime(linear) {}
        }
    }

    @Test func aLinearAdEndingWhenItsSceneIsClosedDoesNotWaitForTheDismissal() async throws {
        try await KontextVideoHarness.run { harness in
            let scenes = TestScenes()
            let delegate = RecordingDelegate()
            let (ads, linear) = try await showLinearHoldingDismissals(in: a, of: scenes, delegate: delegate, harness)
            try #require(harness.creatives.creative(for: linear)).skip()
            #expect(harness.presenter.isDismissing)
            #expect(delegate.endReasons.isEmpty, "didEnd waits for the dismissal")
            scenes.report(.disconnected, of: a)
            #expect(delegate.endReasons == [.skipped])
            harness.presenter.finishDismissal()
            #expect(delegate.endReasons == [.skipped], "once")
            withExtendedLifetime(ads) {}
        }
    }
}

/// The app's scenes for these tests: which view or presenter is in which scene, and each scene's
/// moves as the test reports them.
@MainActor
final class TestScenes: HeadlessSceneModel {
    private var placed: [ObjectIdentifier: SceneIdentity] = [:]
    private var onChange: (@MainActor (SceneChange, SceneIdentity) -> Void)?

    /// Puts `surface` (kept alive by the test) in `scene`.
    func place(_ surface: AnyObject, in scene: SceneIdentity) {
        placed[ObjectIdentifier(surface)] = scene
    }

    /// `scene` moved.
    func report(_ change: SceneChange, of scene: SceneIdentity) {
        onChange?(change, scene)
    }

    func scene(of surface: AnyObject) -> SceneIdentity? {
        placed[ObjectIdentifier(surface)]
    }

    func observe(_ onChange: @escaping @MainActor (SceneChange, SceneIdentity) -> Void) {
        self.onChange = onChange
    }
}
