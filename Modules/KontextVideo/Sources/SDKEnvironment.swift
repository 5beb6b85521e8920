import Foundation
import KontextVideoVAST
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoCreatives

/// Everything the SDK takes from the outside world, in one place so tests (and
/// `KontextVideoTesting`) can replace it: time, the network, disk, consent storage,
/// creative rendering and the default linear presenter.
@MainActor
package struct SDKEnvironment {
    /// The clock every timer runs on.
    package var clock: any SchedulingClock
    /// How HTTP requests leave the device.
    package var transport: any HTTPTransport
    /// Where the install id and the durable event queue live.
    package var storageDirectory: URL
    /// The consent platform's shared storage.
    package var defaults: UserDefaults
    /// Makes the renderer of each ad's creative.
    package var rendererFactory: any CreativeRendererFactory
    /// The presenter `show(from: nil)` uses: the key window's top view controller on iOS.
    package var defaultPresenter: @MainActor () -> (any VideoAdPresenter)?
    /// Opens what the viewer tapped.
    package var clickOpener: any ClickOpening
    /// The app's bundle id and version, sent with every request.
    package var appBundleId: String
    /// The app's version.
    package var appVersion: String
    /// How often a shown ad's view is measured (resize, rotation, window, visibility).
    package var hostCheckInterval: Duration = .milliseconds(500)
    /// How much active time a creative gets to report ready.
    package var loadTimeout: Duration = .seconds(10)
    /// How long a presenter may take to put a linear ad up before the presentation counts as failed.
    package var presentationTimeout: Duration = .seconds(3)

    /// Creates an environment.
    package init(
        clock: any SchedulingClock,
        transport: any HTTPTransport,
        storageDirectory: URL,
        defaults: UserDefaults,
        rendererFactory: any CreativeRendererFactory,
        defaultPresenter: @escaping @MainActor () -> (any VideoAdPresenter)?,
        clickOpener: (any ClickOpening)? = nil,
        appBundleId: String,
        appVersion: String
    ) {
        self.clickOpener = clickOpener ?? platformClickOpener()
        self.clock = clock
        self.transport = transport
        self.storageDirectory = storageDirectory
        self.defaults = defaults
        self.rendererFactory = rendererFactory
        self.defaultPresenter = defaultPresenter
        self.appBundleId = appBundleId
        self.appVersion = appVersion
    }

    /// The real world: system clock, URLSession, Application Support, standard defaults.
    package static func platformDefault() -> SDKEnvironment {
        let info = Bundle.main.infoDictionary ?? [:]
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return SDKEnvironment(
            clock: SystemClock(),
            transport: URLSessionTransport(),
            storageDirectory: support.appendingPathComponent("KontextVideo", isDirectory: true),
            defaults: .standard,
            rendererFactory: PlatformCreativeRendererFactory(),
            defaultPresenter: { platformDefaultPresenter() },
            appBundleId: Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName,
            appVersion: info["CFBundleShortVersionString"] as? String ?? "0"
        )
    }
}

/// The SDK's live parts, made by `initialize(with:)`.
@MainActor
package final class SDKRuntime {
    /// What `initialize` was given.
    package let configuration: KontextVideoConfiguration
    /// The outside world.
    package let environment: SDKEnvironment
    /// The ad server conversation and the durable event pipeline.
    package let client: AdServerClient
    /// Foreground-only time, for the creative load time-out.
    package let activeTime: ActiveTime
    /// The SDK's event stream.
    package let events: KontextVideoEventStream

    /// Creates the runtime around a client made by `makeClient`.
    package init(
        configuration: KontextVideoConfiguration,
        environment: SDKEnvironment,
        events: KontextVideoEventStream,
        client: AdServerClient,
        isActive: Bool = true
    ) {
        self.configuration = configuration
        self.environment = environment
        self.events = events
        self.client = client
        self.activeTime = ActiveTime(clock: environment.clock)
        activeTime.setActive(isActive)
    }

    /// Makes the ad server client off the main actor: opening it reads the install id and the
    /// durable event queue from disk.
    package static func makeClient(
        configuration: KontextVideoConfiguration,
        environment: SDKEnvironment,
        events: KontextVideoEventStream
    ) async -> AdServerClient {
        let serverEnvironment = AdServerEnvironment(
            publisherToken: configuration.publisherToken,
            serverURL: configuration.serverURL,
            sdkVersion: KontextVideoVersion.current,
            appBundleId: environment.appBundleId,
            appVersion: environment.appVersion,
            device: .gatheredFromProcess()
        )
        let clock = environment.clock
        let transport = environment.transport
        let storageDirectory = environment.storageDirectory
        let defaults = SharedDefaults(environment.defaults)
        return await Task.detached {
            AdServerClient(
                environment: serverEnvironment, clock: clock, transport: transport,
                storageDirectory: storageDirectory, sharedDefaults: defaults, events: events)
        }.value
    }

    /// The clock every timer runs on.
    package var clock: any SchedulingClock { environment.clock }

    /// Whether `KontextVideo.reset` retired this runtime: ads it made stop talking to the server.
    package private(set) var isShutDown = false

    /// Writes to the durable queue happen here, in order, off the main actor: the app's UI never
    /// waits for the disk.
    private let writer = DispatchQueue(label: "so.kontext.video.event-writer")

    /// Queues an event for the server through the durable pipeline, unless the runtime was retired.
    /// It reaches the disk on the writer queue a moment later, not before this returns: the main
    /// actor never waits for the disk, at the price of that moment (a process killed within it
    /// loses the event).
    package func send(_ event: ServerEvent) {
        guard !isShutDown else { return }
        let client = self.client
        writer.async { client.send(event) }
    }

    /// Queues a tracking pixel through the durable pipeline, unless the runtime was retired.
    package func sendPixel(_ url: URL) {
        guard !isShutDown else { return }
        let client = self.client
        writer.async { client.sendPixel(url) }
    }

    /// The consent and app values every VAST pixel carries (`[GDPRCONSENT]`, `[US_PRIVACY]`,
    /// `[REGULATIONS]`, `[APPBUNDLE]`), from the consent platform's storage and the app's `regulatory`.
    package func trackingMacros(regulatory: KontextVideoRegulatory?) -> VASTMacroContext {
        var context = VASTMacroContext()
        context.appBundle = environment.appBundleId
        if let consent = ConsentResolver.resolve(defaults: environment.defaults, appRegulatory: regulatory) {
            context.gdprConsent = consent.gdprConsent
            context.usPrivacy = consent.usPrivacy
            let regulations = [consent.coppa == 1 ? "coppa" : nil, consent.gdpr == 1 ? "gdpr" : nil].compactMap { $0 }
            context.regulations = regulations.isEmpty ? nil : regulations
        }
        return context
    }

    /// Returns once every event and pixel handed over so far is on disk.
    package func waitForPendingWrites() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            writer.async { continuation.resume() }
        }
    }

    /// Retires the runtime and returns once nothing it started still writes to its storage:
    /// queued writes are on disk and the delivery loop has stopped.
    package func shutDownAndWait() async {
        isShutDown = true
        await waitForPendingWrites()
        await client.pipeline.stop()
    }

    /// Stops background work (the event pipeline's delivery loop).
    package func shutdown() {
        isShutDown = true
        let client = self.client
        Task { await client.pipeline.stop() }
    }
}


extension SDKRuntime: TrackingPixelSending {}
