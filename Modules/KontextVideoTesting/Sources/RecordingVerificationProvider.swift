import KontextVideo

/// A `VideoAdVerificationProvider` that records every measurement session and its events, for
/// tests: set it on `KontextVideo.shared.verificationProvider` (after the harness reset the SDK),
/// show ads, then assert the exact Open Measurement sequence of each ad and that it keeps the
/// rules a vendor relies on (``ruleViolations(for:)``).
///
/// ```swift
/// let measurement = RecordingVerificationProvider(notExecuted: ["untrusted.example": .rejected])
/// KontextVideo.shared.verificationProvider = measurement
/// // … a linear ad played to its end …
/// #expect(measurement.events(for: linear.id) == [
///     .sessionStart, .loaded(properties), .impression, .start(duration: 15, volume: 1),
///     .playerStateChange(.fullscreen), .firstQuartile, .midpoint, .thirdQuartile, .complete,
///     .sessionFinish,
/// ])
/// #expect(measurement.ruleViolations(for: linear.id).isEmpty)
/// ```
@MainActor
public final class RecordingVerificationProvider: VideoAdVerificationProvider {
    /// One event heard: which ad, of which format, and what.
    public struct Entry: Sendable, Hashable, CustomStringConvertible {
        /// The ad's id.
        public var adId: String
        /// The ad's format.
        public var format: AdFormat
        /// The event.
        public var event: VideoAdVerificationEvent

        /// The entry as one short line: `ad-1 impression`.
        public var description: String { "\(adId) \(event)" }
    }

    /// Every event heard, in order, across ads.
    public private(set) var entries: [Entry] = []
    /// Every session, in the order they started.
    public private(set) var sessions: [VideoAdVerificationSession] = []
    /// Decides, at each session's start, which verifications the provider reports as not run and
    /// why; `nil` runs it. By default, the vendors given to `init(notExecuted:)`.
    public var reasonNotRun: @MainActor (VideoAdVerification) -> VideoAdVerification.NotExecutedReason?
    /// Runs after each event is recorded (to call back into the SDK re-entrantly, as a provider may).
    public var onEvent: (@MainActor (VideoAdVerificationSession, VideoAdVerificationEvent) -> Void)?

    /// Creates a recorder.
    /// - Parameter notExecuted: Vendors whose verifications it reports as not run, with the
    ///   reason; every other verification counts as run.
    public init(notExecuted: [String: VideoAdVerification.NotExecutedReason] = [:]) {
        reasonNotRun = { verification in verification.vendor.flatMap { notExecuted[$0] } }
    }

    /// The events of one ad's session, in order.
    /// - Parameter adId: The ad's id.
    /// - Returns: Its events; empty when it had no session.
    public func events(for adId: String) -> [VideoAdVerificationEvent] {
        entries.filter { $0.adId == adId }.map(\.event)
    }

    /// The session of one ad.
    /// - Parameter adId: The ad's id.
    /// - Returns: Its session, or `nil` when it never went on screen.
    public func session(for adId: String) -> VideoAdVerificationSession? {
        sessions.last { $0.adId == adId }
    }

    /// Forgets what was recorded.
    public func clear() {
        entries.removeAll()
        sessions.removeAll()
    }

    /// Records `event`; at `.sessionStart`, reports the verifications ``reasonNotRun`` names.
    /// - Parameters:
    ///   - session: The ad's session.
    ///   - event: The event.
    public func verificationSession(_ session: VideoAdVerificationSession, didReceive event: VideoAdVerificationEvent) {
        if event == .sessionStart {
            sessions.append(session)
            for verification in session.verifications {
                if let reason = reasonNotRun(verification) { session.reportNotExecuted(verification, reason: reason) }
            }
        }
        entries.append(Entry(adId: session.adId, format: session.format, event: event))
        onEvent?(session, event)
    }

    /// The rules one ad's events break, as sentences; empty when it keeps them all. The rules:
    /// `sessionStart` first and once; `loaded` right after it; `impression` at most once, after
    /// `loaded`; `start` at most once, right after the impression; the quartiles each at most
    /// once, in order, after `start`; `complete` only after the three; never both `complete` and
    /// `skipped`, and no media event after `skipped`; `pause`/`resume` and
    /// `bufferStart`/`bufferFinish` alternating; no media event for an overlay or pause ad;
    /// `sessionFinish` once, last.
    /// - Parameter adId: The ad's id.
    /// - Returns: One sentence per broken rule; none for an ad that never had a session.
    public func ruleViolations(for adId: String) -> [String] {
        let events = events(for: adId)
        let format = entries.first { $0.adId == adId }?.format
        return Self.ruleViolations(events, isDisplay: format != .linear)
    }

    /// The rules `events` breaks (see ``ruleViolations(for:)``).
    nonisolated static func ruleViolations(_ events: [VideoAdVerificationEvent], isDisplay: Bool) -> [String] {
        guard !events.isEmpty else { return [] }
        var broken: [String] = []
        func count(_ event: VideoAdVerificationEvent) -> Int { events.filter { $0 == event }.count }
        func index(_ match: (VideoAdVerificationEvent) -> Bool) -> Int? { events.firstIndex(where: match) }
        if events.first != .sessionStart || count(.sessionStart) != 1 { broken.append("sessionStart is not first, once") }
        if events.count > 1, index({ if case .loaded = $0 { true } else { false } }) != 1 { broken.append("loaded does not follow sessionStart") }
        if count(.impression) > 1 { broken.append("impression more than once") }
        if let impression = index({ $0 == .impression }), impression < 2 { broken.append("impression before loaded") }
        let starts = events.indices.filter { if case .start = events[$0] { true } else { false } }
        if starts.count > 1 { broken.append("start more than once") }
        if let start = starts.first, start == 0 || events[start - 1] != .impression { broken.append("start does not follow the impression") }
        let quartiles = events.filter { [.firstQuartile, .midpoint, .thirdQuartile].contains($0) }
        if quartiles != Array([VideoAdVerificationEvent.firstQuartile, .midpoint, .thirdQuartile].prefix(quartiles.count)) {
            broken.append("quartiles repeated or out of order")
        }
        if let quartile = index({ [.firstQuartile, .midpoint, .thirdQuartile].contains($0) }), starts.first.map({ $0 > quartile }) ?? true {
            broken.append("a quartile before start")
        }
        if let complete = index({ $0 == .complete }), index({ $0 == .thirdQuartile }).map({ $0 > complete }) ?? true {
            broken.append("complete before the third quartile")
        }
        if count(.complete) > 1 || count(.skipped) > 1 || (count(.complete) > 0 && count(.skipped) > 0) {
            broken.append("complete and skipped, or either twice")
        }
        if let skipped = index({ $0 == .skipped }), events[(skipped + 1)...].contains(where: \.isMediaEvent) {
            broken.append("a media event after skipped")
        }
        if !alternates(events, on: .pause, off: .resume) { broken.append("pause and resume do not alternate") }
        if !alternates(events, on: .bufferStart, off: .bufferFinish) { broken.append("bufferStart and bufferFinish do not alternate") }
        if isDisplay, events.contains(where: \.isMediaEvent) { broken.append("a media event for a display ad") }
        if let finish = index({ $0 == .sessionFinish }), finish != events.count - 1 { broken.append("an event after sessionFinish") }
        if count(.sessionFinish) > 1 { broken.append("sessionFinish more than once") }
        return broken
    }

    /// Whether `on` and `off` alternate in `events`, `on` first.
    nonisolated private static func alternates(_ events: [VideoAdVerificationEvent], on: VideoAdVerificationEvent, off: VideoAdVerificationEvent) -> Bool {
        var isOn = false
        for event in events where event == on || event == off {
            if (event == on) == isOn { return false }
            isOn.toggle()
        }
        return true
    }
}
