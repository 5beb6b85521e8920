import Foundation
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoCreatives

/// The entry point of the SDK, one instance: `KontextVideo.shared`.
@MainActor
public final class KontextVideo {
    /// How the SDK starts.
    public typealias Configuration = KontextVideoConfiguration
    /// The outcome of `initialize(with:)`.
    public typealias State = KontextVideoState
    /// The video the ads are for.
    public typealias Content = KontextVideoContent
    /// What the app knows about the viewer.
    public typealias User = KontextVideoUser
    /// Privacy and consent signals.
    public typealias Regulatory = KontextVideoRegulatory

    /// The one instance.
    public static let shared = KontextVideo()

    /// The SDK's version, as sent with every request.
    public nonisolated let version: String = KontextVideoVersion.current

    /// What the app knows about the viewer. Set it whenever it is learned; the next ads request carries it.
    public var user: User?

    /// Privacy and consent signals. The SDK reads TCF values from the consent platform's shared
    /// storage; set here what it did not write (COPPA always comes from the app).
    public var regulatory: Regulatory?

    /// Selects which type of ad to render, for A/B tests agreed with Kontext.
    public var variantId: String?

    /// The SDK's inner life — requests, retries, VAST hops, beacons, state changes, delegate
    /// callbacks, warnings — for logs and debug views. Printed to the console by `logLevel`.
    public let events = KontextVideoEventStream(consoleLevel: .warning)

    /// How the SDK reaches the outside world; replaced by `KontextVideoTesting` before `initialize`.
    package var environment = SDKEnvironment.platformDefault()

    /// Where initialization stands.
    package private(set) var phase: InitializationPhase = .notInitialized

    /// The ad on screen, from any `VideoAds`: only one at a time.
    package var adOnScreen: VideoAd?

    /// The live runtime, once `initialize` was called.
    package private(set) var runtime: SDKRuntime?

    private var retryTask: Task<State, Never>?
    /// Whether the app is in the foreground, known before the runtime exists.
    private var applicationIsActive = true
    /// Bumped by `reset`, so an initialization started before it does not install its runtime after.
    private var generation = 0
    /// The retired runtime's shutdown, which a new initialization waits for.
    private var retiring: Task<Void, Never>?
    /// The App Tracking Transparency dialog, asked at most once per launch before the first ads request.
    private var trackingAuthorization: Task<Void, Never>?

    private init() {}

    /// Starts the SDK: stores the configuration and calls the server in the background. Call it once,
    /// at app launch; later calls are ignored (their completion still receives the first call's state).
    /// `completion` runs on the main actor once the server answered or failed.
    public func initialize(with configuration: Configuration, completion: (@MainActor (State) -> Void)? = nil) {
        let task = start(configuration)
        Task { @MainActor in
            let state = await task.value
            completion?(state)
        }
    }

    /// Starts the SDK from `async` code and returns the resulting state: `.enabled`,
    /// `.disabled(reason:)` or `.failed`. Later calls are ignored and return the first call's state.
    @discardableResult
    public func initialize(with configuration: Configuration) async -> State {
        await start(configuration).value
    }

    private func start(_ configuration: Configuration) -> Task<State, Never> {
        switch phase {
        case .initializing(let task):
            return task
        case .finished(let state):
            return Task { state }
        case .notInitialized:
            events.logLevel = configuration.logLevel
            events.record(KontextVideoEvent(.state, .initialize, level: .info, attributes: ["server": configuration.serverURL.absoluteString]))
            let environment = self.environment
            let events = self.events
            let generation = self.generation
            let retiring = self.retiring
            let task = Task { @MainActor [weak self] () -> State in
                // A runtime a reset retired must be done with the storage before a new one opens it.
                await retiring?.value
                // Opening the durable queue and reading the install id touch the disk: off the main actor.
                let client = await SDKRuntime.makeClient(configuration: configuration, environment: environment, events: events)
                guard let self, self.generation == generation else { return .failed }
                let runtime = SDKRuntime(
                    configuration: configuration, environment: environment, events: events,
                    client: client, isActive: self.applicationIsActive)
                self.runtime = runtime
                self.followApplicationActivity(on: environment.platform)
                let state = await runtime.client.initialize()
                if self.generation == generation { self.finishInitialization(state) }
                return state
            }
            phase = .initializing(task)
            return task
        }
    }

    private func finishInitialization(_ state: State) {
        phase = .finished(state)
        events.record(KontextVideoEvent(.state, .initialized, level: .info, attributes: ["state": "\(state)"]))
    }

    /// Throws unless the SDK is enabled; a `.failed` initialization is retried first (once per call,
    /// concurrent callers share the retry). Waiting for an initialization under way and the retry
    /// both live inside the caller's `budget`: when it runs out first, `.initializationFailed`.
    package func requireEnabled(budget: TimeBudget) async throws(VideoAdError) -> SDKRuntime {
        let generation = self.generation
        var state: State
        switch phase {
        case .notInitialized: throw .notInitialized
        case .initializing(let task): state = await Self.value(of: task, within: budget)
        case .finished(let finished): state = finished
        }
        // A reset while waiting puts the SDK back to its launch state.
        guard self.generation == generation, let runtime, !runtime.isShutDown else { throw .notInitialized }
        if state == .failed {
            let retry = retryTask ?? Task { @MainActor [weak self] () -> State in
                let retried = await runtime.client.initialize()
                guard let self, self.generation == generation else { return retried }
                self.finishInitialization(retried)
                self.retryTask = nil
                return retried
            }
            retryTask = retry
            state = await Self.value(of: retry, within: budget)
            guard self.generation == generation else { throw .notInitialized }
        }
        switch state {
        case .enabled:
            if runtime.configuration.requestTrackingAuthorization {
                // Every ads request waits for the one dialog, so none leaves before it was answered.
                let platform = runtime.environment.platform
                let asking = trackingAuthorization ?? Task { @MainActor in await Self.askForTrackingAuthorization(on: platform) }
                trackingAuthorization = asking
                await asking.value
            }
            return runtime
        case .disabled(let reason): throw .disabled(reason: reason)
        case .failed: throw .initializationFailed
        }
    }

    /// The state `task` settles on, or `.failed` when `budget` runs out first (the task goes on).
    private static func value(of task: Task<State, Never>, within budget: TimeBudget) async -> State {
        (try? await budget.run { await task.value }) ?? .failed
    }

    /// Returns once a runtime retired by `reset` is done with its storage (queued writes on disk,
    /// delivery stopped). An initialization cut short by the reset may still open the storage
    /// once; it is not waited for, since its `/init` may never be answered.
    package func waitForRetiredRuntime() async {
        await retiring?.value
    }

    /// The SDK's state without waiting: `nil` before `initialize` finished.
    package var currentState: State? {
        if case .finished(let state) = phase { return state }
        return nil
    }

    /// Follows the app's foreground and background on `platform`, from its state now (a launch
    /// may happen in the background); the platform observes once per process.
    private func followApplicationActivity(on platform: any PlatformServices) {
        let isActive = platform.observeApplicationActivity { active in
            KontextVideo.shared.setApplicationActive(active)
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
    package func setApplicationActive(_ active: Bool) {
        applicationIsActive = active
        runtime?.activeTime.setActive(active)
        adOnScreen?.onScreen?.applicationActivityChanged(active)
    }

    /// Puts the shared instance back to its launch state, for tests: ends the ad on screen
    /// without callbacks, forgets the configuration and restores the platform environment.
    package func reset(environment: SDKEnvironment = .platformDefault()) {
        adOnScreen?.abandonForReset()
        adOnScreen = nil
        generation += 1
        applicationIsActive = true
        if let old = runtime {
            old.shutdown()
            let previous = retiring
            retiring = Task { @MainActor in
                await previous?.value
                await old.shutDownAndWait()
            }
        }
        runtime = nil
        retryTask = nil
        trackingAuthorization = nil
        phase = .notInitialized
        user = nil
        regulatory = nil
        variantId = nil
        events.logLevel = .warning
        self.environment = environment
    }
}
