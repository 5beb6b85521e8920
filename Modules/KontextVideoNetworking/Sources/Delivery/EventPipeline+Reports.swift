import Foundation
import KontextVideoJournal
import KontextVideoModels

/// What the pipeline reports about entries it did not queue or dropped.
extension EventPipeline {
    /// Reports pixels refused over the per-ad cap: one warning per ad and VAST event.
    nonisolated func reportOverCap(_ refused: [QueuedEntry]) {
        guard !refused.isEmpty else { return }
        var groups: [PixelGroup: [QueuedEntry]] = [:]
        var order: [PixelGroup] = []
        for entry in refused {
            guard let group = entry.pixelGroup else { continue }
            if groups[group] == nil { order.append(group) }
            groups[group, default: []].append(entry)
        }
        for group in order {
            let entries = groups[group] ?? []
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: [
                "adId": group.adId, "event": group.event, "count": "\(entries.count)",
                "ids": entries.map(\.id).joined(separator: ","),
                "reason": "more than \(EventQueueStore.pixelsPerAdEvent) pixels of one ad for one VAST event",
            ]))
        }
    }

    /// Reports entries evicted to keep their kind within its budget.
    nonisolated func reportEvicted(_ evicted: [QueuedEntry]) {
        for old in evicted {
            var attributes = Self.describe(old)
            attributes["droppedCount"] = "\(store.droppedCount)"
            attributes["reason"] = old.kind == .event ? "the queue holds \(store.capacity) events" : "the queue holds \(store.capacity) pixels"
            events.record(KontextVideoEvent(.beacon, .dropped, level: .warning, attributes: attributes))
        }
    }

    /// What a report says of `entry`: its id, and an event's type and ad or a pixel's URL, ad and
    /// VAST event. `submitted`, when at hand, spares reading the event back from its bytes.
    static func describe(_ entry: QueuedEntry, as submitted: PipelineEntry? = nil) -> [String: String] {
        if case .event(let event)? = submitted {
            return ["id": entry.id, "type": event.type.rawValue, "adId": event.adId]
        }
        return switch entry.kind {
        case .event:
            // Read back from the bytes: only for a report, never on the way to the server.
            entry.wireEvent.map { ["id": entry.id, "type": $0.type, "adId": $0.adId] } ?? ["id": entry.id, "type": "", "adId": ""]
        case .pixel:
            ["id": entry.id, "url": entry.url ?? ""].merging(
                [entry.adId.map { ("adId", $0) }, entry.vastEvent.map { ("event", $0) }].compactMap { $0 }) { $1 }
        }
    }
}
