import Foundation
import KontextVideoJournal
import KontextVideoModels

/// How the pipeline's reports name an entry.
extension EventPipeline {
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
