import KontextVideoConcurrency
import Foundation

/// One moment of the SDK's inner life: a request, a retry, a VAST hop, a beacon, a state
/// change, a delegate callback, a warning. Logs, tests and a debug view all read the same
/// stream (`KontextVideoEventStream`).
public struct KontextVideoEvent: Sendable, Hashable, CustomStringConvertible {
    /// What part of the SDK the event comes from.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An HTTP request leaves for the ad server.
        case request
        /// The ad server answered (or the request failed).
        case response
        /// A request is retried after a back-off.
        case retry
        /// A VAST wrapper was followed.
        case vastHop
        /// A tracking event was queued, delivered or dropped.
        case beacon
        /// An ad or the SDK changed state.
        case state
        /// A delegate method was called.
        case delegate
        /// Something the publisher should fix or know (for example a dropped label).
        case warning
        /// Something failed.
        case error
    }

    /// What part of the SDK the event comes from.
    public var kind: Kind
    /// The console level at which the event is printed.
    public var level: KontextVideoConfiguration.LogLevel
    /// A short name, such as `POST /init` or `didEnd`.
    public var name: String
    /// Details as text, such as `["status": "200", "adId": "…"]`.
    public var attributes: [String: String]

    /// Creates an event.
    /// - Parameters:
    ///   - kind: What part of the SDK it comes from.
    ///   - name: A short name, such as `POST /init` or `didEnd`.
    ///   - level: The console level at which it is printed; `.debug` by default.
    ///   - attributes: Details as text.
    public init(
        _ kind: Kind,
        _ name: String,
        level: KontextVideoConfiguration.LogLevel = .debug,
        attributes: [String: String] = [:]
    ) {
        self.kind = kind
        self.name = name
        self.level = level
        self.attributes = attributes
    }

    /// A short description for logs.
    public var description: String {
        let details = attributes.keys.sorted().map { "\($0)=\(attributes[$0]!)" }.joined(separator: " ")
        return details.isEmpty ? "[\(kind.rawValue)] \(name)" : "[\(kind.rawValue)] \(name) \(details)"
    }
}

/// Anything that wants to hear the SDK's events.
public protocol KontextVideoEventMonitor: Sendable {
    /// Called for every event, on whatever thread produced it; must not block.
    /// - Parameter event: The event.
    func record(_ event: KontextVideoEvent)
}

/// The one event stream of the SDK: fans every event out to the console (filtered by
/// log level) and to every subscriber.
public final class KontextVideoEventStream: KontextVideoEventMonitor, Sendable {
    private struct State {
        var logLevel: KontextVideoConfiguration.LogLevel
        var subscribers: [UUID: AsyncStream<KontextVideoEvent>.Continuation] = [:]
        var monitors: [any KontextVideoEventMonitor] = []
    }

    private let state: LockedState<State>
    private let printer: @Sendable (KontextVideoEvent) -> Void

    /// Creates a stream printing events at `logLevel` or more severe through `printer`, one line
    /// each (`[KontextVideo] [kind] name key=value …`). The SDK makes its own:
    /// ``KontextVideo/events``, which writes to the platform's console.
    /// - Parameters:
    ///   - logLevel: The level at or above which events are printed; `.warning` by default.
    ///   - printer: Prints one line; `print` by default.
    public init(
        logLevel: KontextVideoConfiguration.LogLevel = .warning,
        printer: @escaping @Sendable (String) -> Void = { print($0) }
    ) {
        self.state = LockedState(State(logLevel: logLevel))
        self.printer = { printer("[KontextVideo] \($0)") }
    }

    /// Creates the SDK's own stream: events at `logLevel` or more severe go to the platform's
    /// console — the unified log (`os.Logger`, subsystem `so.kontext.video`, a category per kind,
    /// private values redacted) on Apple platforms, standard error elsewhere.
    package convenience init(consoleLevel logLevel: KontextVideoConfiguration.LogLevel) {
        self.init(logLevel: logLevel, writing: KontextVideoConsole.write)
    }

    /// Creates a stream that hands each event at `logLevel` or more severe to `printer`.
    package init(logLevel: KontextVideoConfiguration.LogLevel, writing printer: @escaping @Sendable (KontextVideoEvent) -> Void) {
        self.state = LockedState(State(logLevel: logLevel))
        self.printer = printer
    }

    /// The level at or above which events are printed.
    public var logLevel: KontextVideoConfiguration.LogLevel {
        get { state.withLock { $0.logLevel } }
        set { state.withLock { $0.logLevel = newValue } }
    }

    /// Adds a monitor that hears every later event, whatever the log level. It is kept for the
    /// stream's life.
    ///
    /// ```swift
    /// struct CrashReporterBreadcrumbs: KontextVideoEventMonitor {
    ///     func record(_ event: KontextVideoEvent) {
    ///         guard event.level <= .warning else { return }
    ///         Breadcrumbs.add("kontext: \(event)")
    ///     }
    /// }
    /// KontextVideo.shared.events.add(CrashReporterBreadcrumbs())
    /// ```
    ///
    /// - Parameter monitor: Called for every event, on whatever thread produced it; it must not block.
    public func add(_ monitor: any KontextVideoEventMonitor) {
        state.withLock { $0.monitors.append(monitor) }
    }

    /// Removes `monitor`, added with ``add(_:)``: it hears no later event, and an event it was
    /// the only one to hear is no longer built.
    package func remove(_ monitor: some KontextVideoEventMonitor & AnyObject) {
        state.withLock { $0.monitors.removeAll { ($0 as AnyObject) === monitor } }
    }

    /// A stream of every later event, whatever the log level. Ends when the caller stops iterating.
    ///
    /// ```swift
    /// Task {
    ///     for await event in KontextVideo.shared.events.events() {
    ///         debugOverlay.append(event.description)
    ///     }
    /// }
    /// ```
    ///
    /// - Returns: The events from now on, in order; the newest 10,000 are kept when the reader
    ///   falls behind.
    public func events() -> AsyncStream<KontextVideoEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: KontextVideoEvent.self, bufferingPolicy: .bufferingNewest(10_000))
        let id = UUID()
        state.withLock { $0.subscribers[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Whether an event of `level` would reach anyone: the console at the current log level, a
    /// subscriber or a monitor. Lets hot paths skip building an event nobody hears.
    package func isHeard(at level: KontextVideoConfiguration.LogLevel) -> Bool {
        state.withLock { state in
            !state.subscribers.isEmpty || !state.monitors.isEmpty
                || (state.logLevel != .none && level != .none && level <= state.logLevel)
        }
    }

    /// Prints the event if its level is on, and hands it to every subscriber and monitor.
    /// - Parameter event: The event.
    public func record(_ event: KontextVideoEvent) {
        let (level, subscribers, monitors) = state.withLock { ($0.logLevel, Array($0.subscribers.values), $0.monitors) }
        if level != .none, event.level != .none, event.level <= level {
            printer(event)
        }
        for subscriber in subscribers { subscriber.yield(event) }
        for monitor in monitors { monitor.record(event) }
    }
}

extension KontextVideoEventMonitor {
    /// Records the event `make` builds, building it only when someone hears an event of `level`
    /// (formatting attributes costs more than the rest of most calls).
    package func record(_ level: KontextVideoConfiguration.LogLevel, _ make: () -> KontextVideoEvent) {
        if let stream = self as? KontextVideoEventStream, !stream.isHeard(at: level) { return }
        record(make())
    }
}

extension KontextVideoEventStream {
    /// `record(_:_:)` on the stream itself, as the SDK's own parts hold it: no cast to find out
    /// whether anyone hears (a dynamic cast per event, on the main thread, for every ad's moments).
    package func record(_ level: KontextVideoConfiguration.LogLevel, _ make: () -> KontextVideoEvent) {
        guard isHeard(at: level) else { return }
        record(make())
    }
}
