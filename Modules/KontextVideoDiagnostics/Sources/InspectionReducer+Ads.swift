import Foundation
import KontextVideoModels

extension InspectionReducer {
    /// One ad's events: its request, the answer, a no-fill, the errors its calls threw, its VAST
    /// walk, its media file, and its life from `load` to `didEnd`. Returns whether `event` was one.
    mutating func applyAd(_ event: KontextVideoEvent, at date: Date) -> Bool {
        let attributes = event.attributes
        switch event.name {
        case KontextVideoEvent.Name.adRequested.rawValue:
            guard let requestId = attributes["requestId"] else { return false }
            let index = adIndex(requestId: requestId) ?? appendAd(.init(id: requestId, format: attributes["format"] ?? "", requestId: requestId))
            let request = Self.request(attributes, at: date)
            inspection.ads[index].request = request
            inspection.session.consentSignals = request.consentSignals
            inspection.session.consentSentAt = date
        case KontextVideoEvent.Name.trackingDataOmitted.rawValue:
            guard let index = requestedAd(attributes) else { return false }
            appendMoment(event, at: date, toAd: index)
        case KontextVideoEvent.Name.noFill.rawValue:
            guard let index = requestedAd(attributes) else { return false }
            inspection.ads[index].stage = .noFill
            inspection.ads[index].noFillReason = attributes["reason"]
            appendMoment(event, at: date, toAd: index)
        case KontextVideoEvent.Name.preloadRequest.rawValue where event.kind == .error:
            guard let index = requestedAd(attributes) else { return false }
            inspection.ads[index].stage = .requestFailed
            inspection.ads[index].error = attributes["failure"]
            appendMoment(event, at: date, toAd: index)
        case KontextVideoEvent.Name.errorThrown.rawValue:
            return applyThrown(event, at: date)
        case KontextVideoEvent.Name.adReceived.rawValue:
            guard let adId = attributes["adId"] else { return false }
            let index = requestedAd(attributes) ?? appendAd(.init(id: "ad-\(adId)", format: attributes["format"] ?? "", requestId: nil))
            inspection.ads[index].answer = Self.answer(attributes, adId: adId, at: date)
            inspection.ads[index].stage = .received
            appendMoment(event, at: date, toAd: index)
        case KontextVideoEvent.Name.load.rawValue:
            updateAd(event, at: date) { $0.stage = .loading }
        case KontextVideoEvent.Name.loaded.rawValue:
            updateAd(event, at: date) { $0.stage = .loaded }
        case KontextVideoEvent.Name.invalidated.rawValue:
            updateAd(event, at: date) {
                $0.stage = .invalidated
                $0.invalidation = attributes["reason"]
            }
        case KontextVideoEvent.Name.presenting.rawValue, KontextVideoEvent.Name.shown.rawValue:
            updateAd(event, at: date) { $0.stage = .onScreen }
        case KontextVideoEvent.Name.didEnd.rawValue:
            updateAd(event, at: date) {
                $0.stage = .ended
                $0.endReason = attributes["reason"]
                $0.completed = attributes["completed"].map { $0 == "true" }
            }
        case KontextVideoEvent.Name.vastTag.rawValue, KontextVideoEvent.Name.vastWrapper.rawValue:
            updateAd(event, at: date, moment: false) { ad in
                ad.vastChain.append(Self.hop(attributes, at: date))
            }
        case KontextVideoEvent.Name.mediaFileChosen.rawValue:
            updateAd(event, at: date, moment: false) { ad in
                ad.mediaFile = KontextVideoInspection.MediaFile(
                    url: attributes["url"] ?? "", type: attributes["type"], delivery: attributes["delivery"], size: attributes["size"],
                    bitrate: attributes["bitrate"].flatMap { Int($0) }, reason: attributes["reason"], at: date)
            }
        case KontextVideoEvent.Name.vastFailed.rawValue:
            updateAd(event, at: date) { ad in
                ad.vastError = "VAST error \(attributes["code"] ?? "?"): \(attributes["why"] ?? "no ad")"
            }
        default:
            return false
        }
        return true
    }

    /// What a public call threw: a `format(_:)` for a request (its no-fill or failure), a call of
    /// an ad (on its timeline), or another call (on the session's).
    private mutating func applyThrown(_ event: KontextVideoEvent, at date: Date) -> Bool {
        let attributes = event.attributes
        let error = attributes["error"] ?? ""
        let described = attributes["why"].map { "\(error): \($0)" } ?? error
        let call = attributes["call"] ?? ""
        if let adId = attributes["adId"] {
            let index = ad(adId: adId, format: attributes["format"], at: date)
            appendMoment(event, at: date, toAd: index, detail: "\(call) threw \(described)")
            return true
        }
        guard call.hasPrefix("format(.") else { return false }
        let format = String(call.dropFirst("format(.".count).prefix { $0 != ")" })
        let index: Int
        if let requestId = attributes["requestId"] {
            index = adIndex(requestId: requestId) ?? appendAd(.init(id: requestId, format: format, requestId: requestId))
        } else {
            requestsWithoutId += 1
            index = appendAd(.init(id: "request-\(requestsWithoutId)", format: format, requestId: nil))
        }
        if let reason = Self.noFillReason(error) {
            inspection.ads[index].stage = .noFill
            inspection.ads[index].noFillReason = reason
        } else {
            inspection.ads[index].stage = .requestFailed
            inspection.ads[index].error = described
        }
        appendMoment(event, at: date, toAd: index, detail: "\(call) threw \(described)")
        return true
    }

    /// The reason of a thrown `noFill(reason: …)`, or `nil` for another error.
    static func noFillReason(_ error: String) -> String? {
        let prefix = "noFill(reason: "
        guard error.hasPrefix(prefix), error.hasSuffix(")") else { return nil }
        return String(error.dropFirst(prefix.count).dropLast())
    }

    /// The ad of the request an event names (`requestId`), made when the inspector did not see
    /// the request leave.
    private mutating func requestedAd(_ attributes: [String: String]) -> Int? {
        guard let requestId = attributes["requestId"] else { return nil }
        return adIndex(requestId: requestId) ?? appendAd(.init(id: requestId, format: attributes["format"] ?? "", requestId: requestId))
    }

    /// The ad answered with `adId`, made when the inspector started listening after its answer.
    mutating func ad(adId: String, format: String?, at date: Date) -> Int {
        if let index = adIndex(adId: adId) { return index }
        var ad = KontextVideoInspection.Ad(id: "ad-\(adId)", format: format ?? "", requestId: nil)
        ad.answer = KontextVideoInspection.Answer(at: nil, adId: adId)
        ad.stage = .received
        return appendAd(ad)
    }

    /// Changes the ad `event` names (`adId`) and, unless `moment` is false, notes the event on its
    /// timeline; an event without an ad id changes nothing.
    private mutating func updateAd(
        _ event: KontextVideoEvent, at date: Date, moment: Bool = true, _ change: (inout KontextVideoInspection.Ad) -> Void
    ) {
        guard let adId = event.attributes["adId"] else { return }
        let index = ad(adId: adId, format: event.attributes["format"], at: date)
        change(&inspection.ads[index])
        if moment { appendMoment(event, at: date, toAd: index) }
    }

    /// The request an `ad requested` event describes: `label.<key>` and `consent.<field>` gathered.
    static func request(_ attributes: [String: String], at date: Date) -> KontextVideoInspection.Request {
        var labels: [String: String] = [:]
        var consent: [String: String] = [:]
        for (key, value) in attributes {
            if key.hasPrefix("label.") { labels[String(key.dropFirst("label.".count))] = value }
            if key.hasPrefix("consent.") { consent[String(key.dropFirst("consent.".count))] = value }
        }
        return KontextVideoInspection.Request(
            at: date, content: attributes["content"] ?? "", labels: labels, consentSignals: consent,
            playhead: attributes["playhead"].flatMap(Self.finite), variant: attributes["variant"])
    }

    /// The answer an `ad received` event describes.
    static func answer(_ attributes: [String: String], adId: String, at date: Date) -> KontextVideoInspection.Answer {
        KontextVideoInspection.Answer(
            at: date, adId: adId, price: attributes["price"], pricePrecision: attributes["precision"], creative: attributes["creative"],
            vast: attributes["vast"], duration: attributes["duration"].flatMap(Self.finite))
    }

    /// The hop a `VAST tag` or `VAST wrapper` event describes.
    static func hop(_ attributes: [String: String], at date: Date) -> KontextVideoInspection.VASTHop {
        let outcome = attributes["outcome"] ?? ""
        let errorCode = outcome.hasPrefix("error ") ? Int(outcome.dropFirst("error ".count)) : nil
        return KontextVideoInspection.VASTHop(
            depth: attributes["depth"].flatMap { Int($0) } ?? 0, url: attributes["url"] ?? "", outcome: outcome, errorCode: errorCode,
            seconds: attributes["elapsed"].flatMap(Self.finite), at: date)
    }

    /// A finite number from text; `nil` for anything else (the JSON export has no NaN).
    static func finite(_ text: String) -> Double? {
        Double(text).flatMap { $0.isFinite ? $0 : nil }
    }
}
