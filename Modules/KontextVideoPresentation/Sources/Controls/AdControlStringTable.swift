import Foundation

/// One language's string table, as shipped in the module's resources
/// (`Resources/AdControlStrings/<language>.json`): every key of `AdControlTextKey`, a counted
/// phrase as one form per plural category (`{"one": "…%d…", "other": "…%d…"}`).
///
/// JSON, read by the SDK itself, rather than `.strings`/`.stringsdict` read by `Bundle`: the SDK
/// must speak the language it resolved (the publisher's override included) whatever the process's
/// own, and `Bundle` picks a table by the process's languages while a `.stringsdict` picks a
/// plural form by `Locale.current`; Foundation on Linux reads JSON exactly as it does on a
/// device, so the tests read the very tables the app ships.
package struct AdControlStringTable: Sendable, Hashable {
    /// One key's text: a plain string, or one form per plural category.
    package enum Entry: Sendable, Hashable, Decodable {
        /// A text that counts nothing.
        case text(String)
        /// A counted phrase: its form for each plural category.
        case plural([AdControlPluralCategory: String])

        /// Reads a string, or an object of plural forms keyed by category name.
        /// - Parameter decoder: The JSON decoder.
        /// - Throws: `DecodingError` for anything else, or an unknown category.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .text(text)
                return
            }
            let forms = try container.decode([String: String].self)
            var plural: [AdControlPluralCategory: String] = [:]
            for (name, form) in forms {
                guard let category = AdControlPluralCategory(rawValue: name) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown plural category \(name)")
                }
                plural[category] = form
            }
            self = .plural(plural)
        }
    }

    /// The table's entries by key name; unknown names are kept, so a test can find them.
    package var entries: [String: Entry]

    /// A table of `entries`.
    package init(entries: [String: Entry]) {
        self.entries = entries
    }

    /// The table shipped for `language`, read from the module's resources (file I/O and JSON:
    /// never on the main actor); `nil` when it is missing or unreadable.
    /// - Parameter language: The language.
    /// - Returns: Its table.
    package static func shipped(_ language: AdControlLanguage) -> AdControlStringTable? {
        guard let url = Bundle.module.url(forResource: language.rawValue, withExtension: "json", subdirectory: "AdControlStrings"),
              let data = try? Data(contentsOf: url),
              let entries = try? JSONDecoder().decode([String: Entry].self, from: data) else { return nil }
        return AdControlStringTable(entries: entries)
    }
}

/// The keys of a string table: one per text of `AdControlTexts`.
package enum AdControlTextKey: String, Sendable, Hashable, CaseIterable {
    /// Skip's title.
    case skip
    /// Skip's title during the countdown (counted: `%d` seconds).
    case skipCountdown
    /// The badge's title.
    case adBadge
    /// The badge's title with the time left (`%@`, `m:ss`).
    case adBadgeTimeLeft
    /// Resume's title.
    case resume
    /// ✕'s title.
    case close
    /// VoiceOver: Skip.
    case skipLabel
    /// VoiceOver: the countdown (counted).
    case skipCountdownLabel
    /// VoiceOver: the badge.
    case adBadgeLabel
    /// VoiceOver: the badge with the time left (counted).
    case adBadgeTimeLeftLabel
    /// VoiceOver: Resume on a linear ad.
    case resumeLabel
    /// VoiceOver: Resume on a full-screen pause ad.
    case pauseAdResumeLabel
    /// VoiceOver: ✕.
    case closeLabel
    /// The announcement when Skip becomes available.
    case skipAvailableAnnouncement

    /// Whether its text counts seconds, and so has a form per plural category.
    package var isCounted: Bool {
        self == .skipCountdown || self == .skipCountdownLabel || self == .adBadgeTimeLeftLabel
    }

    /// The placeholder its text holds: `%d` (a count, written in the locale's digits) for a
    /// counted text, `%@` (the time left as `m:ss`) for the badge's title, none for the rest. A
    /// counted text's `one`, `two` and `zero` forms may spell their number out instead.
    package var placeholder: String? {
        isCounted ? "%d" : self == .adBadgeTimeLeft ? "%@" : nil
    }
}
