import Foundation

/// What the inspector's screen shows for one snapshot, made once when the snapshot arrives and
/// incrementally: an ad's section is written again only when that ad changed (or its number, or
/// the inspector's start the times count from); the others are the previous snapshot's. Events
/// arrive for one ad at a time, so an update costs that ad's rows, not all 100 ads'. No JSON is
/// made here: the export (``KontextVideoInspection/jsonData()``, the whole inspection
/// pretty-printed) is made only when the viewer asks to share it (`InspectorExport`).
struct InspectorScreenContent: Equatable {
    /// The snapshot shown.
    let inspection: KontextVideoInspection
    /// The session's rows.
    let sessionRows: [InspectorRow]
    /// Each ad's section, newest first, then the deliveries of no ad seen.
    let adSections: [InspectorSection]
    /// Each ad's section as made, by the ad's id, with what it was made from.
    private let madeSections: [String: MadeSection]

    /// One ad's section, and what it was made from.
    private struct MadeSection: Equatable {
        let ad: KontextVideoInspection.Ad
        let number: Int
        let since: Date?
        let section: InspectorSection
    }

    /// The content of `inspection`, taking from `previous` every ad section that did not change.
    init(_ inspection: KontextVideoInspection, reusing previous: InspectorScreenContent? = nil) {
        self.inspection = inspection
        let since = inspection.session.inspectingSince
        sessionRows = InspectorRows.rows(of: InspectionOutline.sessionSection(of: inspection))
        var made: [String: MadeSection] = [:]
        var ads: [InspectorSection] = []
        for (index, ad) in inspection.ads.enumerated() {
            let number = InspectionOutline.number(ofAdAt: index, in: inspection)
            let entry: MadeSection
            if let old = previous?.madeSections[ad.id], old.number == number, old.since == since, old.ad == ad {
                entry = old
            } else {
                let section = InspectorRows.section(InspectionOutline.adSection(at: index, of: inspection))
                entry = MadeSection(ad: ad, number: number, since: since, section: section)
            }
            made[ad.id] = entry
            ads.append(entry.section)
        }
        adSections = ads.reversed() + (InspectionOutline.unattributed(inspection).map { [InspectorRows.section($0)] } ?? [])
        madeSections = made
    }
}

/// The inspection as the viewer asked to share it: encoded once, at that moment, and kept as it was
/// (later events do not change what is being shared) until the screen is cleared or exports again.
struct InspectorExport: Equatable {
    /// The JSON text.
    let json: String

    /// The export of `inspection` (`{}` if it could not be encoded, which the inspector never builds).
    init(_ inspection: KontextVideoInspection) {
        json = (try? inspection.jsonData()).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
    }
}
