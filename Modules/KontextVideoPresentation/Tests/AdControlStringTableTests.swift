import Foundation
import Testing
@testable import KontextVideoPresentation

/// The shipped string tables: every language has every key, in the right shape, with the right
/// placeholders, and a plural form for each category its language needs.
@Suite("Ad control string tables")
struct AdControlStringTableTests {
    /// Every `%` specifier of `text`, in order (`%d`, `%@`, and any other a translator might type).
    static func specifiers(_ text: String) -> [String] {
        // A Regex from a string, not a /literal/: the module-import check parses without bare-slash regexes.
        guard let pattern = try? Regex(#"%(?:\d+\$)?[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|q|z|t|j)?[@dDuUxXoOfeEgGcCsSpaAF%]"#) else { return ["(bad pattern)"] }
        return text.matches(of: pattern).map { String(text[$0.range]) }
    }

    static func table(_ language: AdControlLanguage) throws -> AdControlStringTable {
        try #require(AdControlStringTable.shipped(language), "\(language.rawValue).json ships and parses")
    }

    @Test("every language's table has every key, and nothing else", arguments: AdControlLanguage.allCases)
    func everyKey(_ language: AdControlLanguage) throws {
        let table = try Self.table(language)
        let keys = Set(AdControlTextKey.allCases.map(\.rawValue))
        #expect(Set(table.entries.keys) == keys, "missing: \(keys.subtracting(table.entries.keys).sorted()), unknown: \(Set(table.entries.keys).subtracting(keys).sorted())")
    }

    @Test("texts are strings; counted texts have a form for exactly the language's plural categories", arguments: AdControlLanguage.allCases)
    func shapes(_ language: AdControlLanguage) throws {
        let table = try Self.table(language)
        for key in AdControlTextKey.allCases {
            let entry = try #require(table.entries[key.rawValue], "\(language.rawValue): \(key.rawValue)")
            switch (entry, key.isCounted) {
            case (.text(let text), false):
                #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language.rawValue): \(key.rawValue) is empty")
            case (.plural(let forms), true):
                #expect(Set(forms.keys) == language.pluralCategories, "\(language.rawValue): \(key.rawValue) has \(forms.keys.map(\.rawValue).sorted())")
            default:
                Issue.record("\(language.rawValue): \(key.rawValue) is \(entry), expected \(key.isCounted ? "plural forms" : "a string")")
            }
        }
    }

    @Test("placeholders: exactly the key's, once; a spelled-out one, two or zero form may leave %d out", arguments: AdControlLanguage.allCases)
    func placeholders(_ language: AdControlLanguage) throws {
        let table = try Self.table(language)
        for key in AdControlTextKey.allCases {
            let expected = key.placeholder.map { [$0] } ?? []
            switch table.entries[key.rawValue] {
            case .text(let text)?:
                #expect(Self.specifiers(text) == expected, "\(language.rawValue): \(key.rawValue) = \(text)")
            case .plural(let forms)?:
                for (category, form) in forms {
                    let found = Self.specifiers(form)
                    let spelledOut = [.zero, .one, .two].contains(category) && found.isEmpty
                    #expect(found == expected || spelledOut, "\(language.rawValue): \(key.rawValue).\(category.rawValue) = \(form)")
                }
            case nil:
                Issue.record("\(language.rawValue): \(key.rawValue) missing")
            }
        }
    }

    @Test("the specifier check sees what a translator might break")
    func specifierCheck() {
        #expect(Self.specifiers("Skip in %d") == ["%d"])
        #expect(Self.specifiers("Skip in %1$d, %@ and %s") == ["%1$d", "%@", "%s"])
        #expect(Self.specifiers("100 % sure").isEmpty == false, "a stray % is a specifier to the check")
        #expect(Self.specifiers("Skip").isEmpty)
    }

    @Test("en.json is the English written in the code (the fallback), and every other table says something else")
    func englishMatches() throws {
        let english = AdControlTexts(table: try Self.table(.english), locale: .english, fallback: .standard)
        #expect(english == .standard)
        for language in AdControlLanguage.allCases where language != .english {
            let texts = AdControlTexts.shipped(AdControlLocale(language: language, digits: .latin))
            #expect(texts.locale.language == language)
            #expect(texts.skip != AdControlTexts.standard.skip && texts.adBadge != AdControlTexts.standard.adBadge
                    && texts.skipLabel != AdControlTexts.standard.skipLabel, "\(language.rawValue) is translated")
        }
    }

    @Test("a damaged table keeps English for the keys it lost or broke, not nothing")
    func damagedTable() {
        let table = AdControlStringTable(entries: [
            "skip": .text("Saltar"),
            "adBadgeTimeLeft": .text("Anuncio"),                        // lost its %@
            "skipCountdown": .plural([.one: "Saltar en %d"]),           // no `other`
            "skipCountdownLabel": .text("not plural"),                  // wrong shape
            "adBadgeTimeLeftLabel": .plural([.one: "queda %d", .other: "quedan %d"]),   // Spanish needs `many` too
        ])
        let texts = AdControlTexts(table: table, locale: AdControlLocale(language: .spanish, digits: .latin))
        #expect(texts.skip == "Saltar")
        #expect(texts.adBadgeTimeLeft == AdControlTexts.standard.adBadgeTimeLeft)
        #expect(texts.skipCountdown == AdControlTexts.standard.skipCountdown)
        #expect(texts.skipCountdownLabel == AdControlTexts.standard.skipCountdownLabel)
        #expect(texts.adBadgeTimeLeftLabel == AdControlTexts.standard.adBadgeTimeLeftLabel)
        #expect(texts.resume == AdControlTexts.standard.resume)
    }
}
