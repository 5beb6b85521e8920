import Foundation

/// The inspection as a reader sees it: sections (the session, each ad, the deliveries of no ad)
/// of labelled entries, each with its items. `KontextVideoInspection.text` prints it and the
/// SwiftUI screen lists it, so both say the same thing in the same words.
struct InspectionOutline: Equatable {
    /// A titled part: the session, one ad, the deliveries of no ad seen.
    struct Section: Equatable, Identifiable {
        /// Stable across snapshots: `session`, the ad's id, `unattributed`.
        var id: String
        var title: String
        var entries: [Entry]
    }

    /// One fact, and the items under it (a timeline's moments, the deliveries).
    struct Entry: Equatable {
        var label: String?
        var value: String
        var items: [String] = []
    }

    var heading: String
    var sections: [Section]
    var footer: String?

    init(_ inspection: KontextVideoInspection) {
        let format = Format(start: inspection.session.inspectingSince)
        heading = "Kontext ad inspector (schema \(inspection.schemaVersion))"
            + (inspection.session.inspectingSince.map { ", listening since \(MillisecondDate.text($0))" } ?? "")
        sections = [Self.session(inspection.session, format)]
        for (number, ad) in inspection.ads.enumerated() {
            sections.append(Self.ad(ad, number: Self.number(ofAdAt: number, in: inspection), format))
        }
        if let unattributed = Self.unattributed(inspection) { sections.append(unattributed) }
        footer = inspection.adsLeftOut > 0 ? "\(inspection.adsLeftOut) older ad(s) left out" : nil
    }

    /// The session's section alone.
    static func sessionSection(of inspection: KontextVideoInspection) -> Section {
        session(inspection.session, Format(start: inspection.session.inspectingSince))
    }

    /// The section of the ad at `index` of `inspection.ads` alone.
    static func adSection(at index: Int, of inspection: KontextVideoInspection) -> Section {
        ad(inspection.ads[index], number: number(ofAdAt: index, in: inspection), Format(start: inspection.session.inspectingSince))
    }

    /// The number the outline gives the ad at `index` (counting the ads left out before it).
    static func number(ofAdAt index: Int, in inspection: KontextVideoInspection) -> Int {
        inspection.adsLeftOut + index + 1
    }

    /// The section of the deliveries of no ad seen, if there are any.
    static func unattributed(_ inspection: KontextVideoInspection) -> Section? {
        let deliveries = inspection.unattributedDeliveries
        guard !deliveries.isEmpty else { return nil }
        let format = Format(start: inspection.session.inspectingSince)
        return Section(id: "unattributed", title: "Deliveries of no ad seen (\(deliveries.count))", entries: [
            Entry(label: nil, value: format.tally(deliveries), items: deliveries.map(format.line(of:))),
        ])
    }

    private static func session(_ session: KontextVideoInspection.Session, _ format: Format) -> Section {
        var initialization = session.initialization.rawValue
        if let reason = session.disabledReason { initialization += " (\(reason))" }
        if let at = session.initializedAt { initialization += " at \(format.offset(at))" }
        var entries = [
            Entry(label: nil, value: "SDK \(session.sdkVersion ?? "?") · server \(session.server ?? "?")"),
            Entry(label: "initialization", value: initialization),
            Entry(label: "consent sent", value: Format.pairs(session.consentSignals)),
            Entry(label: "event queue", value: session.eventQueueDepth.map { "\($0) waiting" } ?? "not reported yet"),
        ]
        if !session.timeline.isEmpty {
            entries.append(Entry(label: "moments", value: "", items: session.timeline.map(format.line(of:))))
        }
        return Section(id: "session", title: "Session", entries: entries)
    }

    private static func ad(_ ad: KontextVideoInspection.Ad, number: Int, _ format: Format) -> Section {
        var entries: [Entry] = []
        var request = ad.requestId ?? "not seen"
        if let sent = ad.request {
            request += " at \(format.offset(sent.at)) · content \(sent.content) · labels " + Format.pairs(sent.labels)
                + " · consent " + Format.pairs(sent.consentSignals)
        }
        entries.append(Entry(label: "request", value: request))
        if let answer = ad.answer {
            var parts = [answer.adId]
            if let price = answer.price { parts.append(price + (answer.pricePrecision.map { " (\($0))" } ?? "")) }
            if let creative = answer.creative { parts.append(creative + (answer.vast.map { " \($0)" } ?? "")) }
            if let duration = answer.duration { parts.append("\(Format.number(duration)) s") }
            entries.append(Entry(label: "answer", value: parts.joined(separator: " · ")))
        }
        if let reason = ad.noFillReason { entries.append(Entry(label: "no fill", value: reason)) }
        if let error = ad.error { entries.append(Entry(label: "error", value: error)) }
        if !ad.vastChain.isEmpty {
            entries.append(Entry(label: "VAST chain", value: "", items: ad.vastChain.map(Format.line(of:))))
        }
        if let vastError = ad.vastError { entries.append(Entry(label: nil, value: vastError)) }
        if let file = ad.mediaFile {
            let facts = [file.type, file.size, file.bitrate.map { "\($0) kbps" }].compactMap { $0 }
            entries.append(Entry(
                label: "media file", value: ([file.url] + facts).joined(separator: " · "),
                items: file.reason.map { ["why: \($0)"] } ?? []))
        }
        if !ad.timeline.isEmpty {
            entries.append(Entry(label: "timeline", value: "", items: ad.timeline.map(format.line(of:))))
        }
        if !ad.deliveries.isEmpty {
            entries.append(Entry(
                label: "deliveries (\(ad.deliveries.count))", value: format.tally(ad.deliveries),
                items: ad.deliveries.map(format.line(of:))))
        }
        return Section(id: ad.id, title: "Ad \(number) · \(ad.format) · \(ad.summary)", entries: entries)
    }

    /// How the outline writes times, pairs, counts and the lines of moments, hops and deliveries.
    struct Format {
        /// When the inspector started: times are written as seconds since.
        let start: Date?

        /// `at` as seconds since the inspector started (`+1.250 s`), or as a date without a start.
        func offset(_ at: Date) -> String {
            guard let start else { return MillisecondDate.text(at) }
            return "+" + String(format: "%.3f", at.timeIntervalSince(start)) + " s"
        }

        func line(of moment: KontextVideoInspection.Moment) -> String {
            "\(offset(moment.at))  \(moment.name)" + (moment.detail.isEmpty ? "" : "  \(moment.detail)")
        }

        func line(of delivery: KontextVideoInspection.Delivery) -> String {
            var text = "\(delivery.kind.rawValue) \(delivery.name) · \(delivery.state.rawValue)"
            if delivery.retries > 0 { text += " after \(delivery.retries) failed pass(es)" }
            if let status = delivery.httpStatus { text += " (HTTP \(status))" }
            if let detail = delivery.detail { text += ": \(detail)" }
            if delivery.kind == .pixel, let url = delivery.url { text += " · \(url)" }
            return text
        }

        static func line(of hop: KontextVideoInspection.VASTHop) -> String {
            "\(hop.depth) \(hop.depth == 0 ? "tag" : "wrapper") \(hop.url) · \(hop.outcome)"
                + (hop.seconds.map { " in " + String(format: "%.3f", $0) + " s" } ?? "")
        }

        /// How many deliveries are in each state: `5 sent, 1 retrying`.
        func tally(_ deliveries: [KontextVideoInspection.Delivery]) -> String {
            KontextVideoInspection.Delivery.State.allCases.compactMap { state in
                let count = deliveries.filter { $0.state == state }.count
                return count == 0 ? nil : "\(count) \(state.rawValue)"
            }.joined(separator: ", ")
        }

        /// `key=value` pairs in key order, or `none`.
        static func pairs(_ values: [String: String]) -> String {
            values.isEmpty ? "none" : values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ")
        }

        /// A number without a trailing `.0`.
        static func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3f", value)
        }
    }
}
