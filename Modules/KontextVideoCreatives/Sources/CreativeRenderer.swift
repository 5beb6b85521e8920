import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoPresentation

/// What a creative tells the SDK, while loading or on screen.
package enum CreativeEvent: Sendable, Equatable {
    /// A video rendered its first frame (the impression of a video ad).
    case firstFrame
    /// A video's position, in seconds of the ad.
    case progress(TimeInterval)
    /// The media's own length, once the player knows it (quartiles are measured against it).
    case mediaLength(TimeInterval)
    /// The viewer tapped the creative; `url` is a destination of the creative's own, when its
    /// page named one (it replaces the server's click URL).
    case click(VideoAdClick.Area, url: URL? = nil)
    /// A video reached its end.
    case complete
    /// A linear ad's end card appeared.
    case endCardShown
    /// The viewer tapped Skip.
    case skip
    /// The viewer tapped the close control (overlay ✕, pause card ✕, end card ✕).
    case close
    /// The viewer tapped Resume on a full-screen pause ad.
    case resume
    /// The creative failed or stalled, with its VAST error code (the creative's own, or the SDK's).
    case failed(code: VASTErrorCode)
    /// The video was paused by the viewer.
    case pause
    /// The video resumed after a pause.
    case resumePlayback
    /// The video stopped, while it should play, to wait for media (after its first frame).
    case bufferStart
    /// The buffering `bufferStart` reported is over: the video plays on, or stopped playing
    /// (paused, skipped, ended, failed).
    case bufferFinish
    /// The video was muted.
    case mute
    /// The video was unmuted.
    case unmute
    /// The icon at this index of `ResolvedLinearAd.icons` was drawn for the first time (its
    /// `IconViewTracking`).
    case iconShown(Int)
    /// The viewer tapped the icon at this index: its `IconClickTracking` and click-through, an
    /// icon click, never an ad click (no `didClick`, no server click).
    case iconClick(Int)
}

/// Why a creative did not get ready.
package struct CreativeLoadError: Error, Sendable, Equatable {
    /// The VAST error code.
    package var code: VASTErrorCode
    /// Error pixels to fire, macros already filled (a VAST chain's `<Error>` URLs).
    package var errorPixels: [URL]

    /// Creates the error.
    package init(code: VASTErrorCode, errorPixels: [URL] = []) {
        self.code = code
        self.errorPixels = errorPixels
    }
}

/// Renders one ad's creative: off screen while loading, then on screen. The facade drives it;
/// it reports through `onEvent`.
@MainActor
package protocol CreativeRenderer: AnyObject {
    /// Receives the creative's moments.
    var onEvent: (@MainActor (CreativeEvent) -> Void)? { get set }
    /// The resolved VAST ad of a linear creative, once loaded.
    var resolvedLinearAd: ResolvedLinearAd? { get }
    /// Whether a linear creative has an end card to show after the video.
    var hasEndCard: Bool { get }
    /// The platform view that shows the creative (a `UIView` where UIKit exists); `nil` where
    /// there is no screen.
    var platformView: PlatformView? { get }
    /// Error pixels a successful load still owes (VAST ads skipped on the way); fired once after it.
    var errorPixelsOwed: [URL] { get }
    /// The size the creative's page asked for before it was shown (`resize-iframe`), within the
    /// server's; `nil` when it asked for none. `show()` lays the ad out at this size.
    var reportedSize: CGSize? { get }
    /// Renders off screen; returns once ready. Throws `CreativeLoadError`. Honours cancellation.
    func load() async throws
    /// The part of the load that needs no main actor (fetching the creative, reading its VAST),
    /// for the facade to run off it and hand back to the renderer (`PreparedCreative`); `nil` when
    /// `load()` must do it all (a web view or a player loads on the main actor).
    func makePreparation() -> CreativePreparation?
    /// The creative's frame in its host, in points (again after each resize).
    func place(in frame: CGRect)
    /// The ad is on screen: start playback (video) or interaction.
    func start()
    /// Tear down: stop playback, timers and network work. No event after this.
    func stop()
    /// The world around the player signals something (the app's lifecycle, the audio session,
    /// a click-through); a linear ad's playback decides what it means, other creatives ignore it.
    func receive(_ signal: PlaybackSignal)
    /// The viewer pressed a button of a TV remote on the ad's full-screen controller (outside the
    /// ad's focused controls); a linear ad's playback decides what it means, others ignore it.
    func remotePressed(_ press: RemotePress)
}

/// What a renderer may use.
package struct CreativeContext: Sendable {
    /// The clock of every timer.
    package var clock: any SchedulingClock
    /// How the creative (and VAST wrappers) are fetched.
    package var transport: any HTTPTransport
    /// The SDK's event stream.
    package var events: KontextVideoEventStream
    /// Consent and app values for VAST request URIs, error pixels and tracking, read on first use;
    /// `nil` for a creative without VAST (an image or a page), which has no macros to fill.
    package var lazyMacroContext: LazyVASTMacroContext?
    /// The viewer's language (BCP-47), told to a creative page so it can speak it.
    package var locale: String
    /// What the SDK's own controls say, in the app's language (resolved once when the SDK
    /// initialized, off the main actor: `AdControlTexts.resolved`), and which way they run.
    package var controlTexts: AdControlTexts
    /// The content's language (BCP-47) as the app told it (`KontextVideoContent.language`), when
    /// it did: a linear ad's captions in it come first (`CaptionTrackSelector`).
    package var contentLanguage: String?
    /// How the platform the SDK runs on turns input into clicks (the environment's, so a test kit
    /// standing in for tvOS decides as tvOS does): where click targets cannot open, a tap on a
    /// linear ad's icon shows its fallback image.
    package var clickInputRule: ClickInputRule
    /// What the ad's URLs may point at: a media file on a local host is not chosen while the ad
    /// server is public (the transport refuses such fetches itself: `AdURLGuardedTransport`).
    package var urlRule: AdURLRule
    /// The network the device was on when the load started: on cellular, a linear ad's media file
    /// is chosen under the cellular bitrate cap (`DeviceProfile.isOnCellular`).
    package var network: NetworkKind
    /// The date a VAST `[TIMESTAMP]` carries (error pixels of the load, wrapper requests): the
    /// SDK's injected wall clock, so a test's dates follow its clock.
    package var wallClock: WallClock

    /// Consent and app values for VAST request URIs and error pixels; none without a VAST creative.
    package var macros: VASTMacroContext { lazyMacroContext.values }

    /// Creates a context whose macros are read when first needed; without `macros` (a creative
    /// that has no VAST), there are none. `network` is the device's network kind now; `wallClock`
    /// dates the VAST `[TIMESTAMP]`s of the load.
    package init(
        clock: any SchedulingClock,
        transport: any HTTPTransport,
        events: KontextVideoEventStream,
        macros: LazyVASTMacroContext?,
        urlRule: AdURLRule,
        network: NetworkKind = .unknown,
        locale: String = CreativeContext.deviceLocale,
        controlTexts: AdControlTexts = .standard,
        contentLanguage: String? = nil,
        clickInputRule: ClickInputRule = .current,
        wallClock: WallClock = .system
    ) {
        self.wallClock = wallClock
        self.contentLanguage = contentLanguage
        self.clickInputRule = clickInputRule
        self.network = network
        self.clock = clock
        self.transport = transport
        self.events = events
        self.lazyMacroContext = macros
        self.urlRule = urlRule
        self.locale = locale
        self.controlTexts = controlTexts
    }

    /// The device's first preferred language as BCP-47 (`en-US`, `pt-BR`), `en` when it has none.
    /// Read once per process: iOS relaunches an app whose language changes, and reading it (with
    /// Foundation's string replacing) cost 8 µs of every `load()` on the main actor.
    package static let deviceLocale: String = bcp47(Locale.preferredLanguages.first ?? "en")

    /// The device's preferred languages as BCP-47, most preferred first; read once per process,
    /// as `deviceLocale` is.
    package static let deviceLanguages: [String] = Locale.preferredLanguages.map(bcp47)

    /// The captions a linear ad of this context shows: the content's language, then the viewer's.
    package var captionSelector: CaptionTrackSelector {
        CaptionTrackSelector(contentLanguage: contentLanguage, appLanguages: [locale] + Self.deviceLanguages)
    }

    /// `identifier` with POSIX underscores turned into BCP-47 hyphens (`pt_BR` → `pt-BR`).
    package static func bcp47(_ identifier: String) -> String {
        String(identifier.map { $0 == "_" ? "-" : $0 })
    }
}

/// The work of a creative's load that needs no main actor, made by its renderer on the main actor.
///
/// The facade runs it in a task of its own and each `load()` caller, woken once on the main actor,
/// has what it prepared: the first one back hands it to the renderer (`PreparedCreative`), so
/// there is no hop to the main actor to hand the result over, then another to wake the callers.
/// What the work prepared keeps its type: only the renderer that made the work reads it.
///
/// ```swift
/// CreativePreparation { [self] in
///     let bytes = try await CreativeFetch.creative(of: ad, transport: transport)   // off the main actor
///     return PreparedCreative { try self.show(bytes) }                             // on it, typed
/// }
/// ```
package struct CreativePreparation: Sendable {
    /// Fetches (and reads) what the creative needs; throws `CreativeLoadError`. Honours cancellation.
    package let run: @Sendable () async throws -> PreparedCreative

    /// Work that `run` does.
    package init(_ run: @escaping @Sendable () async throws -> PreparedCreative) {
        self.run = run
    }
}

/// What a creative's preparation gave, ready to be handed to its renderer on the main actor.
package struct PreparedCreative: Sendable {
    /// Gives the renderer what was prepared.
    private let handOver: @MainActor @Sendable () throws -> Void

    /// What was prepared, as `handOver` gives it to the renderer (it captures the prepared value).
    package init(_ handOver: @escaping @MainActor @Sendable () throws -> Void) {
        self.handOver = handOver
    }

    /// Hands it to the renderer, on the main actor: the creative is ready once this returns.
    /// Throws `CreativeLoadError` when the renderer cannot use it.
    @MainActor package func finishLoad() throws {
        try handOver()
    }
}

extension CreativeRenderer {
    /// `load()` for a renderer whose whole load is its preparation: the work, then its result.
    package func loadThroughPreparation() async throws {
        guard let preparation = makePreparation() else { return }
        try await preparation.run().finishLoad()
    }

    /// No work off the main actor: `load()` does it all.
    package func makePreparation() -> CreativePreparation? { nil }

    /// No platform view: a headless renderer.
    package var platformView: PlatformView? { nil }
    /// Nothing owed.
    package var errorPixelsOwed: [URL] { [] }
    /// No size asked for.
    package var reportedSize: CGSize? { nil }
    /// Nothing plays: signals change nothing.
    package func receive(_ signal: PlaybackSignal) {}
    /// Nothing plays: presses change nothing.
    package func remotePressed(_ press: RemotePress) {}
}

/// Makes the renderer of each ad's creative.
@MainActor
package protocol CreativeRendererFactory {
    /// A renderer for `ad`.
    func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer
}
