import Foundation

/// One row of the inspector's screen: an entry of the outline, or one of its items.
struct InspectorRow: Equatable, Identifiable {
    /// Stable within its section while the inspection grows (entries and items are appended).
    var id: String
    var title: String
    var detail: String
}

/// One section of the inspector's screen.
struct InspectorSection: Equatable, Identifiable {
    var id: String
    var title: String
    var rows: [InspectorRow]
}

/// The inspector's screen as sections of rows: the outline (`InspectionOutline`) the text prints,
/// newest ad first. Portable, so what the screen lists is tested on Linux; the SwiftUI view only
/// lays it out.
enum InspectorRows {
    /// The rows of the session section.
    static func session(_ inspection: KontextVideoInspection) -> [InspectorRow] {
        InspectionOutline(inspection).sections.first.map(rows(of:)) ?? []
    }

    /// One section per ad, newest first, then the deliveries of no ad seen.
    static func adSections(_ inspection: KontextVideoInspection) -> [InspectorSection] {
        let sections = InspectionOutline(inspection).sections.dropFirst()
        let ads = sections.filter { $0.id != "unattributed" }.reversed()
        let unattributed = sections.filter { $0.id == "unattributed" }
        return (ads + unattributed).map { InspectorSection(id: $0.id, title: $0.title, rows: rows(of: $0)) }
    }

    /// An entry's row (its label as the title), then a row per item.
    private static func rows(of section: InspectionOutline.Section) -> [InspectorRow] {
        section.entries.enumerated().flatMap { index, entry -> [InspectorRow] in
            let title = entry.label ?? entry.value
            let detail = entry.label == nil ? "" : entry.value
            let head = InspectorRow(id: "\(section.id).\(index)", title: title, detail: detail)
            return [head] + entry.items.enumerated().map { item, text in
                InspectorRow(id: "\(section.id).\(index).\(item)", title: text, detail: "")
            }
        }
    }
}
