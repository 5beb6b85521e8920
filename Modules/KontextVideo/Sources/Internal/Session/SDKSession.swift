import Foundation
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoCreatives

/// One launch of the SDK: the world it runs on, where initialization stands, the runtime
/// `initialize` made and the ad on screen. `LaunchState` holds one at a time and begins each
/// the same way (`LaunchState.beginSession(on:)`): the app's, at first use, on the platform's
/// world; a test kit's on its own world, replacing the one before.
///
/// Work a session started (an initialization, a retry) that finishes after a later session began
/// changes nothing: a session that ended is never the SDK's again.
@MainActor
package final class SDKSession {
    /// How the SDK reaches the outside world: time, the network, disk, consent storage, creatives
    /// and the platform.
    package let environment: SDKEnvironment
    /// Where initialization stands.
    package private(set) var phase: InitializationPhase = .notInitialized
    /// The live runtime, once `initialize` was called.
    package private(set) var runtime: SDKRuntime?
    /// The ad on screen, from any `VideoAds`: only one at a time.
    package var adOnScreen: VideoAd?
    /// Whether the app is in the foreground, known before the runtime exists.
    package private(set) var applicationIsActive = true
    /// The scenes heard going to the background and not yet back (`AdSceneRule`).
    private var scenesInBackground: Set<SceneIdentity> = []
    /// The App Store ids whose view-through window is open: Apple keeps one per advertised app
    /// (`AttributionPlan`).
    var openViewThroughApps: Set<String> = []

    private let events: KontextVideoEventStream
    /// Set by `end()`: a later session is the SDK's.
    private var hasEnded = false
    /// The end of the session before this one: its runtime must be done with the storage before
    /// this one's opens it.
    private let predecessorEnd: Task<Void, Never>?
    private var retryTask: Task<KontextVideoState, Never>?
    /// The App Tracking Transparency dialog being asked for, before an ads request; every request
    /// under way waits for the same one.
    private var trackingAuthorization: Task<Void, Never>?
    /// Whether the tracking dialog (when the app asked for it) was answered, and how often it was
    /// asked: requests need not wait once it was (`TrackingPrompt`).
    private var trackingPrompt = TrackingPrompt()

    /// A session on `environment`, reporting to `events`, that opens the storage once
    /// `predecessorEnd` (the replaced session's `end()`) finished.
    init(environment: SDKEnvironment, events: KontextVideoEventStream, after predecessorEnd: Task<Void, Never>?) {
        self.environment = environment
        self.events = events
        self.predecessorEnd = predecessorEnd
    }

    /// The SDK's state without waiting: `nil` before `initialize` finished.
    package var currentState: KontextVideoState? {
        if case .finished(let state) = phase { return state }
        return nil
    }

    /// Starts initialization, or joins the one under way, or returns the state it finished in.
    func start(_ configuration: KontextVideoConfiguration, regulatory: KontextVideoRegulatory?) -> Task<KontextVideoState, Never> {
        switch phase {
        case .initializing(let task):
            return task
        case .finished(let state):
            return Task { state }
        case .notInitialized:
            events.logLevel = configuration.logLevel
            events.record(KontextVideoEvent(.state, .initialize, level: .info, attributes: [
                "server": configuration.serverURL.absoluteString, "version": KontextVideoVersion.current,
            ]))
            if let info = environment.appInfoDictionary { AttributionInfoPlistCheck.report(info(), to: events) }
            let environment = self.environment
            let events = self.events
            let task = Task { @MainActor [weak self] () -> KontextVideoState in
                let controlTexts = SDKRuntime.startReadingControlTexts(configuration: configuration, environment: environment)
                guard let client = await self?.makeClientAfterPredecessor(configuration, regulatory: regulatory) else { return .failed }
                let texts = await controlTexts.value
                guard let self, !self.hasEnded else {
                    // Ended while its client was made: the client's /init had left already, and
                    // the caller hears its answer; the client delivers nothing and gives its queue
                    // up (what waits there is the next session's).
                    await client.pipeline.stop()
                    return await client.stateOfInitSentAtCreation() ?? .failed
                }
                let runtime = SDKRuntime(
                    configuration: configuration, environment: environment, events: events,
                    client: client, isActive: self.applicationIsActive, controlTexts: texts)
                self.runtime = runtime
                self.followApplicationActivity(on: environment.platform)
                let state = await runtime.client.initialize()
                if !self.hasEnded { self.finishInitialization(state) }
                return state
            }
            phase = .initializing(task)
            return task
        }
    }

    /// Makes the runtime's client once the replaced session is done with the storage (`nil` when
    /// this one ended meanwhile). Opening the durable queue and reading the install id touch the
    /// disk: off the main actor.
    private func makeClientAfterPredecessor(_ configuration: KontextVideoConfiguration, regulatory: KontextVideoRegulatory?) async -> AdServerClient? {
        await waitForPredecessor()
        // Ended meanwhile: opening the queue and sending `/init` are the next session's.
        guard !hasEnded else { return nil }
        return await SDKRuntime.makeClient(configuration: configuration, environment: environment, events: events, regulatory: regulatory)
    }

    /// Returns once the session this one replaced is done with the storage (queued writes on
    /// disk, delivery stopped); at once for the app's first session. An initialization the
    /// replaced session cut short may still open the storage once; it is not waited for, since
    /// its `/init` may never be answered.
    package func waitForPredecessor() async {
        await predecessorEnd?.value
    }

    private func finishInitialization(_ state: KontextVideoState) {
        phase = .finished(state)
        var attributes = ["state": "\(state)"]
        if case .disabled(let reason) = state { attributes["reason"] = reason ?? "" }
        events.record(KontextVideoEvent(.state, .initialized, level: .info, attributes: attributes))
    }

    /// The runtime, when an ad request may leave now without waiting for anything: the SDK
    /// initialized and enabled, this session the SDK's, and the tracking dialog (when the app asked
    /// for it) answered. `nil` sends the caller through `requireEnabled(budget:)`, which waits,
    /// retries `/init` and asks.
    var runtimeReadyForRequests: SDKRuntime? {
        guard case .finished(.enabled) = phase, !hasEnded, let runtime else { return nil }
        if runtime.configuration.requestTrackingAuthorization, trackingPrompt.needsAsking { return nil }
        return runtime
    }

    /// Throws unless the SDK is enabled; a `.failed` initialization is retried first (once per call,
    /// concurrent callers share the retry). Waiting for an initialization under way and the retry
    /// both live inside the caller's `budget`: when it runs out first, `.initializationFailed`.
    ///
    /// This is the one place that decides to retry `/init` ("every ads request retries first",
    /// the reference says): `AdServerClient.requestAd` only refuses when the SDK is not enabled.
    /// It lives here, not in the client, because the tracking dialog comes between the two: it
    /// is asked for only once the state is `.enabled`, and no ad request may leave before it was
    /// answered, so the retry has to be over before the request is made.
    func requireEnabled(budget: TimeBudget, regulatory: KontextVideoRegulatory?) async throws(VideoAdError) -> SDKRuntime {
        // Nothing to wait for: the same test `format()` makes before it sends at once.
        if let ready = runtimeReadyForRequests { return ready }
        var state: KontextVideoState
        switch phase {
        case .notInitialized: throw .notInitialized
        case .initializing(let task): state = await Self.value(of: task, within: budget)
        case .finished(let finished): state = finished
        }
        // A session that ended while the caller waited is not the SDK's: it is in its launch state.
        guard !hasEnded, let runtime else { throw .notInitialized }
        if state == .failed {
            let retry = retryTask ?? Task { @MainActor [weak self] () -> KontextVideoState in
                let retried = await runtime.client.initialize()
                guard let self, !self.hasEnded else { return retried }
                self.finishInitialization(retried)
                self.retryTask = nil
                return retried
            }
            retryTask = retry
            state = await Self.value(of: retry, within: budget)
            guard !hasEnded else { throw .notInitialized }
        }
        switch state {
        case .enabled:
            // Consent decides whether the dialog may show (COPPA, GDPR without Purpose 1: its answer
            // could not be used): `ConsentPolicy`, read until the dialog was asked for.
            if runtime.configuration.requestTrackingAuthorization, trackingPrompt.needsAsking, trackingAuthorization != nil
                || ConsentPolicy(ConsentSignals(defaults: runtime.environment.defaults, regulatory: regulatory, tracking: nil)).trackingPrompt {
                // Every ads request under way waits for the one dialog, so none leaves before it was answered.
                let platform = runtime.environment.platform
                let asking = trackingAuthorization ?? Task { @MainActor in await Self.askForTrackingAuthorization(on: platform) }
                trackingAuthorization = asking
                await asking.value
                // The first waiter back records the attempt; a dialog that did not show is asked
                // for again by the next request (`TrackingPrompt`).
                if trackingAuthorization == asking, !hasEnded {
                    trackingAuthorization = nil
                    trackingPrompt.asked(statusAfterwards: platform.trackingAuthorizationStatus)
                }
            }
            return runtime
        case .disabled(let reason): throw .disabled(reason: reason)
        case .failed: throw .initializationFailed
        }
    }

    /// The state `task` settles on, or `.failed` when `budget` runs out first (the task goes on).
    private static func value(of task: Task<KontextVideoState, Never>, within budget: TimeBudget) async -> KontextVideoState {
        (try? await budget.run { await task.value }) ?? .failed
    }

    /// Follows the app's foreground and background on `platform`, from its state now (a launch
    /// may happen in the background); the platform observes once per process, so what it hears
    /// goes to whichever session is the SDK's then.
    private func followApplicationActivity(on platform: any PlatformServices) {
        let isActive = platform.observeApplicationActivity { active in
            KontextVideo.shared.setApplicationActive(active)
        }
        platform.observeScenes { change, scene in
            KontextVideo.shared.session.sceneChanged(change, of: scene)
        }
        if let isActive { setApplicationActive(isActive) }
    }

    /// Shows the App Tracking Transparency dialog, when the app asked the SDK to
    /// (`Configuration.requestTrackingAuthorization`), only to a user who was never asked.
    private static func askForTrackingAuthorization(on platform: any PlatformServices) async {
        guard platform.trackingAuthorizationStatus?.canAskUser == true else { return }
        await platform.requestTrackingAuthorization()
    }

    /// The app moved to the background (`false`) or the foreground (`true`): time in the
    /// background does not count toward the creative load time-out.
    func setApplicationActive(_ active: Bool) {
        applicationIsActive = active
        runtime?.activeTime.setActive(active)
        let adScene = adOnScreen?.live?.scene
        let inBackground = adScene.map(scenesInBackground.contains) ?? false
        apply(AdSceneRule.reaction(adScene: adScene, adSceneInBackground: inBackground, toApplicationActive: active))
    }

    /// One of the app's scenes moved: the ad on screen follows its own scene (`AdSceneRule`).
    func sceneChanged(_ change: SceneChange, of scene: SceneIdentity) {
        if change == .enteredBackground { scenesInBackground.insert(scene) } else { scenesInBackground.remove(scene) }
        guard let ad = adOnScreen else { return }
        apply(AdSceneRule.reaction(adScene: ad.live?.scene, ending: !ad.lifecycle.isOnScreen, to: change, of: scene))
    }

    /// Does what `reaction` says to the ad on screen.
    private func apply(_ reaction: AdSceneRule.Reaction) {
        guard let ad = adOnScreen else { return }
        switch reaction {
        case .none:
            break
        case .pause, .resume:
            // The ad out of sight closes its view-through window for good (`AttributionPlan`).
            if reaction == .pause { ad.live?.attribution?.left(.background) }
            ad.live?.onScreen?.applicationActivityChanged(reaction == .resume)
        case .endWithSurfaceGone:
            ad.live?.onScreen?.sceneDisconnected()
            ad.apply(.end(.interrupted))
        case .surfaceGone:
            // Its dismissal was under way in the removed scene: `didEnd` need not wait for it, and
            // the presentation's watchdog and pending take-down go with the scene.
            ad.live?.onScreen?.sceneDisconnected()
            ad.apply(.takenDown)
        }
    }

    /// Ends the session for the one replacing it: the ad on screen stops without callbacks or
    /// events, the runtime stops talking to the server, work under way changes nothing. Returns
    /// the task that finishes once nothing this session (or one before it) started still writes
    /// to the storage.
    func end() -> Task<Void, Never> {
        hasEnded = true
        adOnScreen?.apply(.abandon)
        adOnScreen = nil
        retryTask = nil
        trackingAuthorization = nil
        let predecessorEnd = self.predecessorEnd
        guard let runtime else { return Task { await predecessorEnd?.value } }
        runtime.shutdown()
        return Task { @MainActor in
            await predecessorEnd?.value
            await runtime.shutDownAndWait()
        }
    }
}
