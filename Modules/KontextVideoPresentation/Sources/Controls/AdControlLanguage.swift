import Foundation

/// A language the SDK's own controls are written in: one string table each
/// (`Resources/AdControlStrings/<rawValue>.json`, notes per language in `LOCALIZATION.md`).
///
/// The controls speak the app's language, not the device's: `AdControlLocale(preferences:)` takes the
/// app's localizations in the viewer's order (`Bundle.main.preferredLocalizations`), after the
/// publisher's override, and picks the first one a table matches — as Apple's frameworks follow
/// the app's localization, so "Skip" reads like the app around it. The video's own language
/// (`Content.language`) plays no part: a Brazilian app showing an English series speaks Portuguese.
package enum AdControlLanguage: String, Sendable, Hashable, CaseIterable {
    /// English, the fallback.
    case english = "en"
    /// Spanish, written for Latin America and Spain alike.
    case spanish = "es"
    /// Brazilian Portuguese, also the match for European Portuguese.
    case brazilianPortuguese = "pt-BR"
    /// French.
    case french = "fr"
    /// German.
    case german = "de"
    /// Italian.
    case italian = "it"
    /// Japanese.
    case japanese = "ja"
    /// Korean.
    case korean = "ko"
    /// Simplified Chinese.
    case simplifiedChinese = "zh-Hans"
    /// Traditional Chinese (Taiwan's usage).
    case traditionalChinese = "zh-Hant"
    /// Arabic, right to left.
    case arabic = "ar"
    /// Hebrew, right to left.
    case hebrew = "he"

    /// Which way its text, and so its controls' layout, runs.
    package var direction: AdControlDirection {
        switch self {
        case .arabic, .hebrew: .rightToLeft
        default: .leftToRight
        }
    }

    /// The table that speaks `tag` (BCP-47 or a POSIX identifier: `pt-PT`, `zh_TW`, `ar-EG`,
    /// `zh-Hant-HK`), `nil` when none does. The rules, in order:
    /// - the language subtag decides, case-insensitive, its region aside (`es-MX` → `es`,
    ///   `fr-CA` → `fr`, `ar-MA` → `ar`); `iw`, Hebrew's retired code, is `he`;
    /// - Portuguese of any region is Brazilian Portuguese (`pt-PT` → `pt-BR`): one table, read
    ///   without trouble in Portugal, where Apple's own `pt` fallback is also Brazilian;
    /// - Chinese goes by script, else by region: `Hant`, or Taiwan, Hong Kong or Macao, is
    ///   Traditional; anything else (`zh`, `zh-CN`, `zh-SG`, `zh-Hans-HK`) Simplified. A reader
    ///   of one script is never handed the other;
    /// - `Base`, `und` and every other language: no match.
    package static func matching(_ tag: String) -> AdControlLanguage? {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = parts.first else { return nil }
        let subtags = parts.dropFirst().prefix { $0 != "u" && $0 != "x" }
        switch language {
        case "en": return .english
        case "es": return .spanish
        case "pt": return .brazilianPortuguese
        case "fr": return .french
        case "de": return .german
        case "it": return .italian
        case "ja": return .japanese
        case "ko": return .korean
        case "ar": return .arabic
        case "he", "iw": return .hebrew
        case "zh":
            if subtags.contains("hant") { return .traditionalChinese }
            if subtags.contains("hans") { return .simplifiedChinese }
            return subtags.contains { ["tw", "hk", "mo"].contains($0) } ? .traditionalChinese : .simplifiedChinese
        default: return nil
        }
    }
}

/// Which way a language's text runs, and so which corner each control takes.
package enum AdControlDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right: the badge top left, ✕ top right, Skip bottom right.
    case leftToRight = "ltr"
    /// Right to left (Arabic, Hebrew): mirrored, the badge top right, ✕ top left, Skip bottom left.
    case rightToLeft = "rtl"
}
