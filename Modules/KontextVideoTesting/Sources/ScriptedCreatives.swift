import Foundation
import KontextVideo
import KontextVideoScheduling
import KontextVideoJournal
import KontextVideoNetworking
import KontextVideoCreatives
import KontextVideoPresentation
import KontextVideoVAST

/// Creatives whose behaviour a test scripts: how each one loads (really fetched from the sandbox
/// server, ready after a delay, failing with a code, stalling, or a page that speaks the creative
/// bridge) and what it does on screen (first frame, clicks, complete, skip, close, resume,
/// failure, or the page's own messages in the bridge's bytes).
///
/// Pass them to ``KontextVideoHarness/run(serverURL:creatives:_:)``; then play the viewer and
/// the creative through ``creative(for:)``.
///
/// ```swift
/// let creatives = ScriptedCreatives(defaultBehaviour: .ready(after: .seconds(1)))
/// // The next linear ad's media cannot play: VAST error 403.
/// creatives.enqueue(.fail(code: 403, after: .zero), for: .linear)
/// try await KontextVideoHarness.run(creatives: creatives) { harness in
///     // …
/// }
/// ```
///
/// A page's messages go through the SDK's own decoder and rules (`CREATIVES.md`), so a test can
/// say what a real page says:
///
/// ```swift
/// let creatives = ScriptedCreatives(defaultBehaviour: .page(posts: [#"{"type":"init-iframe"}"#]))
/// // … ad.load() is waiting for the page …
/// creative.pagePosts(#"{"type":"ready-iframe"}"#)                                  // load() returns
/// // … ad shown …
/// creative.viewerTaps(andPagePosts: #"{"type":"click-iframe","data":{"area":"cta"}}"#) // didClick .other("cta")
/// ```
@MainActor
public final class ScriptedCreatives {
    /// How a creative loads.
    public enum LoadBehaviour: Sendable, Equatable {
        /// Fetches the creative from the server like the SDK's default renderer, then is ready.
        case fetch
        /// Ready after `delay` on the test clock, without touching the network.
        case ready(after: Duration)
        /// Fails with a VAST error code after `delay`.
        case fail(code: Int, after: Duration)
        /// Never reports ready (the SDK's 10 s load time-out applies).
        case stall
        /// A page, loaded at once without the network, that posts `posts` (message bodies of the
        /// creative bridge, e.g. `{"type":"init-iframe"}`) in order, then fires its load event.
        /// A page that said `init-iframe` is ready only once it posts `ready-iframe` — among
        /// `posts`, or later through `ScriptedCreative.pagePosts(_:)` — and its `error-iframe`
        /// fails the load with the page's code. A page that did not is ready at its load event.
        case page(posts: [String])
    }

    /// How creatives load unless scripted otherwise.
    public var defaultBehaviour: LoadBehaviour
    /// Every creative made so far, in order.
    public private(set) var all: [ScriptedCreative] = []
    /// The system's closed-captioning setting as the harness set it: a linear ad hears it as it starts.
    var isClosedCaptioningEnabled = false
    /// Whether the app publishes Now Playing info, as the harness set it: a linear ad reads it as it starts.
    var appPublishesNowPlayingInfo = true
    private var queued: [AdFormat: [LoadBehaviour]] = [:]

    /// Creates the scripts; by default every creative is really fetched.
    /// - Parameter defaultBehaviour: How creatives load unless ``enqueue(_:for:)`` says otherwise.
    public init(defaultBehaviour: LoadBehaviour = .fetch) {
        self.defaultBehaviour = defaultBehaviour
    }

    /// The next creative of `format` loads with `behaviour`; several calls queue in order.
    /// - Parameters:
    ///   - behaviour: How it loads.
    ///   - format: The format of the ad whose creative it is.
    public func enqueue(_ behaviour: LoadBehaviour, for format: AdFormat) {
        queued[format, default: []].append(behaviour)
    }

    /// The creative of `ad`, once the SDK made it (at `load()`).
    ///
    /// ```swift
    /// try await linear.load()
    /// let video = try #require(harness.creatives.creative(for: linear))
    /// try linear.show()
    /// video.renderFirstFrame()   // the impression
    /// video.skip()               // didEnd(.skipped)
    /// ```
    ///
    /// - Parameter ad: An ad `load()` was called on.
    /// - Returns: Its scripted creative, or `nil` before `load()`.
    public func creative(for ad: VideoAd) -> ScriptedCreative? {
        all.last { $0.adId == ad.id }
    }

    func make(for ad: ServedAd, context: CreativeContext) -> ScriptedCreative {
        let behaviour = queued[ad.format]?.isEmpty == false ? queued[ad.format]!.removeFirst() : defaultBehaviour
        let creative = ScriptedCreative(ad: ad, behaviour: behaviour, context: context)
        creative.scripts = self
        all.append(creative)
        return creative
    }
}

/// Makes scripted creatives for the SDK.
@MainActor
struct ScriptedCreativeFactory: CreativeRendererFactory {
    let scripts: ScriptedCreatives

    func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
        scripts.make(for: ad, context: context)
    }
}

/// One scripted creative: the test plays the viewer and the creative. Its page's messages
/// (`pagePosts(_:)`, `viewerTaps(andPagePosts:)`) reach the SDK through the same decoder and rules
/// as a real page's in a web view; the other moments (`click(_:)`, `close()`, …) are the ones the
/// SDK's own renderers report. A linear creative's video runs the SDK's own playback rules, as
/// on a device: its player's moments (`renderFirstFrame()`, `play(to:)`, `startBuffering()`,
/// `complete()`) and the viewer's presses (`pressSkip()`, `pressResume()`, `pressMenu()`) go
/// through them, and so do the app's background, audio interruptions, headphones, the volume
/// and click-throughs (see ``KontextVideoHarness``), which pause and resume it (`isPlaying`) and
/// fire their VAST pixels.
/// A scripted video never stalls: its position is the test's.
/// Nothing it does reaches the delegate before `show()` or after the ad ended.
@MainActor
public final class ScriptedCreative: CreativeRenderer {
    /// The ad's id.
    public let adId: String
    /// The ad's format.
    public let format: AdFormat
    /// How it loads.
    public let behaviour: ScriptedCreatives.LoadBehaviour
    /// How many times the SDK asked it to load.
    public private(set) var loadCount = 0
    /// Whether it is on screen (started and not stopped).
    public private(set) var isOnScreen = false
    /// Whether the SDK tore it down.
    public private(set) var isStopped = false
    /// Where the SDK placed it, last.
    public private(set) var frame: CGRect?

    /// What the SDK told the page, in order: each message as JSON (`{"type":"context-iframe",
    /// "data":{…}}`, `{"type":"shown-iframe"}`, `{"type":"ended-iframe"}`).
    public var messagesToPage: [String] { toPage.messages }
    /// The page's messages the SDK dropped unread: oversized, malformed, or from another origin.
    public var droppedMessages: Int { bridge.droppedCount }
    /// The page's messages the SDK read and that changed nothing (a click before `show()`, a
    /// second click during one tap, an unknown type, a ready after the load time-out, …).
    public var ignoredMessages: Int { bridge.ignoredCount }

    /// The SDK's own controls over the ad as they show now, in VoiceOver's order, each with its
    /// title and what VoiceOver reads: a linear ad's badge, Skip (or its countdown), Resume and ✕
    /// as its playback decides them; an overlay's or pause ad's ✕ (and a full-screen pause ad's
    /// Resume) from the start. In the language of ``controlsLanguage``. Their frames are in the
    /// creative's placed frame (none for a linear ad, which a headless presenter does not place:
    /// ``controls(onScreen:safeArea:)`` lays them out on a screen you name).
    ///
    /// ```swift
    /// harness.appLanguages = ["ja"]
    /// // … a linear ad shown, 2 s played of a 5 s Skip offset:
    /// #expect(creative.controls.map(\.title) == ["広告 · 0:13", "3秒後にスキップ"])
    /// ```
    public var controls: [ShownAdControl] { controls(in: frame?.size, safeArea: .zero) }

    /// ``controls`` with their frames where the SDK puts them on a surface of `size` with its
    /// `safeArea`: a linear ad's full-screen view (a headless presenter places no frame, so pass
    /// the screen you test for), or an overlay's or pause ad's creative.
    ///
    /// ```swift
    /// let skip = creative.controls(onScreen: CGSize(width: 390, height: 844),
    ///                              safeArea: VideoAdInsets(top: 47, bottom: 34)).first { $0.kind == .skip }
    /// ```
    ///
    /// - Parameters:
    ///   - size: The surface's size, in points.
    ///   - safeArea: Its safe area (none by default).
    /// - Returns: The controls showing now, in VoiceOver's order, with their frames at the default text size.
    public func controls(onScreen size: CGSize, safeArea: VideoAdInsets = .zero) -> [ShownAdControl] {
        controls(in: size, safeArea: safeArea)
    }

    /// The controls showing now, laid out on a surface of `size` when there is one.
    private func controls(in size: CGSize?, safeArea: VideoAdInsets) -> [ShownAdControl] {
        let texts = context.controlTexts
        guard format == .linear else {
            let layout = size.map { CreativeControlsLayout(size: $0, hasResume: isFullScreenPause, direction: texts.locale.direction) }
            return [ShownAdControl(kind: .close, title: texts.close, accessibilityLabel: texts.closeLabel, isPressable: true, frame: layout?.closeFrame)]
                + (isFullScreenPause ? [ShownAdControl(kind: .resume, title: texts.resume, accessibilityLabel: texts.pauseAdResumeLabel,
                                                       isPressable: true, frame: layout?.resumeFrame)] : [])
        }
        let shown = real.controls
        let layout = size.map { LinearAdControlsLayout(size: $0, safeArea: safeArea, controls: shown, texts: texts) }
        return shown.accessibilityOrder.compactMap { control in
            guard let title = texts.title(of: control, in: shown), let label = texts.accessibilityLabel(of: control, in: shown) else { return nil }
            return ShownAdControl(kind: ShownAdControl.Kind(control), title: title, accessibilityLabel: label,
                                  isPressable: control.isPressable(in: shown), frame: layout?.frame(of: control))
        }
    }
    /// The language the SDK's controls speak (`"en"`, `"ar"`, `"pt-BR"`, `"zh-Hant"`): the
    /// configuration's `adControlsLanguage`, else the first of the app's localizations
    /// (``KontextVideoHarness/appLanguages``) the SDK speaks, else English.
    public var controlsLanguage: String { context.controlTexts.locale.language.rawValue }
    /// Whether the controls run right to left (Arabic, Hebrew): mirrored, Skip and ✕ on the left.
    public var controlsAreRightToLeft: Bool { context.controlTexts.locale.direction == .rightToLeft }

    /// Receives the creative's moments.
    package var onEvent: (@MainActor (CreativeEvent) -> Void)?
    private let isFullScreenPause: Bool
    private let context: CreativeContext
    private let real: HeadlessCreativeRenderer
    private let bridge: CreativePageBridge
    private let toPage: PageMessageLog
    /// The viewer's taps so far, numbered as the bridge script numbers them.
    private var taps = 0
    /// The scripts that made it (the harness's settings for every creative).
    fileprivate weak var scripts: ScriptedCreatives?

    init(ad: ServedAd, behaviour: ScriptedCreatives.LoadBehaviour, context: CreativeContext) {
        self.adId = ad.id
        self.format = ad.format
        self.behaviour = behaviour
        self.isFullScreenPause = ad.isFullScreenPause
        self.context = context
        self.real = HeadlessCreativeRenderer(ad: ad, context: context, playsByItself: false)
        let toPage = PageMessageLog()
        self.toPage = toPage
        self.bridge = CreativePageBridge(ad: ad, locale: context.locale, controls: context.controlTexts.locale, events: context.events) { message, _ in
            toPage.messages.append(message.json)
        }
        bridge.onEvent = { [weak self] event in self?.send(event) }
        real.onEvent = { [weak self] event in self?.send(event) }
    }

    /// The resolved VAST ad, when the creative was fetched.
    package var resolvedLinearAd: ResolvedLinearAd? { real.resolvedLinearAd }
    /// Whether the VAST ad has an end card.
    package var hasEndCard: Bool { real.hasEndCard }
    /// What the real renderer's VAST walk owes, when the creative was fetched.
    package var errorPixelsOwed: [URL] { real.errorPixelsOwed }

    /// The size the page asked for before it was shown (`resize-iframe`).
    package var reportedSize: CGSize? { bridge.reportedSize }

    /// Loads the creative; throws `CreativeLoadError`.
    package func load() async throws {
        loadCount += 1
        switch behaviour {
        case .fetch:
            try await real.load()
        case .ready(let delay):
            try await context.clock.sleep(for: delay)
        case .fail(let code, let delay):
            try await context.clock.sleep(for: delay)
            throw CreativeLoadError(code: VASTErrorCode(creativeCode: code))
        case .stall:
            try await context.clock.sleep(until: .seconds(Int64.max / 4))
        case .page(let posts):
            for message in posts { pagePosts(message) }
            // The page's load event: the readiness of a page that did not say `init-iframe`.
            bridge.pageDidLoad()
            try await bridge.waitUntilReady()
            return
        }
        // Whatever made it ready, the page's own messages count from now on.
        bridge.pageDidLoad()
    }

    /// A creative really fetched loads as the SDK's own renderers do: its fetch runs off the main
    /// actor, and its result is handed back on it, after which the page's own messages count. The
    /// scripted ones load in `load()`, on the main actor.
    package func makePreparation() -> CreativePreparation? {
        guard case .fetch = behaviour, let fetch = real.makePreparation() else { return nil }
        loadCount += 1
        return CreativePreparation { [bridge] in
            let prepared = try await fetch.run()
            return PreparedCreative {
                try prepared.finishLoad()
                bridge.pageDidLoad()
            }
        }
    }

    /// Notes the creative's frame; the page hears its new size.
    package func place(in frame: CGRect) {
        self.frame = frame
        bridge.place(size: frame.size)
    }

    /// The ad is on screen; the page hears `shown-iframe`, a video starts playing.
    package func start() {
        isOnScreen = !isStopped
        bridge.start()
        // As the AVPlayer renderer reads `UIAccessibility.isClosedCaptioningEnabled` as it starts.
        if scripts?.isClosedCaptioningEnabled == true { real.receive(.closedCaptioningEnabled(true)) }
        // As it reads `MPNowPlayingInfoCenter.default().nowPlayingInfo != nil`: the session decides
        // from it whether the ad takes the system's remote commands.
        real.appPublishesNowPlayingInfo = scripts?.appPublishesNowPlayingInfo ?? true
        real.start()
    }

    /// The app's lifecycle, the audio session or a click-through, heard by a video's playback.
    package func receive(_ signal: PlaybackSignal) {
        real.receive(signal)
    }

    /// Tears the creative down; no event after this.
    package func stop() {
        isOnScreen = false
        isStopped = true
        bridge.stop()
        real.stop()
    }

    // MARK: The page's messages

    /// The page posts `message`, read by the SDK's own decoder and rules. Without a `"tap"`
    /// number — which the bridge script adds only during the viewer's tap, see
    /// `viewerTaps(andPagePosts:)` — a click, close or resume is ignored, as the SDK ignores a
    /// page's click without a user gesture.
    ///
    /// - Parameters:
    ///   - message: a message body as the SDK's `kontextBridge` handler receives it, such as
    ///     `{"type":"ready-iframe"}` or `{"type":"error-iframe","data":{"code":403}}`.
    ///   - fromOrigin: another origin than the creative page's own (`"https://other.example"`)
    ///     to post it from, which the SDK drops; `nil` (the default) posts from the page's origin.
    public func pagePosts(_ message: String, fromOrigin: String? = nil) {
        let origin = fromOrigin.map { URL(string: $0).flatMap(CreativeOrigin.init(url:)) } ?? bridge.origin
        bridge.receive(Data(message.utf8), fromMainFrame: true, origin: origin)
    }

    /// The viewer taps the creative, and during the tap the page posts `message`. The message
    /// carries the tap's number as the bridge script adds it, so the SDK counts at most one click,
    /// close or resume per tap.
    ///
    /// - Parameter message: the page's message body, for example
    ///   `{"type":"click-iframe","data":{"area":"cta"}}`.
    public func viewerTaps(andPagePosts message: String) {
        taps += 1
        pagePosts(Self.adding(tap: taps, to: message))
    }

    /// `message` with `"tap": n`, as the bridge script forwards a viewer's action; unchanged when
    /// it is not a JSON object (the SDK drops it as malformed).
    private static func adding(tap: Int, to message: String) -> String {
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: Data(message.utf8)), case .object(var members) = json else {
            return message
        }
        members["tap"] = .integer(tap)
        guard let data = try? JSONEncoder().encode(JSONValue.object(members)) else { return message }
        return String(decoding: data, as: UTF8.self)
    }

    /// A video's first frame rendered.
    public func renderFirstFrame() { player(.firstFrameRendered, else: .firstFrame) }
    /// The video reached `seconds` of the ad: the quartile tracking pixels fire as it passes them,
    /// and Skip counts down to its offset. Only the ad's own playing time counts: a position
    /// reported while the SDK holds the video paused (the app in the background, a click-through
    /// open, an audio interruption) fires no quartile, and later positions are read less that
    /// unseen stretch; a video that reaches its end (``complete()``) while held fires no
    /// `complete` (the ad fails with 405: it could not be shown).
    /// - Parameter seconds: The ad's playhead.
    public func play(to seconds: TimeInterval) { player(.position(seconds), else: .progress(seconds)) }
    /// The player learned the media's own length (it may differ from the VAST `<Duration>`).
    /// - Parameter seconds: The media's length.
    public func reportMediaLength(_ seconds: TimeInterval) { player(.mediaLength(seconds), else: .mediaLength(seconds)) }
    /// The video's player waits for media (its buffer ran dry), as AVPlayer reports it when its
    /// `timeControlStatus` becomes `.waitingToPlayAtSpecifiedRate`. Once the first frame is up
    /// and while the video plays, the measurement session hears `.bufferStart` (once); a paused
    /// video waits for nothing, so it is not heard then; pausing, skipping or ending the video
    /// while it buffers gives `.bufferFinish` first. (On a device, buffering counts toward the
    /// 8 s stall; a scripted video never stalls.) Nothing for another format.
    ///
    /// ```swift
    /// video.play(to: 2)
    /// video.startBuffering()   // .bufferStart
    /// video.stopBuffering()    // .bufferFinish
    /// video.play(to: 4)
    /// ```
    public func startBuffering() { if format == .linear { real.handle(.buffering(true)) } }
    /// The video's player plays again after ``startBuffering()`` (`timeControlStatus` is
    /// `.playing`): the measurement session hears `.bufferFinish`.
    public func stopBuffering() { if format == .linear { real.handle(.buffering(false)) } }
    /// The viewer tapped the creative (or its end card, or one of its own areas).
    /// - Parameter area: Where: `.creative` (the default), `.endCard` or `.other(label)`.
    public func click(_ area: VideoAd.Click.Area = .creative) { send(.click(area)) }
    /// The video reached its end; a creative with an end card then shows it.
    public func complete() {
        guard format == .linear else {
            send(.complete)
            return
        }
        real.handle(.reachedEnd)
    }
    /// The viewer tapped Skip. A scripted creative skips whenever the test says, even before the
    /// skip offset; ``pressSkip()`` presses Skip as the viewer can, only once it shows.
    public func skip() { send(.skip) }
    /// The viewer presses Skip, which does something only once Skip shows (after the skip offset
    /// the VAST document sets, counted by ``play(to:)``): then `didEnd(.skipped)`.
    public func pressSkip() { real.handle(.skipPressed) }
    /// The viewer presses Resume on a linear ad the system paused (after an audio interruption
    /// that ended without "should resume", or headphones unplugged): the video plays again.
    public func pressResume() { real.handle(.resumePressed) }
    /// The viewer presses the remote's Menu button (tvOS): Skip once it shows, ✕ on the end
    /// card, nothing before Skip is available.
    public func pressMenu() { real.handle(.menuPressed) }
    /// The video's player pauses by itself, with no command of the SDK's (on a device AVPlayer's
    /// `timeControlStatus` becomes `.paused`: the system or a route stopped it): the video waits
    /// for the viewer — Resume shows at once, VAST `pause` fires once — instead of standing still
    /// until the stall rule fails it. ``pressResume()``, the system's play command
    /// (``remotePlay()``), the end of an audio interruption that may resume, or the app coming
    /// back to the foreground plays it again. Nothing for another format.
    public func playerPausesByItself() { if format == .linear { real.handle(.playerPaused) } }
    /// The video's media fails (on a device the player item's status becomes `.failed`). Loaded
    /// and not yet shown, the ad is invalidated: `show()` throws
    /// `VideoAdError.invalidated(.creativeFailed(code: 401))` and nothing reaches the delegate.
    /// On screen: `didFail(.creativeFailed(code: 405))`, then `didEnd(.failed)`. Nothing for
    /// another format.
    public func failMedia() { if format == .linear { real.handle(.playbackFailed) } }
    /// The video plays on an external route (`true`: AirPlay, where AVPlayer's
    /// `isExternalPlaybackActive` is true) or on the device again (`false`). On the route the
    /// device's layer shows no frame: the impression comes with the video's first movement while
    /// it plays (``play(to:)``), not with ``renderFirstFrame()``. Nothing for another format.
    /// - Parameter active: Whether the external route plays the video.
    public func playOnExternalRoute(_ active: Bool) { if format == .linear { real.handle(.externalPlayback(active)) } }
    /// The system's play remote command arrives (the Lock Screen's or Control Center's Play, a
    /// headset). It reaches the ad only while the SDK holds the remote commands
    /// (``handlesRemoteCommands``: the app published Now Playing info as the ad started,
    /// ``KontextVideoHarness/publishesNowPlayingInfo``, and its video is not over); then a video
    /// the viewer could resume (Resume shows) plays again, and VAST `resume` fires once per real
    /// change. Otherwise the command is your app's, as on a device: nothing happens to the ad.
    public func remotePlay() { if format == .linear { real.handle(.remotePlay) } }
    /// The system's pause remote command arrives. It reaches the ad only while the SDK holds the
    /// remote commands (``handlesRemoteCommands``); then a playing video pauses as by the viewer's
    /// own press, and VAST `pause` fires once per real change. Otherwise the command is your
    /// app's: nothing happens to the ad.
    public func remotePause() { if format == .linear { real.handle(.remotePause) } }
    /// The system's toggle play/pause remote command arrives. It reaches the ad only while the SDK
    /// holds the remote commands (``handlesRemoteCommands``); then it is ``remotePause()`` while
    /// the video plays, else ``remotePlay()``. Otherwise the command is your app's: nothing
    /// happens to the ad.
    public func remoteTogglePlayPause() { if format == .linear { real.handle(.remoteTogglePlayPause) } }
    /// Whether the SDK has its handlers on the system's play, pause and toggle play/pause remote
    /// commands now (on a device, `MPRemoteCommandCenter`'s): from the start of a linear ad whose
    /// app published Now Playing info as it started (``KontextVideoHarness/publishesNowPlayingInfo``)
    /// until its video is over (its end, Skip, a failure) or the ad is taken down. The SDK never
    /// sets Now Playing info itself. `false` for another format.
    public var handlesRemoteCommands: Bool { real.holdsRemoteCommands }
    /// Whether the video is playing now: it is paused while the app is in the background, during
    /// an audio interruption, after headphones are unplugged, and while a click-through is open.
    public var isPlaying: Bool { real.isPlaying }
    /// The VoiceOver announcements made so far (one when Skip becomes available).
    public var announcements: [String] { real.announcements }
    /// The caption a linear ad shows now, from its VAST `<ClosedCaptionFile>` (WebVTT), or `nil`.
    /// Captions show from the first frame to the video's end, at the ad's playing time (frozen
    /// while the video is held), when the system's closed-captioning setting is on
    /// (``KontextVideoHarness/setClosedCaptioning(_:)``) or the ad plays muted
    /// (``KontextVideoHarness/setOutputVolume(_:)`` at 0).
    ///
    /// ```swift
    /// harness.setClosedCaptioning(true)   // the sandbox ad has SandboxAd.captionsAndIcon set
    /// creative.renderFirstFrame()
    /// creative.play(to: 2.5)
    /// #expect(creative.caption == "Skip appears at five seconds.")
    /// ```
    public var caption: String? { real.caption }
    /// The industry icons (AdChoices) a linear ad shows now, as indices of its VAST `<Icon>`s in
    /// document order (the in-line ad's first, then each wrapper's): the ones whose schedule shows
    /// them and that the SDK draws on the ad's screen (``layOut(onScreen:safeArea:)``), inside the
    /// safe area and clear of its controls, as on a device. Each icon's `IconViewTracking` fires
    /// once, the first time it is drawn; an icon that never fits is never counted seen.
    public var visibleIcons: [Int] { real.visibleIcons }
    /// The linear ad's full-screen view now has `size` and `safeArea` (a rotation, a window
    /// resized): its icons are laid out again as on a device, and only the ones placed clear of
    /// the SDK's controls show (``visibleIcons``), take taps and fire their `IconViewTracking`
    /// (once, the first time one is drawn: an icon that fits only once the screen turns to
    /// landscape is counted then). Until you call it, the screen is a 390×844 portrait phone with
    /// its notch and home indicator (``HeadlessView``'s default). Nothing for another format.
    ///
    /// ```swift
    /// video.layOut(onScreen: CGSize(width: 100, height: 60))   // too small for the icon
    /// video.renderFirstFrame()
    /// #expect(video.visibleIcons.isEmpty)                     // not drawn, its view not counted
    /// ```
    ///
    /// - Parameters:
    ///   - size: The view's size, in points.
    ///   - safeArea: Its safe area (none by default).
    public func layOut(onScreen size: CGSize, safeArea: VideoAdInsets = .zero) {
        if format == .linear { real.layOut(onScreen: size, safeArea: safeArea) }
    }
    /// The icons whose VAST 4.2 fallback image (`IconClickFallbackImage`) the viewer was shown
    /// after tapping them, in order: only on a platform where click targets cannot open (Apple
    /// TV, or a test session whose platform's `ClickInputRule` says so); elsewhere a tap opens the
    /// icon's click-through instead.
    public var shownIconFallbacks: [Int] { real.shownIconFallbacks }
    /// The viewer taps the icon at `index` of the ad's `<Icon>`s: its `IconClickTracking` fires
    /// and its click-through opens (``HeadlessClickOpener``), an icon click, not an ad click (the
    /// delegate hears no `didClick`, the server no click). A hidden icon, or one not drawn (see
    /// ``visibleIcons``), ignores the tap.
    /// - Parameter index: The icon's index; the first by default.
    public func tapIcon(_ index: Int = 0) { if format == .linear { real.handle(.iconTapped(index)) } }
    /// The viewer tapped ✕.
    public func close() { send(.close) }
    /// The viewer tapped Resume on a full-screen pause ad.
    public func resume() { send(.resume) }
    /// The creative failed or stalled on screen with a VAST error code: `didFail(.creativeFailed(code:))`,
    /// then `didEnd(.failed)`.
    /// - Parameter code: The VAST error code; 405 (the creative failed on screen) by default.
    public func fail(code: Int = 405) { send(.failed(code: VASTErrorCode(creativeCode: code))) }

    /// A video's player moment goes through its playback (`LinearPlaybackSession`), as on a
    /// device; another creative reports `event` as it is.
    private func player(_ input: LinearPlaybackInput, else event: CreativeEvent) {
        if format == .linear { real.handle(input) } else { send(event) }
    }

    private func send(_ event: CreativeEvent) {
        guard !isStopped else { return }
        onEvent?(event)
    }
}

/// What the SDK told a scripted creative's page, shared with the bridge's `send`.
@MainActor
private final class PageMessageLog {
    var messages: [String] = []
}

extension HeadlessCreativeRenderer {
    /// Hands the linear ad's playback the player's or the viewer's moment, as the AVPlayer
    /// renderer's glue reports it: how a scripted creative plays its part.
    fileprivate func handle(_ input: LinearPlaybackInput) {
        linearPlayback()?.handle(input)
    }
}
