import Foundation
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoCreatives

/// The entry point of the SDK, one instance: ``shared``.
///
/// Start the SDK once, at launch, with your publisher token; then create a ``VideoAds`` per
/// episode and ask it for ads. What you learn about the viewer (``user``) and the consent
/// signals your app holds (``regulatory``) can be set at any time: the next ads request carries
/// them.
///
/// ```swift
/// KontextVideo.shared.initialize(with: .init(publisherToken: "acme")) { state in
///     print("Kontext:", state)
/// }
/// KontextVideo.shared.user = .init(id: "viewer-42", keywords: ["romance"])
/// ```
///
/// Like every public type of the SDK it is `@MainActor`: call it from the main thread.
@MainActor
public final class KontextVideo {
    /// How the SDK starts: your publisher token, the tracking dialog and the log level.
    ///
    /// ```swift
    /// let configuration = KontextVideo.Configuration(publisherToken: "acme",
    ///                                                 logLevel: .info)
    /// ```
    public typealias Configuration = KontextVideoConfiguration
    /// The outcome of ``initialize(with:)``: `.enabled`, `.disabled(reason:)` or `.failed`.
    public typealias State = KontextVideoState
    /// The video the ads are for; everything beyond its `id` and `language` is contextual signal.
    ///
    /// ```swift
    /// let content = KontextVideo.Content(id: "episode-1", language: "en",
    ///                                     title: "The Pilot", genre: "romance")
    /// ```
    public typealias Content = KontextVideoContent
    /// What the app knows about the viewer: your id, an email or its hash, interests.
    public typealias User = KontextVideoUser
    /// Privacy and consent signals the consent platform did not write, and COPPA.
    public typealias Regulatory = KontextVideoRegulatory

    /// The one instance of the SDK.
    public static let shared = KontextVideo()

    /// The SDK's version, as sent with every request. For your logs and crash reports.
    public nonisolated let version: String = KontextVideoVersion.current

    /// What you know about the viewer. Set it whenever you learn it; the next ads request carries it.
    ///
    /// Set `email` only when the viewer's consent allows it; the server hashes it on arrival and
    /// never stores the plain address. An `emailHash` that is not 64 lowercase hex characters is
    /// left out of requests, with a console warning.
    ///
    /// ```swift
    /// let hash = KontextVideo.User.hashEmail("jane@example.com")
    /// KontextVideo.shared.user = .init(id: "viewer-42", emailHash: hash)
    /// ```
    public var user: User?

    /// Privacy and consent signals. The SDK reads TCF values from your consent platform's shared
    /// storage; set here what it did not write (COPPA always comes from you).
    ///
    /// A value the consent platform wrote to `UserDefaults` (`IABTCF_TCString`, `IABTCF_gdprApplies`,
    /// `IABGPP_HDR_GppString`, `IABGPP_GppSID`, `IABUSPrivacy_String`) wins over the one set here.
    ///
    /// ```swift
    /// KontextVideo.shared.regulatory = .init(coppa: false)
    /// ```
    public var regulatory: Regulatory?

    /// Selects which type of ad to render, for A/B tests agreed with Kontext. `nil` (the default)
    /// sends none.
    public var variantId: String?

    /// The SDK's inner life — requests, retries, VAST hops, beacons, state changes, delegate
    /// callbacks, warnings — for logs and debug views. Printed to the console by `logLevel`.
    ///
    /// Every subscriber hears every event, whatever the log level; nothing of it is sent to the
    /// server.
    ///
    /// ```swift
    /// Task {
    ///     for await event in KontextVideo.shared.events.events()
    ///     where event.kind == .warning {
    ///         print(event)
    ///     }
    /// }
    /// ```
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
    package private(set) var applicationIsActive = true
    /// Bumped by `reset`, so an initialization started before it does not install its runtime after.
    private var generation = 0
    /// The retired runtime's shutdown, which a new initialization waits for.
    private var retiring: Task<Void, Never>?
    /// The App Tracking Transparency dialog, asked at most once per launch before the first ads request.
    private var trackingAuthorization: Task<Void, Never>?

    private init() {}

    /// Starts the SDK: stores the configuration and calls the server in the background.
    ///
    /// Call it once, at app launch; later calls are ignored (their `completion` receives the SDK's
    /// state). It requests no ad and shows nothing: the first ``VideoAds/format(_:)`` waits for
    /// the server's answer, within its own time budget.
    ///
    /// ```swift
    /// KontextVideo.shared.initialize(with: .init(publisherToken: "acme")) { state in
    ///     print("Kontext:", state)   // .enabled, .disabled(reason:) or .failed
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: Your publisher token, whether the SDK shows the tracking dialog, and how
    ///     much it prints. Only the first call's configuration counts.
    ///   - completion: Runs on the main actor once the server answered or failed, with the
    ///     resulting ``State``; `nil` (the default) when you don't need it.
    public func initialize(with configuration: Configuration, completion: (@MainActor (State) -> Void)? = nil) {
        let task = start(configuration)
        Task { @MainActor in
            let state = await task.value
            completion?(state)
        }
    }

    /// Starts the SDK from `async` code and returns the resulting state.
    ///
    /// The same as ``initialize(with:completion:)``: call it once, at launch; later calls are
    /// ignored and return the SDK's state. `.failed` is not final: every ads request retries the
    /// server first.
    ///
    /// ```swift
    /// let configuration = KontextVideo.Configuration(publisherToken: "acme")
    /// let state = await KontextVideo.shared.initialize(with: configuration)
    /// if case .disabled(let reason) = state {
    ///     print("Kontext switched the SDK off for this launch:", reason ?? "no reason")
    /// }
    /// ```
    ///
    /// - Parameter configuration: Your publisher token, whether the SDK shows the tracking dialog,
    ///   and how much it prints. Only the first call's configuration counts.
    /// - Returns: `.enabled`, `.disabled(reason:)` (the server switched the SDK off for this launch)
    ///   or `.failed` (the server could not be reached; every ads request retries first).
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

    /// A signal of the audio session, the volume or a click-through for the ad on screen: its
    /// playback decides what it means (`LinearPlaybackSession`). The harness's way to play the
    /// device; on iOS and tvOS the renderer hears the system itself.
    package func deliverPlaybackSignal(_ signal: PlaybackSignal) {
        adOnScreen?.renderer?.receive(signal)
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
