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
/// a section at a time (`InspectorScreenContent` puts them in order, newest ad first). Portable, so
/// what the screen lists is tested on Linux; the SwiftUI view only lays it out.
enum InspectorRows {
    /// A section of the outline as the screen lists it.
    static func section(_ section: InspectionOutline.Section) -> InspectorSection {
        InspectorSection(id: section.id, title: section.title, rows: rows(of: section))
    }

    /// An entry's row (its label as the title), then a row per item.
    static func rows(of section: InspectionOutline.Section) -> [InspectorRow] {
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
