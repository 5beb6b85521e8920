import Foundation
import KontextVideo
import KontextVideoSandbox
import KontextVideoNetworking
import KontextVideoCreatives
import KontextVideoScheduling
import KontextVideoTestSupport
import KontextVideoConcurrency

/// Runs the whole SDK headless and deterministic, for the SDK's own tests and a publisher's:
/// a sandbox ad server on loopback, a virtual clock, a fresh storage directory and consent store,
/// scripted creatives, a headless presenter, and `KontextVideo.shared` reset around it.
///
/// ```swift
/// try await KontextVideoHarness.run { harness in
///     await harness.initialize()
///     let ads = VideoAds(content: .init(id: "e1", language: "en"))
///     let ad = try await ads.format(.pause)
/// }
/// ```
///
/// The SDK under a harness is the one your app ships, with its outside world replaced: requests go
/// to ``server`` (or ``serverURL``) and to loopback only — a request to any other host is refused
/// as if the device were offline and fails the run (``UnplannedRequests``) —, time is ``clock``,
/// the consent platform's storage is ``defaults``, creatives are ``creatives``, and `show()`
/// presents from ``presenter``.
///
/// On its sandbox the ids the SDK makes count from 1 instead of being random: the first ad
/// request's `requestId` is `00000000-0000-4000-8000-000000000001`, and the events and pixels
/// queued after it take the next ones, so a test's ids are the same on every run. Against a
/// server of your own (`serverURL`) they stay random, as in the app: that server may keep event
/// ids from earlier runs, and drops an event whose id it has seen.
@MainActor
public final class KontextVideoHarness {
    /// Runs `body` with a fresh harness, torn down afterwards. Harnesses run one at a time per
    /// process (they share `KontextVideo.shared`), so tests using `run` may be parallel otherwise.
    ///
    /// ```swift
    /// @Test @MainActor func noFillSaysWhy() async throws {
    ///     try await KontextVideoHarness.run { harness in
    ///         harness.server?.enqueue(.noFill(skipCode: "frequency_cap"), for: .pause)
    ///         await harness.initialize()
    ///         let ads = VideoAds(content: .init(id: "e1", language: "en"))
    ///         await #expect(throws: VideoAdError.noFill(reason: .frequencyCap)) {
    ///             try await ads.format(.pause)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - serverURL: A server of your own to talk to instead of a fresh sandbox; `nil` (the
    ///     default) starts a ``SandboxAdServer`` on loopback.
    ///   - creatives: How creatives load and behave; `nil` (the default) fetches every creative
    ///     from the server, as the SDK does.
    ///   - body: The test, on the main actor, given the harness.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``UnplannedRequests`` when the SDK tried to reach a host other
    ///   than loopback and the server; an ``HTTPServerError`` when the sandbox could not start;
    ///   `CancellationError` when the task was cancelled while waiting for another harness.
    public static func run<Value>(
        serverURL: URL? = nil,
        creatives: ScriptedCreatives? = nil,
        _ body: @MainActor (KontextVideoHarness) async throws -> Value
    ) async throws -> Value {
        let turn = try await HarnessLock.shared.acquire()
        defer { turn.release() }
        let harness = try HarnessLease.$handedToHarness.withValue(turn) {
            try KontextVideoHarness(serverURL: serverURL, creatives: creatives ?? ScriptedCreatives())
        }
        let result: Value
        do {
            result = try await body(harness)
        } catch {
            await harness.finish()
            throw error
        }
        await harness.finish()
        try harness.verifyNoUnplannedRequests()
        return result
    }

    /// The virtual clock every SDK timer runs on. The dates the SDK writes (an event's
    /// `timestamp` as the sandbox records it, the inspector's times) follow it too: the date the
    /// harness was made, plus the time the clock moved since.
    public let clock: TestClock
    /// The sandbox ad server, or `nil` when the harness talks to another server.
    public let server: SandboxAdServer?
    /// The server the SDK talks to.
    public let serverURL: URL
    /// How creatives load and behave.
    public let creatives: ScriptedCreatives
    /// What `show(from: nil)` presents from.
    public let presenter: HeadlessPresenter
    /// What taps on ads opened.
    public let clickOpener = HeadlessClickOpener()
    /// The app's localizations the SDK reads (``appLanguages``), kept across ``resetSDK()``.
    private let localizations = LockedState(["en"])
    /// What Apple's attribution heard of app-install ads: their view-through windows on
    /// ``clock``, and their App Store overlays.
    public let attribution = RecordingAttribution()
    /// The network the SDK reads (``isOnCellular``), kept across ``resetSDK()``.
    private let network = NetworkKindSource(.wifi)
    /// The SDK's dates (events' timestamps, the inspector's times, the queue's retention): the
    /// date the harness was made, moving only with `clock`, across ``resetSDK()`` too.
    private let wallClock: WallClock
    /// The consent platform's shared storage, empty at first.
    public let defaults: UserDefaults
    /// Where the SDK keeps its install id and event queue.
    public let storageDirectory: URL
    private let defaultsSuite: String
    /// This harness's turn on `KontextVideo.shared`: only while it holds it does the harness
    /// reset the SDK.
    private let turn: HarnessLease
    /// Whether `tearDown()` gives the turn back: `run` gives back its own, after the body.
    private let turnEndsWithTearDown: Bool
    /// Every request of the SDK goes through it: only loopback and `serverURL`'s host are reached.
    private let transport: PlannedHostsTransport
    /// Where the SDK's ids come from, kept across ``resetSDK()`` so a relaunch's ids never repeat
    /// those its storage still holds.
    private let identifiers: any IdentifierSource

    /// Requests the SDK tried to send to a host other than loopback and `serverURL`'s, refused as
    /// if the device were offline: a scripted VAST wrapper or a pixel pointing at the internet.
    public var unplannedRequests: [URL] { transport.unplannedRequests }

    /// Throws `UnplannedRequests` when the SDK tried to reach a host nobody planned for; `run`
    /// calls it after the body, so such a test fails.
    /// - Throws: ``UnplannedRequests``, naming every refused URL.
    public func verifyNoUnplannedRequests() throws {
        let unplanned = unplannedRequests
        if !unplanned.isEmpty { throw UnplannedRequests(urls: unplanned) }
    }

    /// Starts a sandbox server (or uses `serverURL`) and resets `KontextVideo.shared` to run on
    /// the harness's clock, storage, consent store, creatives and presenter. The harness holds the
    /// process's one turn on `KontextVideo.shared` until ``tearDown()`` or ``finish()``: while it
    /// does, `run` waits and another `init` throws ``AnotherHarnessRunning`` (it cannot wait: it is
    /// synchronous, on the main actor the other harness runs on). Tests that may run in parallel
    /// should use `run(_:)`, which waits for the turn. `serverLog` hears one line per request the
    /// sandbox server answers (with any protocol violation), on the server's thread.
    ///
    /// ```swift
    /// let harness = try KontextVideoHarness(serverLog: { print($0) })
    /// defer { harness.tearDown() }
    /// ```
    ///
    /// - Parameters:
    ///   - serverURL: A server of your own to talk to; `nil` (the default) starts a sandbox.
    ///   - creatives: How creatives load and behave; by default every creative is fetched.
    ///   - serverLog: Hears one line per request the sandbox answers; `nil` (the default) for none.
    /// - Throws: ``AnotherHarnessRunning`` when another harness holds the turn,
    ///   ``HTTPServerError`` when the sandbox server could not start, or the error of creating the
    ///   storage directory.
    public init(
        serverURL: URL? = nil,
        creatives: ScriptedCreatives = ScriptedCreatives(),
        serverLog: (@Sendable (String) -> Void)? = nil
    ) throws {
        let handed = HarnessLease.handedToHarness
        guard let turn = handed ?? HarnessLock.shared.acquireIfFree() else { throw AnotherHarnessRunning() }
        self.turn = turn
        self.turnEndsWithTearDown = handed == nil
        let clock = TestClock()
        self.clock = clock
        self.wallClock = .following(clock, from: Date())
        if let serverURL {
            self.server = nil
            self.serverURL = serverURL
        } else {
            do {
                let server = try SandboxAdServer(logger: serverLog)
                self.server = server
                self.serverURL = server.baseURL
            } catch {
                turn.release()
                throw error
            }
        }
        self.transport = PlannedHostsTransport(
            base: URLSessionTransport(),
            plannedHosts: Set([self.serverURL.host].compactMap { $0 }))
        self.identifiers = serverURL == nil ? SequentialIdentifiers() : RandomIdentifiers()
        self.creatives = creatives
        self.presenter = HeadlessPresenter()
        let suite = "kontext-video-harness-\(UUID().uuidString)"
        self.defaultsSuite = suite
        self.defaults = UserDefaults(suiteName: suite) ?? .standard
        self.storageDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kontext-video-harness-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: storageDirectory, withIntermediateDirectories: true)
        } catch {
            server?.stop()
            turn.release()
            throw error
        }
        resetSDK()
    }

    deinit {
        // A harness dropped without `tearDown()` must not keep every later harness waiting.
        if turnEndsWithTearDown { turn.release() }
    }

    /// Puts `KontextVideo.shared` back to launch state on this harness's environment (a new launch
    /// of the app: the storage directory, and so the install id and queued events, are kept).
    /// A harness that was torn down no longer holds the turn and leaves the SDK alone.
    public func resetSDK() {
        guard turn.isHeld else { return }
        let presenter = self.presenter
        var environment = SDKEnvironment(
            clock: clock,
            transport: transport,
            storageDirectory: storageDirectory,
            defaults: defaults,
            rendererFactory: ScriptedCreativeFactory(scripts: creatives),
            platform: HeadlessPlatform(defaultPresenter: { presenter }, clickOpener: clickOpener, attribution: attribution),
            identifiers: identifiers,
            appBundleId: "so.kontext.harness",
            appVersion: "1.0",
            wallClock: wallClock
        )
        environment.network = network
        let localizations = self.localizations
        environment.appLocalizations = { localizations.snapshot }
        KontextVideo.shared.launch.beginSession(on: environment)
    }

    /// The app's localizations in the viewer's order, as `Bundle.main.preferredLocalizations` gives
    /// them on a device: the SDK's controls speak the first one they can (unless the configuration's
    /// `adControlsLanguage` says otherwise). `["en"]` at first; read when the SDK initializes, so
    /// set it before ``initialize(publisherToken:logLevel:)``.
    ///
    /// ```swift
    /// harness.appLanguages = ["ar"]
    /// await harness.initialize()
    /// // a linear ad's ScriptedCreative: controlsLanguage == "ar", controlsAreRightToLeft
    /// ```
    public var appLanguages: [String] {
        get { localizations.snapshot }
        set { localizations.withLock { $0 = newValue } }
    }

    /// Whether the device is on a cellular network, as the system's path monitor reports it on a
    /// device; `false` at first (Wi-Fi). A linear ad loaded on cellular plays a media file under the
    /// cellular bitrate cap (1,500 kbps, without a bandwidth estimate).
    ///
    /// ```swift
    /// harness.isOnCellular = true
    /// let linear = try await ads.format(.linear)
    /// try await linear.load()   // its media file is chosen for a cellular network
    /// ```
    public var isOnCellular: Bool {
        get { network.current.isCellular }
        set { network.set(newValue ? .cellular : .wifi) }
    }

    /// Initializes the SDK against the harness's server: `KontextVideo.shared.initialize(with:)`
    /// with the harness's ``serverURL``.
    /// - Parameters:
    ///   - publisherToken: The token sent; `acme-dev` by default (the sandbox checks that every
    ///     request carries the same one).
    ///   - logLevel: How much the SDK prints; `.none` by default, to keep test logs quiet.
    /// - Returns: The SDK's state: `.enabled` with the sandbox's default answer.
    @discardableResult
    public func initialize(
        publisherToken: String = "acme-dev",
        logLevel: KontextVideo.Configuration.LogLevel = .none
    ) async -> KontextVideo.State {
        await KontextVideo.shared.initialize(with: .init(publisherToken: publisherToken, logLevel: logLevel, serverURL: serverURL))
    }

    /// Moves virtual time forward, running every timer that falls due.
    ///
    /// The SDK's requests time out on this clock too: a tracking pixel still on its way to the
    /// sandbox when the time-out falls due is given up (it may have reached its tracker, and a
    /// pixel is never sent twice), as on a device after as long. Call ``flushEvents()`` first
    /// when a test counts the pixels sent before the jump.
    ///
    /// ```swift
    /// await harness.advance(by: .seconds(15))   // an overlay's 15 s elapse
    /// ```
    ///
    /// - Parameter duration: How far to move ``clock``.
    public func advance(by duration: Duration) async {
        await clock.advance(by: duration)
    }

    /// The app goes to the background: time stops counting toward the load time-out.
    public func enterBackground() {
        KontextVideo.shared.setApplicationActive(false)
    }

    /// The app comes back to the foreground.
    public func enterForeground() {
        KontextVideo.shared.setApplicationActive(true)
    }

    /// An audio interruption begins (a call, Siri, an alarm): a linear ad on screen pauses, as
    /// AVPlayer does on a device, and VAST `pause` fires.
    ///
    /// ```swift
    /// harness.beginAudioInterruption()
    /// harness.endAudioInterruption(shouldResume: true)   // the call was declined: it plays on
    /// ```
    public func beginAudioInterruption() {
        deliverPlaybackSignal(.audioInterruptionBegan)
    }

    /// The audio interruption ends. With `shouldResume` (the system's option, as after a declined
    /// call) the video plays on and VAST `resume` fires; without, it waits for the viewer's
    /// Resume (`ScriptedCreative.pressResume()`).
    /// - Parameter shouldResume: Whether the system says playback may resume.
    public func endAudioInterruption(shouldResume: Bool) {
        deliverPlaybackSignal(.audioInterruptionEnded(shouldResume: shouldResume))
    }

    /// The headphones are unplugged (the audio route loses its device): a linear ad pauses, as
    /// AVPlayer does, until the viewer presses Resume.
    public func unplugHeadphones() {
        deliverPlaybackSignal(.audioOutputLost)
    }

    /// The system's output volume changes (0 is muted): a linear ad on screen fires VAST `mute`
    /// and `unmute` on each change between silent and audible, once per change.
    /// - Parameter volume: The new volume, 0…1.
    public func setOutputVolume(_ volume: Float) {
        deliverPlaybackSignal(.outputVolume(volume))
    }

    /// The system's closed-captioning setting changes (Settings > Accessibility > Subtitles &
    /// Captioning), as `UIAccessibility.isClosedCaptioningEnabled` reads on a device: a linear ad
    /// with captions shows them while it is on (and, whatever it says, while the ad plays muted).
    /// Set it before or while the ad plays; it is off when the ad starts.
    /// - Parameter enabled: Whether closed captions are on.
    public func setClosedCaptioning(_ enabled: Bool) {
        creatives.isClosedCaptioningEnabled = enabled
        deliverPlaybackSignal(.closedCaptioningEnabled(enabled))
    }

    /// Whether your app publishes Now Playing info (`MPNowPlayingInfoCenter.default().nowPlayingInfo`
    /// is set) as a linear ad starts, which a linear ad reads then, as on a device. Only where it
    /// does does the system route its remote commands (Lock Screen, Control Center, a headset) to
    /// your app, and only then does the SDK add its handlers to them for the ad's video
    /// (``ScriptedCreative/handlesRemoteCommands``); where it does not,
    /// ``ScriptedCreative/remotePlay()``, ``ScriptedCreative/remotePause()`` and
    /// ``ScriptedCreative/remoteTogglePlayPause()`` are your app's and do nothing to the ad. The
    /// SDK never sets Now Playing info itself. `true` by default, so tests written before this
    /// setting existed keep their behaviour; set it to `false` for an app that publishes none.
    ///
    /// ```swift
    /// harness.publishesNowPlayingInfo = false   // before show()
    /// try linear.show()
    /// video.remotePause()                        // the app's command: the ad plays on
    /// ```
    public var publishesNowPlayingInfo: Bool {
        get { creatives.appPublishesNowPlayingInfo }
        set { creatives.appPublishesNowPlayingInfo = newValue }
    }

    /// Hands `signal` to the ad on screen's renderer, as the system does on a device: its
    /// playback decides what the signal means (`LinearPlaybackSession`).
    private func deliverPlaybackSignal(_ signal: PlaybackSignal) {
        KontextVideo.shared.session.adOnScreen?.renderer?.receive(signal)
    }

    /// A content player on the harness's clock.
    ///
    /// ```swift
    /// let player = harness.makePlayer()
    /// ads.track(player)
    /// let view = HeadlessView()
    /// try overlay.show(in: view)
    /// player.pause()
    /// // Polled four times a second: the overlay ends with .interrupted.
    /// await harness.advance(by: .milliseconds(250))
    /// ```
    ///
    /// - Parameters:
    ///   - isPlaying: Whether the content plays from the start.
    ///   - reportsChanges: Whether the player offers `isPlayingUpdates` (the SDK reacts at once);
    ///     without, the SDK polls `isPlaying` four times a second.
    /// - Returns: A player starting at 0 s.
    public func makePlayer(isPlaying: Bool = true, reportsChanges: Bool = false) -> HeadlessPlayer {
        HeadlessPlayer(clock: clock, isPlaying: isPlaying, reportsChanges: reportsChanges)
    }

    /// A content player on the harness's clock that, with `reportsPlaybackEvents`, stands for an
    /// `AVPlayer`: it reports its state, speed, seeks and item changes as they happen, and the SDK
    /// follows it as it follows an `AVPlayer` — an overlay's duration counts at the player's own
    /// speed, no seek counts, and nothing is polled.
    ///
    /// ```swift
    /// let player = harness.makePlayer(reportsPlaybackEvents: true)
    /// ads.track(player)
    /// let host = HeadlessView()   // held weakly: keep it while the ad is shown
    /// try overlay.show(in: host)
    /// player.seek(to: player.currentTime + 0.5)   // counts nothing toward the overlay's duration
    /// player.pause()                             // the overlay ends with .interrupted at once
    /// ```
    ///
    /// - Parameters:
    ///   - isPlaying: Whether the content plays from the start.
    ///   - reportsPlaybackEvents: Whether the player reports its playback as events, as an `AVPlayer`.
    /// - Returns: A player starting at 0 s.
    public func makePlayer(isPlaying: Bool = true, reportsPlaybackEvents: Bool) -> HeadlessPlayer {
        HeadlessPlayer(clock: clock, isPlaying: isPlaying, reportsPlaybackEvents: reportsPlaybackEvents)
    }

    /// Delivers every queued event now (the pipeline otherwise delivers on its own schedule).
    /// Returns once the queue is empty, or after a bounded number of passes when the server refuses.
    public func flushEvents() async {
        guard turn.isHeld, let runtime = KontextVideo.shared.session.runtime else { return }
        for _ in 0..<20 where await !runtime.client.pipeline.flush() {}
    }

    /// Like `tearDown()`, but first waits until the SDK's background work (queued event writes,
    /// the delivery loop) is over, so nothing writes into the removed storage directory.
    public func finish() async {
        if turn.isHeld {
            await KontextVideo.shared.launch.beginSession(on: .platformDefault()).waitForPredecessor()
        }
        tearDown()
    }

    /// Resets `KontextVideo.shared`, stops the server and removes the storage directory; a
    /// harness made with `init` then gives its turn to the next harness.
    public func tearDown() {
        if turn.isHeld { KontextVideo.shared.launch.beginSession(on: .platformDefault()) }
        server?.stop()
        try? FileManager.default.removeItem(at: storageDirectory)
        UserDefaults.standard.removePersistentDomain(forName: defaultsSuite)
        if turnEndsWithTearDown { turn.release() }
    }
}

/// The SDK tried to reach hosts a harness did not plan for (anything but loopback and its server).
public struct UnplannedRequests: Error, CustomStringConvertible {
    /// What the SDK tried to reach, in order.
    public let urls: [URL]

    /// Names every refused URL.
    public var description: String {
        "The SDK tried to reach hosts the harness did not plan for: " + urls.map(\.absoluteString).joined(separator: ", ")
    }
}

extension KontextVideo {
    /// Puts the shared instance back to its launch state with the platform's environment: for a
    /// publisher's tests that initialize the SDK more than once.
    public func resetForTesting() {
        launch.beginSession(on: .platformDefault())
    }
}
