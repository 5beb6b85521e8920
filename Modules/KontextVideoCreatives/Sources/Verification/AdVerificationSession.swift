import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoScheduling

/// The measurement side of one shown ad: its moments in (`receive(_:)`, or its creative's events
/// through `handle(_:)`), its Open Measurement events out to `deliver`, in order, and, once the
/// video plays, the `verificationNotExecuted` pixels of every verification the verification
/// provider does not run, through the durable pixel path.
///
/// The verdict is taken at one moment: when the video starts (its first frame, the impression).
/// VAST 4.1 section 3.17 asks for verification code to run "BEFORE creative playback begins" and
/// for the pixels of any that cannot; what the provider reported by then counts, a later report
/// does not (`reportNotExecuted` returns `false`). Without a provider every verification is
/// reported with `[REASON]` 2 (not supported).
@MainActor
package final class AdVerificationSession {
    /// The ad's verifications as the provider sees them.
    package let verifications: [VideoAdVerification]
    private let format: AdFormat
    private let hasProvider: Bool
    private var sequencer: VerificationEventSequencer
    private var pixelTracker: VerificationNotExecutedTracker
    private let pixels: any TrackingPixelSending
    private let events: KontextVideoEventStream?
    /// The date a not-executed pixel's `[TIMESTAMP]` carries: the SDK's injected wall clock.
    private let wallClock: WallClock
    private let deliver: @MainActor (VideoAdVerificationEvent) -> Void
    private var reported: [Int: VideoAdVerification.NotExecutedReason] = [:]
    private var verdictTaken = false
    /// Events computed but not yet delivered: a provider that calls back into the SDK while it
    /// hears one event gets the events that call causes after the ones already due.
    private var pending: [VideoAdVerificationEvent] = []
    private var isDelivering = false

    /// Creates the session of a shown ad.
    /// - Parameters:
    ///   - format: The ad's format.
    ///   - kind: A video ad with its VAST properties, or a display ad.
    ///   - verifications: The resolved ad's verifications (none for a display ad).
    ///   - hasProvider: Whether a verification provider hears the events (and may run verifications).
    ///   - playerState: The player's state when the video starts (`.fullscreen` for a linear ad).
    ///   - baseContext: Consent and app macros of the pixels.
    ///   - pixels: Where the pixels go (the durable pipeline).
    ///   - events: The SDK's event stream, for diagnostics.
    ///   - wallClock: The date of a not-executed pixel's `[TIMESTAMP]`.
    ///   - deliver: Hears each event, in order.
    package init(
        format: AdFormat,
        kind: VerificationEventSequencer.Kind,
        verifications: [VASTVerification],
        hasProvider: Bool,
        playerState: VideoAdVerificationEvent.PlayerState = .normal,
        baseContext: VASTMacroContext = VASTMacroContext(),
        pixels: any TrackingPixelSending,
        events: KontextVideoEventStream? = nil,
        wallClock: WallClock,
        deliver: @escaping @MainActor (VideoAdVerificationEvent) -> Void
    ) {
        self.wallClock = wallClock
        self.format = format
        self.verifications = verifications.enumerated().map { VideoAdVerification($1, id: $0) }
        self.hasProvider = hasProvider
        self.sequencer = VerificationEventSequencer(kind: kind, playerState: playerState)
        self.pixelTracker = VerificationNotExecutedTracker(verifications: verifications, baseContext: baseContext)
        self.pixels = pixels
        self.events = events
        self.deliver = deliver
    }

    /// Whether `sessionFinish` was delivered (or is about to be).
    package var isFinished: Bool { sequencer.isFinished }

    /// The creative's event, as a measurement moment (those it has no use for are ignored).
    package func handle(_ event: CreativeEvent) {
        if let moment = VerificationMoment(event, format: format) { receive(moment) }
    }

    /// One moment of the ad: the events it calls for go to the provider, and when the video
    /// starts, the `verificationNotExecuted` pixels it owes are queued.
    package func receive(_ moment: VerificationMoment) {
        let due = sequencer.handle(moment)
        if due.contains(where: { if case .start = $0 { true } else { false } }) { takeVerdict() }
        pending += due
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        // Read in order by index, emptied at the end (an event delivered may append more):
        // `removeFirst()` moved the whole list for each event.
        var next = 0
        while next < pending.count {
            let event = pending[next]
            next += 1
            events?.record(.debug) {
                KontextVideoEvent(.state, .verification, level: .debug, attributes: ["event": event.description, "format": format.rawValue])
            }
            deliver(event)
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The provider will not run verification `id`, for `reason`. Counts until the video starts;
    /// returns `false` (and changes nothing) after that, or for an id the ad does not have.
    @discardableResult
    package func reportNotExecuted(_ id: Int, reason: VideoAdVerification.NotExecutedReason) -> Bool {
        guard !verdictTaken, verifications.indices.contains(id) else {
            events?.record(.warning) {
                KontextVideoEvent(.warning, .verificationReportIgnored, level: .warning,
                                  attributes: ["verification": "\(id)", "reason": "\(reason.rawValue)"])
            }
            return false
        }
        reported[id] = reason
        return true
    }

    /// The one place `verificationNotExecuted` pixels are sent.
    private func takeVerdict() {
        guard !verdictTaken else { return }
        verdictTaken = true
        let reasons = VerificationNotExecutedTracker.verdict(
            verificationCount: verifications.count, hasProvider: hasProvider, reported: reported)
        let owed = pixelTracker.pixels(for: reasons, now: wallClock.now)
        pixels.sendPixels(owed.compactMap { URL.lenient($0.url).map { (url: $0, event: "verificationNotExecuted") } })
        for pixel in owed where URL.lenient(pixel.url) != nil {
            events?.record(.info) {
                KontextVideoEvent(.beacon, .verificationNotExecuted, level: .info,
                                  attributes: ["vendor": pixel.vendor ?? "", "reason": "\(pixel.reason.rawValue)", "url": pixel.url])
            }
        }
    }
}
