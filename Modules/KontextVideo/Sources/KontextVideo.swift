// The modules whose public types are the SDK's API: a publisher imports `KontextVideo` alone.
@_exported import KontextVideoModels
@_exported import KontextVideoLabels
@_exported import KontextVideoPresentation
@_exported import KontextVideoPlayerTracking
@_exported import KontextVideoDiagnostics

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
    public var user: User? {
        get { launch.user }
        set { launch.user = newValue }
    }

    /// Privacy and consent signals. The SDK reads TCF values from your consent platform's shared
    /// storage; set here what it did not write (COPPA always comes from you).
    ///
    /// A value the consent platform wrote to `UserDefaults` (`IABTCF_TCString`, `IABTCF_gdprApplies`,
    /// `IABGPP_HDR_GppString`, `IABGPP_GppSID`, `IABUSPrivacy_String`) wins over the one set here.
    ///
    /// ```swift
    /// KontextVideo.shared.regulatory = .init(coppa: false)
    /// ```
    public var regulatory: Regulatory? {
        get { launch.regulatory }
        set { launch.regulatory = newValue }
    }

    /// Selects which type of ad to render, for A/B tests agreed with Kontext. `nil` (the default)
    /// sends none.
    public var variantId: String? {
        get { launch.variantId }
        set { launch.variantId = newValue }
    }

    /// Runs third-party verification (Open Measurement) for the ads the SDK shows: your adapter
    /// of the OM SDK (<doc:open-measurement>). `nil` (the default) runs none: each verification of
    /// a played video is then reported to its vendor as not executed (`[REASON]` 2, not supported).
    ///
    /// Held strongly. Set it before showing ads: each ad keeps the provider set when it went on screen.
    ///
    /// ```swift
    /// // The adapter of the guide's Open Measurement article, given your OM SDK partner name.
    /// KontextVideo.shared.verificationProvider = OpenMeasurementAdapter(
    ///     partnerName: "Acme", partnerVersion: "2.1.0", omidJavaScript: omidJavaScript)
    /// ```
    public var verificationProvider: (any VideoAdVerificationProvider)? {
        get { launch.verificationProvider }
        set { launch.verificationProvider = newValue }
    }

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

    /// The ad inspector: what happened to each ad and why, and the session's state, for a debug
    /// screen (`KontextVideoInspectorView` on iOS and tvOS) or Kontext's support (its JSON).
    ///
    /// It collects nothing until you start it, so a release build that never does pays nothing.
    /// Start it early, so it sees initialization and the first requests:
    ///
    /// ```swift
    /// #if DEBUG
    /// KontextVideo.shared.inspector.start()
    /// #endif
    /// ```
    public nonisolated let inspector: KontextVideoInspector

    /// The launch the SDK is in and what the app told it there; the properties above forward to
    /// it, and a test kit begins its own launches on it (`LaunchState.beginSession(on:)`).
    package let launch: LaunchState

    /// The launch the SDK is in (`LaunchState.session`).
    package var session: SDKSession { launch.session }

    private init() {
        inspector = KontextVideoInspector(events: events)
        launch = LaunchState(events: events, inspector: inspector)
    }

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
        let task = session.start(configuration, regulatory: regulatory)
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
        await session.start(configuration, regulatory: regulatory).value
    }

    /// The app moved to the background (`false`) or the foreground (`true`): time in the
    /// background does not count toward the creative load time-out.
    package func setApplicationActive(_ active: Bool) {
        session.setApplicationActive(active)
    }
}
