import Foundation
import KontextVideoModels
import KontextVideoJournal

/// One event for the server, delivered at least once through the durable pipeline. It gets its
/// `eventId`, by which the server drops duplicates, when it is queued (`EventPipeline.submit`,
/// from the pipeline's `IdentifierSource`): one id per queued event, kept through every retry.
package struct ServerEvent: Sendable, Hashable {
    /// What happened.
    package var type: ServerEventType
    /// The server's id of the ad.
    package var adId: String
    /// The ad's format.
    package var format: AdFormat
    /// When it happened (wall clock, sent as ISO-8601 UTC with milliseconds); `nil` until it is
    /// queued, when the pipeline stamps it with its injected wall clock (`EventPipeline.wallClock`):
    /// an event is queued on the caller's thread the moment it happens, so one clock stamps them all.
    package var timestamp: Date?
    /// The content's time in seconds when it happened.
    package var playhead: TimeInterval
    /// The type's details (see `PROTOCOL.md`).
    package var data: [String: JSONValue]

    /// Creates an event.
    package init(
        type: ServerEventType,
        adId: String,
        format: AdFormat,
        timestamp: Date? = nil,
        playhead: TimeInterval = 0,
        data: [String: JSONValue] = [:]
    ) {
        self.type = type
        self.adId = adId
        self.format = format
        self.timestamp = timestamp
        self.playhead = playhead
        self.data = data
    }

    /// The ad was shown.
    package static func impression(adId: String, format: AdFormat, playhead: TimeInterval = 0, at timestamp: Date? = nil) -> ServerEvent {
        ServerEvent(type: .impression, adId: adId, format: format, timestamp: timestamp, playhead: playhead)
    }

    /// The viewer tapped `area`.
    package static func click(
        area: VideoAdClick.Area, adId: String, format: AdFormat, playhead: TimeInterval = 0, at timestamp: Date? = nil
    ) -> ServerEvent {
        ServerEvent(type: .click, adId: adId, format: format, timestamp: timestamp, playhead: playhead,
                    data: ["area": .string(area.wireName)])
    }

    /// The ad left the screen for `reason`; `completed` says whether the creative ran to its end.
    package static func ended(
        reason: VideoAdEndReason, completed: Bool, adId: String, format: AdFormat, playhead: TimeInterval = 0, at timestamp: Date? = nil
    ) -> ServerEvent {
        ServerEvent(type: .ended, adId: adId, format: format, timestamp: timestamp, playhead: playhead,
                    data: endedData[endedSlot(reason, completed: completed)])
    }

    /// Every `ended` event's details, made once: an event shares its dictionary instead of
    /// building (and later freeing) one of its own (an eighth of `dismiss()`, under `perf`).
    private static let endedData: [[String: JSONValue]] = {
        var table = [[String: JSONValue]](repeating: [:], count: VideoAdEndReason.allCases.count * 2)
        for reason in VideoAdEndReason.allCases {
            for completed in [false, true] {
                table[endedSlot(reason, completed: completed)] = ["reason": .string(reason.rawValue), "completed": .bool(completed)]
            }
        }
        return table
    }()

    /// Where `endedData` keeps the details of `reason` and `completed`.
    private static func endedSlot(_ reason: VideoAdEndReason, completed: Bool) -> Int {
        let index = switch reason {
        case .completed: 0
        case .skipped: 1
        case .closed: 2
        case .resumed: 3
        case .failed: 4
        case .interrupted: 5
        case .dismissed: 6
        case .destroyed: 7
        }
        return index * 2 + (completed ? 1 : 0)
    }

    /// The app will not use the ad.
    package static func reject(
        _ reason: VideoAdRejectReason, adId: String, format: AdFormat, playhead: TimeInterval = 0, at timestamp: Date? = nil
    ) -> ServerEvent {
        var data: [String: JSONValue]
        switch reason {
        case .notUsed:
            data = ["reason": .string("not_used")]
        case let .outbid(winningPrice, winner):
            data = ["reason": .string("outbid")]
            if winningPrice.isFinite { data["winningPrice"] = .number(winningPrice) }
            if let winner, !winner.isEmpty { data["winner"] = .string(winner) }
        }
        return ServerEvent(type: .reject, adId: adId, format: format, timestamp: timestamp, playhead: playhead, data: data)
    }

    /// A held ad was dropped by `destroy()`.
    package static func dropped(adId: String, format: AdFormat, playhead: TimeInterval = 0, at timestamp: Date? = nil) -> ServerEvent {
        ServerEvent(type: .dropped, adId: adId, format: format, timestamp: timestamp, playhead: playhead)
    }

    /// A held ad expired unshown.
    package static func expired(adId: String, format: AdFormat, playhead: TimeInterval = 0, at timestamp: Date? = nil) -> ServerEvent {
        ServerEvent(type: .expired, adId: adId, format: format, timestamp: timestamp, playhead: playhead)
    }

    /// A VAST error with its code (a failed `load()`, or a creative failure on screen).
    package static func vastError(
        code: Int, adId: String, format: AdFormat, playhead: TimeInterval = 0, at timestamp: Date? = nil
    ) -> ServerEvent {
        ServerEvent(type: .vastError, adId: adId, format: format, timestamp: timestamp, playhead: playhead,
                    data: ["code": .integer(code)])
    }
}
