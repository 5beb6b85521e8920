import KontextVideoConcurrency
import KontextVideoModels

/// Keeps every event of the SDK's stream it is given, for tests to read back.
package final class RecordingEventMonitor: KontextVideoEventMonitor, Sendable {
    private let recorded = LockedState<[KontextVideoEvent]>([])

    /// Creates an empty recorder.
    package init() {}

    /// Keeps `event`.
    package func record(_ event: KontextVideoEvent) {
        recorded.withLock { $0.append(event) }
    }

    /// Every event so far, in order.
    package var events: [KontextVideoEvent] {
        recorded.snapshot
    }

    /// The events of `kind`, and named `name` when one is given.
    package func events(_ kind: KontextVideoEvent.Kind, named name: KontextVideoEvent.Name? = nil) -> [KontextVideoEvent] {
        events.filter { event in event.kind == kind && (name.map { $0.rawValue == event.name } ?? true) }
    }
}
