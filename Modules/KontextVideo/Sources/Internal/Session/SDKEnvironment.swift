import Foundation
import KontextVideoVAST
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoCreatives
import KontextVideoPresentation

/// Everything the SDK takes from the outside world, in one place so tests (and
/// `KontextVideoTesting`) can replace it: time, the network, disk, consent storage,
/// creative rendering, the platform (presenting, opening, the app's lifecycle, the device) and
/// where ids come from.
@MainActor
package struct SDKEnvironment {
    /// The clock every timer runs on.
    package var clock: any SchedulingClock
    /// The date now, the SDK's one wall clock: every date it writes (an event's timestamp, the
    /// inspector's times, a queue's retention) is read here. The device's in the app; the test
    /// kit's follows its clock (`WallClock.following`).
    package var wallClock: WallClock
    /// How HTTP requests leave the device.
    package var transport: any HTTPTransport
    /// The kind of network the device is on (the system's path monitor; a value the test kit sets):
    /// a linear ad chosen on cellular plays a file under the cellular bitrate cap.
    package var network = NetworkKindSource.system
    /// Where the install id and the durable event queues live: a directory of the app's own
    /// (`SDKStorage`).
    package var storageDirectory: URL
    /// The `UserDefaults` key that mirrors the install id (`SDKStorage`).
    package var installIdDefaultsKey = InstallIdentifier.defaultsKey
    /// The consent platform's shared storage.
    package var defaults: UserDefaults
    /// Makes the renderer of each ad's creative.
    package var rendererFactory: any CreativeRendererFactory
    /// What the platform provides: UIKit on iOS and tvOS, headless elsewhere and in tests.
    package var platform: any PlatformServices
    /// Where request, event and pixel ids come from: random in the app; the test kit's count, so
    /// a test's ids are the same on every run. The runtime's client and pipeline share it.
    package var identifiers: any IdentifierSource
    /// Opens what the viewer tapped: the platform's opener.
    package var clickOpener: any ClickOpening { platform.clickOpener }
    /// The app's localizations in the viewer's order (`Bundle.main.preferredLocalizations`), read
    /// off the main actor when the SDK initializes: the SDK's controls speak the first one they
    /// can (`AdControlTexts.resolved`). The test kit sets its own.
    package var appLocalizations: @Sendable () -> [String] = { Bundle.main.preferredLocalizations }
    /// The app's bundle id and version, sent with every request.
    package var appBundleId: String
    /// The app's version.
    package var appVersion: String
    /// How often a shown ad's view is measured (resize, rotation, window, visibility).
    package var hostCheckInterval: Duration = PresentationMonitor.samplingInterval
    /// How much active time a creative gets to report ready.
    package var loadTimeout: Duration = .seconds(10)
    /// How long a presenter may take to put a linear ad up before the presentation counts as failed.
    package var presentationTimeout: Duration = .seconds(3)
    /// The app's Info.plist, read at `initialize(with:)` for Kontext's ad network ids
    /// (`AttributionInfoPlistCheck`); `nil` checks nothing (tests, the test kit).
    package var appInfoDictionary: (@MainActor @Sendable () -> [String: Any])?

    /// Creates an environment; its `wallClock` is the device's unless given.
    package init(
        clock: any SchedulingClock,
        transport: any HTTPTransport,
        storageDirectory: URL,
        defaults: UserDefaults,
        rendererFactory: any CreativeRendererFactory,
        platform: any PlatformServices,
        identifiers: any IdentifierSource,
        appBundleId: String,
        appVersion: String,
        wallClock: WallClock = .system
    ) {
        self.clock = clock
        self.wallClock = wallClock
        self.transport = transport
        self.storageDirectory = storageDirectory
        self.defaults = defaults
        self.rendererFactory = rendererFactory
        self.platform = platform
        self.identifiers = identifiers
        self.appBundleId = appBundleId
        self.appVersion = appVersion
    }

    /// The real world: system clock, URLSession, the app's own storage in Application Support
    /// (`SDKStorage`), standard defaults, the platform the SDK was built for, random ids.
    package static func platformDefault() -> SDKEnvironment {
        let info = Bundle.main.infoDictionary ?? [:]
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        let appBundleId = Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName
        let storage = SDKStorage.location(applicationSupport: support, appBundleId: appBundleId, sharing: SDKStorage.currentSharing)
        var environment = SDKEnvironment(
            clock: SystemClock(),
            transport: URLSessionTransport(),
            storageDirectory: storage.directory,
            defaults: .standard,
            rendererFactory: PlatformCreativeRendererFactory(),
            platform: makeCurrentPlatform(),
            identifiers: RandomIdentifiers(),
            appBundleId: appBundleId,
            appVersion: info["CFBundleShortVersionString"] as? String ?? "0"
        )
        environment.installIdDefaultsKey = storage.installIdDefaultsKey
        environment.appInfoDictionary = { Bundle.main.infoDictionary ?? [:] }
        return environment
    }
}
