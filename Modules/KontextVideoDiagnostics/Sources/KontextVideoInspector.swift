import Foundation
import KontextVideoConcurrency
import KontextVideoModels

/// The ad inspector: follows the SDK's event stream and keeps, for every ad, what happened to it
/// and why — the request, the answer or the no-fill reason, the VAST chain, the media file, every
/// tracking event and pixel with its delivery, the end — and the session's state. Reach it as
/// `KontextVideo.shared.inspector`.
///
/// It collects nothing until the app calls ``start()``: before, it costs nothing, and a release
/// build that never starts it never pays for it. Start it early (at launch, behind a debug
/// setting or your own switch) so it sees initialization and the first requests; show it later,
/// from a debug menu or a gesture of your choosing, with `KontextVideoInspectorView` on iOS and
/// tvOS, or read ``snapshot()`` and share ``jsonData()`` with Kontext's support.
///
/// ```swift
/// #if DEBUG
/// KontextVideo.shared.inspector.start()
/// #endif
/// KontextVideo.shared.initialize(with: .init(publisherToken: "acme-dev"))
/// // … later, the viewer saw no pause ad:
/// let inspection = KontextVideo.shared.inspector.snapshot()
/// print(inspection.text)
/// ```
///
/// While it listens, every event of the SDK is built, as for a console at `.debug`, and folded
/// into the inspection; it keeps the newest 100 ads and, per ad, the newest 200 moments and
/// deliveries. Thread-safe: call it from anywhere.
public final class KontextVideoInspector: Sendable {
    private let stream: KontextVideoEventStream
    private let listener: Listener

    /// Hears the stream's events for the inspector; the one object the stream holds.
    private final class Listener: KontextVideoEventMonitor, Sendable {
        let state = LockedState(State())

        func record(_ event: KontextVideoEvent) {
            state.withLock { state in
                guard state.isListening else { return }
                state.reducer.apply(event, at: state.now())
                for subscriber in state.subscribers.values { subscriber.yield(state.reducer.inspection) }
            }
        }
    }

    private struct State: Sendable {
        var isListening = false
        var reducer = InspectionReducer(startedAt: nil)
        var subscribers: [UUID: AsyncStream<KontextVideoInspection>.Continuation] = [:]
        var now: @Sendable () -> Date = { Date() }
    }

    /// An inspector of `stream`, not listening yet; `now` stamps each event as it is heard.
    package init(events stream: KontextVideoEventStream, now: @escaping @Sendable () -> Date = { Date() }) {
        self.stream = stream
        self.listener = Listener()
        listener.state.withLock { $0.now = now }
    }

    /// Starts listening to the SDK's events: from now on, every event is folded into the
    /// inspection. Starting an inspector that listens already does nothing; one that was stopped
    /// listens again and keeps what it learned.
    public func start() {
        // Under the inspector's lock, so a `stop()` racing it cannot leave the listener added.
        // The stream never holds its own lock while it calls a monitor: no lock-order inversion.
        listener.state.withLock { state in
            guard !state.isListening else { return }
            state.isListening = true
            if state.reducer.inspection.session.inspectingSince == nil {
                state.reducer = InspectionReducer(startedAt: state.now())
            }
            stream.add(listener)
        }
    }

    /// Stops listening: events are no longer built for the inspector. What it learned stays
    /// until ``clear()``.
    public func stop() {
        listener.state.withLock { state in
            guard state.isListening else { return }
            state.isListening = false
            stream.remove(listener)
        }
    }

    /// Whether the inspector listens to the SDK's events (between ``start()`` and ``stop()``).
    public var isListening: Bool {
        listener.state.withLock { $0.isListening }
    }

    /// Forgets everything it learned; a listening inspector starts afresh, from now.
    public func clear() {
        listener.state.withLock { state in
            state.reducer = InspectionReducer(startedAt: state.isListening ? state.now() : nil)
            for subscriber in state.subscribers.values { subscriber.yield(state.reducer.inspection) }
        }
    }

    /// What the inspector learned so far (empty before ``start()``).
    /// - Returns: The inspection as it is now: a value, unchanged by later events.
    public func snapshot() -> KontextVideoInspection {
        listener.state.withLock { $0.reducer.inspection }
    }

    /// The inspection now, then again after each event that reached the inspector, for a view
    /// that follows it live. A reader that falls behind gets the newest only.
    ///
    /// ```swift
    /// for await inspection in KontextVideo.shared.inspector.snapshots() {
    ///     statusLabel.text = "\(inspection.ads.count) ads"
    /// }
    /// ```
    ///
    /// - Returns: A stream that ends when the reader stops iterating.
    public func snapshots() -> AsyncStream<KontextVideoInspection> {
        let (stream, continuation) = AsyncStream.makeStream(of: KontextVideoInspection.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        listener.state.withLock { state in
            state.subscribers[id] = continuation
            continuation.yield(state.reducer.inspection)
        }
        continuation.onTermination = { [listener] _ in
            listener.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The inspection now as JSON, for Kontext's support (``KontextVideoInspection/jsonData()``).
    /// - Returns: UTF-8 JSON with stable keys.
    /// - Throws: `EncodingError` only if a value cannot be encoded, which the inspector never builds.
    public func jsonData() throws -> Data {
        try snapshot().jsonData()
    }

    /// Stamps each later event with `now` (the SDK's clock in tests, the wall clock otherwise).
    package func setTimeSource(_ now: @escaping @Sendable () -> Date) {
        listener.state.withLock { $0.now = now }
    }
}
