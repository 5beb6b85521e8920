import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoPresentation

/// One ad's end of the creative bridge, shared by every renderer of a page (the `WKWebView` host
/// on iOS, the test kit's scripted creatives): it checks where each message came from, decodes it
/// (`CreativeMessageDecoder`), applies the rules (`CreativePageRules`) and carries out what they
/// decide — `load()` returns or throws, events go to the facade, the render context, `shown` and
/// `ended` go to the page through `send` (the web view evaluates `CreativeMessageToPage.javaScript`).
/// Drops and ignored messages are counted and recorded on the SDK's event stream.
@MainActor
package final class CreativePageBridge {
    /// Receives the creative's moments (clicks, close, resume, failures once ready).
    package var onEvent: (@MainActor (CreativeEvent) -> Void)?
    /// The rules, and so the ad's phase as the page sees it.
    package private(set) var rules: CreativePageRules
    /// The creative page's origin; messages from any other are dropped. `nil`: the creative has
    /// no web origin (an inline page), and every message is dropped.
    package let origin: CreativeOrigin?
    /// The size the page asked for before `show()`, within the server's.
    package private(set) var reportedSize: CGSize?
    /// Messages read (decoded and handed to the rules).
    package private(set) var readCount = 0
    /// Messages dropped unread: oversized, malformed, or from another origin.
    package private(set) var droppedCount = 0
    /// Messages read that changed nothing (`CreativePageReaction.ignore`); the web view's own
    /// reports (load event, failures, taps on the SDK's controls) are not messages and not counted.
    package private(set) var ignoredCount = 0

    private let adId: String
    private let format: AdFormat
    private let locale: String
    private let controls: AdControlLocale
    private let events: KontextVideoEventStream?
    private let send: @MainActor (CreativeMessageToPage, CreativeOrigin) -> Void
    private var loadOutcome: Result<Void, CreativeLoadError>?
    private var readiness: CheckedContinuation<Void, any Error>?
    private var contextSize: CGSize
    private var lastContext: CreativeRenderContext?

    /// The bridge of `ad`'s page; `send` delivers a message to the page of the given origin.
    package init(
        ad: ServedAd,
        locale: String,
        controls: AdControlLocale = .english,
        events: KontextVideoEventStream?,
        send: @escaping @MainActor (CreativeMessageToPage, CreativeOrigin) -> Void
    ) {
        self.adId = ad.id
        self.format = ad.format
        self.locale = locale
        self.controls = controls
        self.events = events
        self.send = send
        self.origin = ad.creative.url.flatMap(CreativeOrigin.init(url:))
        // The server's size, or the format's standard one as the facade's layout falls back to.
        let declared = CGSize(width: ad.creative.width ?? (ad.format == .overlay ? 320 : 300),
                              height: ad.creative.height ?? (ad.format == .overlay ? 50 : 250))
        self.contextSize = declared
        self.rules = CreativePageRules(isFullScreenPause: ad.isFullScreenPause, allowedSize: declared)
    }

    // MARK: Loading

    /// Returns once the page is ready; throws `CreativeLoadError` when it failed first, and
    /// `CancellationError` when the task is cancelled or the bridge stopped.
    package func waitUntilReady() async throws {
        if let loadOutcome { return try loadOutcome.get() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if let loadOutcome {
                    continuation.resume(with: loadOutcome.mapError { $0 })
                } else {
                    readiness = continuation
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.stopWaiting() }
        }
    }

    // MARK: What the page and the viewer do

    /// A message body the `kontextBridge` handler received, from a frame of `frameOrigin`.
    package func receive(_ body: Data, fromMainFrame: Bool, origin frameOrigin: CreativeOrigin?) {
        guard fromMainFrame, let frameOrigin, frameOrigin == origin else {
            let sender = fromMainFrame ? (frameOrigin?.serialized ?? "an opaque origin") : "a sub-frame"
            drop(.otherOrigin(sender))
            return
        }
        switch CreativeMessageDecoder.decode(body) {
        case .failure(let reason):
            drop(reason)
        case .success(let message):
            readCount += 1
            apply(rules.receive(message), cause: "\(message)", fromPage: true)
        }
    }

    /// The page's load event, as the web view reports it: the readiness of a page shown without
    /// the bridge script (an image).
    package func pageDidLoad() {
        apply(rules.receive(.pageLoaded), cause: "page loaded")
    }

    /// The page broke: its navigation failed or its web content died.
    package func pageBroke() {
        apply(rules.pageBroke(), cause: "page broke")
    }

    /// A navigation of the page failed harmlessly (`WebLoadFailureRule`): noted at `.debug`, and
    /// nothing else happens.
    package func loadErrorIgnored(_ failure: WebLoadFailure, because why: WebLoadFailureRule.Harmless) {
        record(.creativeLoadErrorIgnored, level: .debug) {
            ["domain": failure.domain, "code": String(failure.code), "why": why.rawValue,
             "url": failure.failingURL.map(URLRedaction.redacted) ?? "unknown"]
        }
    }

    /// The viewer tapped one of the SDK's own controls, or the creative where the SDK sees taps.
    package func sdkTap(_ tap: CreativePageRules.SDKTap) {
        apply(rules.sdkTap(tap), cause: "SDK tap \(tap)")
    }

    /// Navigations of the page the SDK refused (`WebNavigationPolicy.refuse`): made without the
    /// viewer's tap, or to a scheme a creative may not load.
    package private(set) var refusedNavigationCount = 0

    /// The page tried to navigate to `url` without the viewer, or to a scheme it may not load: the
    /// web view cancelled it; it is counted and reported, and opens nothing.
    package func navigationRefused(to url: URL?) {
        refusedNavigationCount += 1
        record(.creativeNavigationRefused, level: .warning) {
            ["url": url.map(URLRedaction.redacted) ?? "unknown", "scheme": url?.scheme?.lowercased() ?? "", "count": String(refusedNavigationCount)]
        }
    }

    /// The build lacks the bridge script (`CreativeBridgeScript.function` is `nil`): a defect of the
    /// build, said loudly. The page is still shown; a tap on it counts only within the tap window.
    package func bridgeScriptMissing() {
        record(.creativeBridgeMissing, level: .error) { ["resource": "kontext-bridge.js"] }
    }

    // MARK: What the SDK does

    /// The creative's size on screen: the page hears it when it changed.
    package func place(size: CGSize) {
        contextSize = size
        sendContextIfChanged()
    }

    /// The ad is on screen: the page hears `shown-iframe`.
    package func start() {
        rules.start()
        if rules.phase == .onScreen, rules.speaksBridge { post(.shown) }
    }

    /// The ad is over (or its load timed out or was cancelled): nothing counts any more, a pending
    /// `waitUntilReady()` throws `CancellationError`, the page hears `ended-iframe`.
    package func stop() {
        let wasLive = rules.phase != .ended
        rules.stop()
        if wasLive, rules.speaksBridge { post(.ended) }
        stopWaiting()
    }

    // MARK: Carrying out

    private func apply(_ reaction: CreativePageReaction, cause: @autoclosure () -> String, fromPage: Bool = false) {
        var ignored: CreativePageIgnoreReason?
        switch reaction {
        case .sendContext:
            lastContext = nil
            sendContextIfChanged()
        case .ready:
            finishLoading(.success(()))
        case .failLoad(let code):
            finishLoading(.failure(CreativeLoadError(code: code)))
        case .event(let event):
            onEvent?(event)
        case .resize(let size):
            reportedSize = size
            contextSize = size
            sendContextIfChanged()
        case .ignore(let reason):
            if fromPage { ignoredCount += 1 }
            ignored = reason
        }
        record(.creativeMessage, level: .debug) {
            var attributes = ["message": cause()]
            if let ignored { attributes["ignored"] = ignored.rawValue }
            return attributes
        }
    }

    private func drop(_ reason: CreativeMessageDrop) {
        droppedCount += 1
        record(.creativeMessageDropped, level: .warning) { ["reason": reason.kind, "detail": reason.description] }
    }

    private func finishLoading(_ outcome: Result<Void, CreativeLoadError>) {
        guard loadOutcome == nil else { return }
        loadOutcome = outcome
        readiness?.resume(with: outcome.mapError { $0 })
        readiness = nil
    }

    private func stopWaiting() {
        readiness?.resume(throwing: CancellationError())
        readiness = nil
    }

    private func sendContextIfChanged() {
        guard rules.speaksBridge, rules.phase != .ended else { return }
        let context = CreativeRenderContext(format: format, fullScreen: rules.isFullScreenPause, size: contextSize, locale: locale, controls: controls)
        guard context != lastContext else { return }
        lastContext = context
        post(.context(context))
    }

    private func post(_ message: CreativeMessageToPage) {
        guard let origin else { return }
        send(message, origin)
    }

    /// Records one moment of the bridge on the SDK's event stream, built only when someone hears it.
    private func record(_ name: KontextVideoEvent.Name, level: KontextVideoConfiguration.LogLevel, _ attributes: () -> [String: String]) {
        events?.record(level) {
            var all = attributes()
            all["adId"] = adId
            return KontextVideoEvent(.state, name, level: level, attributes: all)
        }
    }
}
