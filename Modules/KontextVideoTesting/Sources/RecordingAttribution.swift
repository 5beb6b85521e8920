import KontextVideo

/// Records what Apple's attribution hears of each app-install ad — its view-through window
/// (SKAdNetwork's `startImpression`/`endImpression`, or AdAttributionKit's `beginView()`/`endView()`)
/// and its App Store overlay — with the time on the harness's clock, and checks the rules Apple
/// counts an impression by (``ruleViolations(for:)``). The harness's is `harness.attribution`.
///
/// ```swift
/// var answer = SandboxAd(appStoreID: "1234567890")
/// answer.attribution = SandboxAttribution()          // the sandbox's signed-looking payload
/// harness.server?.enqueue(.ad(answer), for: .linear)
/// let linear = try await ads.format(.linear)
/// try await linear.load()
/// try linear.show()
/// let creative = harness.creatives.creative(for: linear)
/// creative?.renderFirstFrame()                       // the impression: the window opens
/// await harness.advance(by: .seconds(15))
/// creative?.complete()                               // didEnd: the window closes
/// #expect(harness.attribution.events(for: linear.id).map(\.event) == [
///     .viewStarted(.skAdNetwork), .viewEnded(.skAdNetwork, length: .seconds(15), shorterThanMinimum: false),
/// ])
/// #expect(harness.attribution.ruleViolations(for: linear.id).isEmpty)
/// ```
///
/// By default it stands for iOS 16.1 to 17.3: SKAdNetwork 4's view-through and the overlay,
/// no AdAttributionKit. Set ``offersAdAttributionKit`` to stand for iOS 17.4 or later.
@MainActor
public final class RecordingAttribution: AppAttributing {
    /// Which of Apple's frameworks records a window.
    public enum Framework: String, Sendable, Hashable, CaseIterable {
        /// SKAdNetwork 4 (`SKAdImpression`; StoreKit counts a window of 3 s or more).
        case skAdNetwork
        /// AdAttributionKit (`AppImpression`; it counts a window of 2 s or more).
        case adAttributionKit
    }

    /// What happened.
    public enum Event: Sendable, Hashable, CustomStringConvertible {
        /// The view-through window opened.
        case viewStarted(Framework)
        /// It closed after `length`; `shorterThanMinimum` when the SDK said Apple will not count it.
        case viewEnded(Framework, length: Duration, shorterThanMinimum: Bool)
        /// The App Store overlay of `appStoreID` rose.
        case overlayPresented(appStoreID: String)
        /// The overlay went.
        case overlayDismissed

        /// The event as a short phrase: `skAdNetwork window ended after 15.0 seconds`.
        public var description: String {
            switch self {
            case .viewStarted(let framework): "\(framework.rawValue) window started"
            case .viewEnded(let framework, let length, let short):
                "\(framework.rawValue) window ended after \(length)\(short ? ", shorter than Apple counts" : "")"
            case .overlayPresented(let appStoreID): "App Store overlay of \(appStoreID) up"
            case .overlayDismissed: "App Store overlay down"
            }
        }
    }

    /// One thing heard: which ad, what, and when on the harness's clock.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The ad's id.
        public var adId: String
        /// What happened.
        public var event: Event
        /// When, on the harness's clock (time since its start).
        public var at: Duration

        /// The entry as one short line.
        public var description: String { "\(adId) \(event) at \(at)" }
    }

    /// Everything heard, in order, across ads.
    public private(set) var entries: [Entry] = []
    /// Whether the OS it stands for has AdAttributionKit (iOS 17.4): then windows and product
    /// sheets use its impression where the answer carries one. `false` by default.
    public var offersAdAttributionKit = false
    /// Whether the OS it stands for has SKAdNetwork 4's view-through (iOS 16.1). `true` by default.
    public var offersSKAdNetworkViewThrough = true
    /// Whether the OS it stands for has the App Store overlay. `true` by default.
    public var offersAppStoreOverlay = true

    /// Creates a recorder that stands for iOS 16.1 to 17.3.
    public init() {}

    /// What happened to one ad, in order.
    /// - Parameter adId: The ad's id.
    /// - Returns: Its entries; empty for an ad with no attribution.
    public func events(for adId: String) -> [Entry] {
        entries.filter { $0.adId == adId }
    }

    /// Forgets what was recorded.
    public func clear() {
        entries.removeAll()
    }

    /// The rules one ad's entries break, as sentences; empty when it keeps them all: at most one
    /// window, started before it ended, ended exactly once when it started, its length what the
    /// clock says between the two, said to be too short exactly when it is shorter than the
    /// framework's minimum; the overlay dismissed once after it rose, and never left up.
    /// - Parameter adId: The ad's id.
    /// - Returns: One sentence per broken rule.
    public func ruleViolations(for adId: String) -> [String] {
        let entries = events(for: adId)
        var broken: [String] = []
        let starts = entries.filter { if case .viewStarted = $0.event { true } else { false } }
        let ends = entries.filter { if case .viewEnded = $0.event { true } else { false } }
        if starts.count > 1 { broken.append("the window started more than once") }
        if ends.count != starts.count { broken.append("the window ended \(ends.count) times after \(starts.count) starts") }
        if let start = starts.first, let end = ends.first, case .viewStarted(let framework) = start.event,
           case .viewEnded(let endFramework, let length, let tooShort) = end.event {
            if end.at < start.at || entries.firstIndex(of: end)! < entries.firstIndex(of: start)! { broken.append("the window ended before it started") }
            if endFramework != framework { broken.append("the window ended in another framework") }
            if length != end.at - start.at { broken.append("the window's length is not the clock's") }
            if tooShort != (length < framework.minimumLength) { broken.append("the window's shortness was misreported") }
        }
        if starts.isEmpty, !ends.isEmpty { broken.append("the window ended without a start") }
        let presented = entries.filter { if case .overlayPresented = $0.event { true } else { false } }.count
        let dismissed = entries.filter { $0.event == .overlayDismissed }.count
        if presented > 1 { broken.append("the overlay rose more than once") }
        if dismissed != presented { broken.append("the overlay was dismissed \(dismissed) times after rising \(presented) times") }
        return broken
    }

    // MARK: The SDK's side

    /// What the OS it stands for offers.
    package var capabilities: AttributionCapabilities {
        AttributionCapabilities(
            adAttributionKit: offersAdAttributionKit, skAdNetworkViewThrough: offersSKAdNetworkViewThrough,
            appStoreOverlay: offersAppStoreOverlay)
    }

    /// Records the window's start.
    package func startView(_ window: ViewThroughWindow, now: Duration) {
        entries.append(Entry(adId: window.adId, event: .viewStarted(Framework(window.recorder)), at: now))
    }

    /// Records the window's end.
    package func endView(_ window: ViewThroughWindow, length: Duration, tooShort: Bool, now: Duration) {
        entries.append(Entry(
            adId: window.adId, event: .viewEnded(Framework(window.recorder), length: length, shorterThanMinimum: tooShort), at: now))
    }

    /// Records the overlay's rise.
    package func presentOverlay(_ overlay: AppStoreOverlay, adId: String, adScene: SceneIdentity?, now: Duration) {
        entries.append(Entry(adId: adId, event: .overlayPresented(appStoreID: overlay.appStoreID), at: now))
    }

    /// Records the overlay's dismissal.
    package func dismissOverlay(adId: String, now: Duration) {
        entries.append(Entry(adId: adId, event: .overlayDismissed, at: now))
    }
}

extension RecordingAttribution.Framework {
    /// The shortest window the framework counts: 2 s for AdAttributionKit, 3 s for SKAdNetwork.
    public var minimumLength: Duration {
        switch self {
        case .skAdNetwork: .seconds(3)
        case .adAttributionKit: .seconds(2)
        }
    }

    /// The framework of `recorder`.
    init(_ recorder: ViewThroughWindow.Recorder) {
        switch recorder {
        case .skAdNetwork: self = .skAdNetwork
        case .adAttributionKit: self = .adAttributionKit
        }
    }
}
