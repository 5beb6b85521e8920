import Foundation
import KontextVideoScheduling
import KontextVideoNetworking
import KontextVideoCreatives
import KontextVideoVAST
import KontextVideoPresentation

/// The SDK's live parts, made by `initialize(with:)`.
@MainActor
package final class SDKRuntime {
    /// What `initialize` was given.
    package let configuration: KontextVideoConfiguration
    /// The outside world.
    package let environment: SDKEnvironment
    /// The ad server conversation and the durable event pipeline.
    package let client: AdServerClient
    /// The way into the durable event queue, held directly: an ad's events and pixels are
    /// appended here, on the main actor, without reaching through the client.
    package let journal: EventQueueWriter
    /// Foreground-only time, for the creative load time-out.
    package let activeTime: ActiveTime
    /// The SDK's event stream.
    package let events: KontextVideoEventStream
    /// What an ad's URLs may lead to: local hosts only while the ad server is one.
    package let adURLRule: AdURLRule
    /// The environment's transport behind `adURLRule`, for what an ad's own URLs fetch (made once:
    /// every `load()` shares it).
    package let adTransport: any HTTPTransport
    /// What the SDK's own controls say, and which way they run (`makeControlTexts`).
    package let controlTexts: AdControlTexts

    /// Creates the runtime around a client made by `makeClient`, its controls speaking `controlTexts`.
    package init(
        configuration: KontextVideoConfiguration,
        environment: SDKEnvironment,
        events: KontextVideoEventStream,
        client: AdServerClient,
        isActive: Bool = true,
        controlTexts: AdControlTexts = .standard
    ) {
        self.configuration = configuration
        self.controlTexts = controlTexts
        self.environment = environment
        self.clock = environment.clock
        self.platform = environment.platform
        self.identifiers = environment.identifiers
        self.events = events
        self.client = client
        self.journal = client.pipeline.writer
        self.adURLRule = AdURLRule(serverURL: configuration.serverURL)
        self.adTransport = AdURLGuardedTransport(environment.transport, rule: adURLRule)
        self.activeTime = ActiveTime(clock: environment.clock)
        activeTime.setActive(isActive)
    }

    /// Makes the ad server client off the main actor: opening it reads the install id and the
    /// durable event queue from disk. Its `/init` leaves once the install id is read, while the
    /// queue opens.
    package static func makeClient(
        configuration: KontextVideoConfiguration,
        environment: SDKEnvironment,
        events: KontextVideoEventStream,
        regulatory: KontextVideoRegulatory?
    ) async -> AdServerClient {
        let serverEnvironment = AdServerIdentity(
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
        let installIdDefaultsKey = environment.installIdDefaultsKey
        let defaults = SharedDefaults(environment.defaults)
        let identifiers = environment.identifiers
        let wallClock = environment.wallClock
        return await Task.detached {
            AdServerClient(
                environment: serverEnvironment, clock: clock, transport: transport,
                storageDirectory: storageDirectory, sharedDefaults: defaults, installIdDefaultsKey: installIdDefaultsKey,
                events: events, identifiers: identifiers,
                // Only `initialize(with:)` makes a client, and its `/init` should not wait for the
                // event queue to open.
                sendsInitAtOnce: true,
                // The consent the app set before `initialize`: whether the install id may be read.
                regulatory: regulatory,
                wallClock: wallClock)
        }.value
    }

    /// Starts reading the texts of the SDK's controls in the configuration's `adControlsLanguage`,
    /// else the app's language: the app's localizations and a string table are read off the main
    /// actor, beside the client's storage.
    package static func startReadingControlTexts(configuration: KontextVideoConfiguration, environment: SDKEnvironment) -> Task<AdControlTexts, Never> {
        let (override, localizations) = (configuration.adControlsLanguage, environment.appLocalizations)
        return Task.detached { AdControlTexts.resolved(override: override, localizations: localizations()) }
    }

    /// The clock every timer runs on (the environment's).
    package let clock: any SchedulingClock
    /// The environment's platform, kept apart as `clock` is: every ad request reads it, and reading
    /// one member of the environment copied all of it.
    package let platform: any PlatformServices
    /// The environment's source of request ids, kept apart for the same reason.
    package let identifiers: any IdentifierSource

    /// The ads the app showed or rejected, from any `VideoAds`, while they could still be valid.
    var usedAds = UsedAds()

    /// The one timer that expires held ads, on the clock.
    private(set) lazy var expiryTimer: DeadlineTimer = {
        let clock = environment.clock
        return DeadlineTimer(now: { clock.now }, sleepUntil: { try await clock.sleep(until: $0) })
    }()

    /// The one timer of every creative load's time-out, on foreground time.
    private(set) lazy var loadTimer: DeadlineTimer = {
        let activeTime = self.activeTime
        return DeadlineTimer(
            now: { activeTime.elapsed },
            sleepUntil: { deadline in try await activeTime.sleep(activeFor: deadline - activeTime.elapsed) })
    }()

    /// Whether its session ended (`SDKSession.end()`): ads it made stop talking to the server.
    private var isShutDown = false

    /// Queues an event for the server through the durable pipeline, unless the runtime was
    /// retired. Its journal line is written before this returns (one `write(2)` into the page
    /// cache, no `fsync`), so an event the app's call caused survives the process being killed the
    /// moment the call returned. That write is the only file I/O the main actor does.
    package func send(_ event: ServerEvent) {
        guard !isShutDown else { return }
        // Straight to the journal: neither the client nor the pipeline's loop has anything to add.
        journal.submit(.event(event))
    }

    /// Queues `pixels` in one append through the durable pipeline, unless the runtime was retired;
    /// written down before this returns, like `send(_:)`. Returns each pixel's queue entry id, `nil`
    /// for one dropped over the pipeline's per-ad cap (empty when retired).
    @discardableResult
    package func sendPixels(_ pixels: [PixelToQueue]) -> [String?] {
        guard !isShutDown else { return [] }
        return journal.submitPixels(pixels)
    }

    /// What the renderer of `served` may use: the runtime's clock, transport, events, URL rule,
    /// controls' texts and wall clock, the platform's click rule and the network now; the consent
    /// macros only for a VAST creative (an image or a page makes, and frees, no reader).
    func creativeContext(for served: ServedAd, regulatory: KontextVideoRegulatory?, contentLanguage: String?) -> CreativeContext {
        CreativeContext(
            clock: clock, transport: adTransport, events: events,
            macros: served.creative.kind == .vast ? trackingMacros(regulatory: regulatory) : nil,
            urlRule: adURLRule, network: environment.network.current, controlTexts: controlTexts,
            contentLanguage: contentLanguage, clickInputRule: environment.platform.clickInputRule,
            wallClock: environment.wallClock)
    }

    /// The consent and app values every VAST pixel carries (`[GDPRCONSENT]`, `[US_PRIVACY]`,
    /// `[REGULATIONS]`, `[APPBUNDLE]`), from the consent platform's storage and the app's
    /// `regulatory` as they are now, read when the creative first needs them (off the main actor
    /// for a VAST creative; never for an image or a page).
    package func trackingMacros(regulatory: KontextVideoRegulatory?) -> LazyVASTMacroContext {
        let appBundle = environment.appBundleId
        let defaults = SharedDefaults(environment.defaults)
        return LazyVASTMacroContext {
            var context = VASTMacroContext()
            context.appBundle = appBundle
            if let consent = ConsentResolver.resolve(defaults: defaults.defaults, appRegulatory: regulatory) {
                context.gdprConsent = consent.gdprConsent
                context.usPrivacy = consent.usPrivacy
                let regulations = [consent.coppa == 1 ? "coppa" : nil, consent.gdpr == 1 ? "gdpr" : nil].compactMap { $0 }
                context.regulations = regulations.isEmpty ? nil : regulations
            }
            return context
        }
    }

    /// Retires the runtime and returns once nothing it started still writes to its storage: the
    /// delivery loop has stopped (events are written down as they are sent, so none is pending).
    package func shutDownAndWait() async {
        isShutDown = true
        expiryTimer.stop()
        loadTimer.stop()
        await client.pipeline.stop()
    }

    /// Stops background work (the event pipeline's delivery loop).
    package func shutdown() {
        isShutDown = true
        expiryTimer.stop()
        loadTimer.stop()
        let client = self.client
        Task { await client.pipeline.stop() }
    }
}

