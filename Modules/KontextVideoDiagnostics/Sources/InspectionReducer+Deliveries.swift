import Foundation
import KontextVideoModels

extension InspectionReducer {
    /// The durable pipeline's events: an entry queued, tied to its ad (`tracking pixel`), sent,
    /// given up, dropped or refused, and the failed passes that make every waiting entry retry.
    /// Returns whether `event` was one.
    mutating func applyDelivery(_ event: KontextVideoEvent, at date: Date) -> Bool {
        let attributes = event.attributes
        switch event.name {
        case KontextVideoEvent.Name.queued.rawValue:
            guard let id = attributes["id"] else { return false }
            if let pending = attributes["pending"].flatMap({ Int($0) }) { inspection.session.eventQueueDepth = pending }
            var delivery = Self.delivery(id: id, attributes, state: .queued)
            delivery.queuedAt = date
            // An event names its ad; a pixel is tied to its ad by the `tracking pixel` that follows.
            let owner = attributes["type"] != nil ? attributes["adId"].flatMap { adIndex(adId: $0) } : nil
            add(delivery, toAd: owner)
        case KontextVideoEvent.Name.trackingPixel.rawValue:
            guard let id = attributes["id"], let adId = attributes["adId"] else { return false }
            let index = ad(adId: adId, format: attributes["format"], at: date)
            var delivery = take(id: id) ?? Self.delivery(id: id, attributes, state: .queued)
            if delivery.queuedAt == nil { delivery.queuedAt = date }
            delivery.kind = .pixel
            delivery.name = attributes["event"] ?? delivery.name
            add(delivery, toAd: index)
        case KontextVideoEvent.Name.delivered.rawValue:
            settle(attributes, at: date, as: .sent) { delivery in
                delivery.httpStatus = attributes["status"].flatMap { Int($0) }
                delivery.detail = nil
            }
        case KontextVideoEvent.Name.givenUp.rawValue:
            settle(attributes, at: date, as: .givenUp) { delivery in
                delivery.detail = attributes["reason"] ?? "left out of the server's accepted list too many times"
            }
        case KontextVideoEvent.Name.dropped.rawValue:
            settle(attributes, at: date, as: .dropped) { delivery in
                delivery.detail = attributes["reason"]
                    ?? (attributes["droppedCount"] != nil ? "the queue was full: the oldest entry went" : "not a URL a GET can fetch")
            }
        case KontextVideoEvent.Name.eventsRefused.rawValue:
            let ids = (attributes["ids"] ?? "").split(separator: ",").map(String.init)
            for id in ids {
                settle(["id": id], at: date, as: .givenUp) { delivery in
                    delivery.detail = "refused for good by the server (HTTP \(attributes["status"] ?? "?"))"
                }
            }
            appendSessionMoment(event, at: date)
        case KontextVideoEvent.Name.eventsRequest.rawValue where event.kind == .retry:
            if let pending = attributes["pending"].flatMap({ Int($0) }) { inspection.session.eventQueueDepth = pending }
            markWaitingAsRetrying(nextTry: attributes["delay"])
            appendSessionMoment(event, at: date)
        default:
            return false
        }
        return true
    }

    /// A delivery from a pipeline event's attributes: an event has a `type`, a pixel a `url`.
    private static func delivery(id: String, _ attributes: [String: String], state: KontextVideoInspection.Delivery.State)
        -> KontextVideoInspection.Delivery {
        let isEvent = attributes["type"] != nil
        return KontextVideoInspection.Delivery(
            id: id, kind: isEvent ? .event : .pixel, name: attributes["type"] ?? "pixel", url: attributes["url"], state: state,
            retries: 0)
    }

    /// Settles the delivery `attributes` name (`id`) as `state`: it left the queue. One the
    /// inspector never saw queued (queued before it started, or by an earlier launch) is added
    /// unattributed, or to its ad when the event names one.
    private mutating func settle(
        _ attributes: [String: String], at date: Date, as state: KontextVideoInspection.Delivery.State,
        _ change: (inout KontextVideoInspection.Delivery) -> Void
    ) {
        guard let id = attributes["id"] else { return }
        if let depth = inspection.session.eventQueueDepth { inspection.session.eventQueueDepth = max(0, depth - 1) }
        if !update(id: id, { delivery in
            delivery.state = state
            delivery.settledAt = date
            change(&delivery)
        }) {
            var delivery = Self.delivery(id: id, attributes, state: state)
            delivery.settledAt = date
            change(&delivery)
            add(delivery, toAd: attributes["adId"].flatMap { adIndex(adId: $0) })
        }
    }

    /// Every delivery still waiting waited through a failed pass: it is retried after `nextTry`
    /// seconds.
    private mutating func markWaitingAsRetrying(nextTry: String?) {
        func retry(_ delivery: inout KontextVideoInspection.Delivery) {
            guard delivery.state == .queued || delivery.state == .retrying else { return }
            delivery.state = .retrying
            delivery.retries += 1
            delivery.detail = nextTry.map { "tried again in \($0) s" }
        }
        for ad in inspection.ads.indices {
            for index in inspection.ads[ad].deliveries.indices { retry(&inspection.ads[ad].deliveries[index]) }
        }
        for index in inspection.unattributedDeliveries.indices { retry(&inspection.unattributedDeliveries[index]) }
    }

    // MARK: Where deliveries are kept

    /// Adds `delivery` to the ad at `index`, or unattributed.
    private mutating func add(_ delivery: KontextVideoInspection.Delivery, toAd index: Int?) {
        if let index {
            deliveryOwners[delivery.id] = .ad(inspection.ads[index].id)
            Self.append(delivery, to: &inspection.ads[index].deliveries, forgetting: &deliveryOwners)
        } else {
            deliveryOwners[delivery.id] = .unattributed
            Self.append(delivery, to: &inspection.unattributedDeliveries, forgetting: &deliveryOwners)
        }
    }

    /// Appends `delivery`, forgetting the owner of any delivery dropped beyond `listLimit`.
    private static func append(
        _ delivery: KontextVideoInspection.Delivery, to list: inout [KontextVideoInspection.Delivery],
        forgetting owners: inout [String: DeliveryOwner]
    ) {
        list.append(delivery)
        guard list.count > listLimit else { return }
        for old in list.prefix(list.count - listLimit) { owners[old.id] = nil }
        list.removeFirst(list.count - listLimit)
    }

    /// Changes the delivery with `id`; returns whether the inspection holds it.
    private mutating func update(id: String, _ change: (inout KontextVideoInspection.Delivery) -> Void) -> Bool {
        switch deliveryOwners[id] {
        case .ad(let adId)?:
            guard let ad = adIndex(id: adId), let index = inspection.ads[ad].deliveries.firstIndex(where: { $0.id == id }) else {
                return false
            }
            change(&inspection.ads[ad].deliveries[index])
        case .unattributed?:
            guard let index = inspection.unattributedDeliveries.firstIndex(where: { $0.id == id }) else { return false }
            change(&inspection.unattributedDeliveries[index])
        case nil:
            return false
        }
        return true
    }

    /// Removes the delivery with `id` from where it is kept, and returns it.
    private mutating func take(id: String) -> KontextVideoInspection.Delivery? {
        defer { deliveryOwners[id] = nil }
        switch deliveryOwners[id] {
        case .ad(let adId)?:
            guard let ad = adIndex(id: adId), let index = inspection.ads[ad].deliveries.firstIndex(where: { $0.id == id }) else {
                return nil
            }
            return inspection.ads[ad].deliveries.remove(at: index)
        case .unattributed?:
            guard let index = inspection.unattributedDeliveries.firstIndex(where: { $0.id == id }) else { return nil }
            return inspection.unattributedDeliveries.remove(at: index)
        case nil:
            return nil
        }
    }
}
