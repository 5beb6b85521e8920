import Foundation
import KontextVideoModels

/// Folds the SDK's events into a `KontextVideoInspection`, one at a time (pure: the same events
/// at the same times make the same inspection). What each event means for the inspection is
/// decided here and in the extensions beside it: the session's (`+Session`), an ad's (`+Ads`),
/// a delivery's (`+Deliveries`).
package struct InspectionReducer: Sendable {
    /// The most ads kept; the oldest go first.
    package static let adLimit = 100
    /// The most moments kept per ad and for the session, and the most deliveries per ad and
    /// unattributed.
    package static let listLimit = 200

    /// What the events said so far.
    package internal(set) var inspection: KontextVideoInspection
    /// Where each delivery the inspection holds is, by its id.
    var deliveryOwners: [String: DeliveryOwner] = [:]
    /// How many ads were made for a `format(_:)` that threw before its request had an id.
    var requestsWithoutId = 0

    /// Where a delivery is kept.
    enum DeliveryOwner: Sendable, Equatable {
        /// In the deliveries of the ad with this `Ad.id`.
        case ad(String)
        /// Among the unattributed deliveries.
        case unattributed
    }

    /// A reducer that has seen nothing, its inspection begun at `startedAt`.
    package init(startedAt: Date?) {
        inspection = KontextVideoInspection(startedAt: startedAt.map(MillisecondDate.rounded))
    }

    /// Folds `event`, heard at `date` (kept to the millisecond), into the inspection.
    package mutating func apply(_ event: KontextVideoEvent, at date: Date) {
        let date = MillisecondDate.rounded(date)
        if applySession(event, at: date) || applyDelivery(event, at: date) || applyAd(event, at: date) { return }
        noteUnclaimed(event, at: date)
    }

    /// An event no rule claimed: on its ad's timeline when it names one, on the session's when
    /// it is a warning or an error, else dropped (requests and answers of the wire are summed up
    /// by the events that follow them).
    private mutating func noteUnclaimed(_ event: KontextVideoEvent, at date: Date) {
        if let adId = event.attributes["adId"], let index = adIndex(adId: adId) {
            appendMoment(event, at: date, toAd: index)
        } else if event.level <= .warning, event.level != .none {
            appendSessionMoment(event, at: date)
        }
    }

    // MARK: Shared pieces

    /// The moment `event` makes: its name, and its attributes as `key=value` without those the
    /// inspection holds elsewhere (ad, format, request, queue entry ids).
    static func moment(_ event: KontextVideoEvent, at date: Date, detail: String? = nil) -> KontextVideoInspection.Moment {
        let skipped: Set<String> = ["adId", "format", "requestId", "id"]
        let text = detail ?? event.attributes.keys.sorted().filter { !skipped.contains($0) }
            .map { "\($0)=\(event.attributes[$0]!)" }.joined(separator: " ")
        return KontextVideoInspection.Moment(at: date, name: event.name, detail: text)
    }

    mutating func appendSessionMoment(_ event: KontextVideoEvent, at date: Date, detail: String? = nil) {
        Self.append(Self.moment(event, at: date, detail: detail), to: &inspection.session.timeline)
    }

    mutating func appendMoment(_ event: KontextVideoEvent, at date: Date, toAd index: Int, detail: String? = nil) {
        Self.append(Self.moment(event, at: date, detail: detail), to: &inspection.ads[index].timeline)
    }

    /// Appends `element`, dropping the oldest beyond `listLimit`.
    static func append<Element>(_ element: Element, to list: inout [Element]) {
        list.append(element)
        if list.count > listLimit { list.removeFirst(list.count - listLimit) }
    }

    /// The newest ad answered with `adId`.
    func adIndex(adId: String) -> Int? {
        inspection.ads.lastIndex { $0.answer?.adId == adId }
    }

    /// The ad of request `requestId`.
    func adIndex(requestId: String) -> Int? {
        inspection.ads.lastIndex { $0.requestId == requestId }
    }

    /// The ad whose `id` is `id`.
    func adIndex(id: String) -> Int? {
        inspection.ads.lastIndex { $0.id == id }
    }

    /// Adds `ad`, leaving the oldest out beyond `adLimit` (and their deliveries' owners).
    mutating func appendAd(_ ad: KontextVideoInspection.Ad) -> Int {
        inspection.ads.append(ad)
        if inspection.ads.count > Self.adLimit {
            let leftOut = inspection.ads.prefix(inspection.ads.count - Self.adLimit)
            for old in leftOut {
                for delivery in old.deliveries { deliveryOwners[delivery.id] = nil }
            }
            inspection.adsLeftOut += leftOut.count
            inspection.ads.removeFirst(leftOut.count)
        }
        return inspection.ads.count - 1
    }
}
