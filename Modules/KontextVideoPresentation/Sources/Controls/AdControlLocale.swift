import Foundation

/// The language the SDK's controls speak, the digits they count in and the way they run: resolved
/// once, when the SDK initializes, from the publisher's override and the app's localizations.
package struct AdControlLocale: Sendable, Hashable {
    /// The digits a number is written in.
    package enum Digits: String, Sendable, Hashable, CaseIterable {
        /// 0123456789.
        case latin = "latn"
        /// ٠١٢٣٤٥٦٧٨٩ (U+0660…U+0669), Arabic's default in CLDR and on Apple's platforms.
        case arabicIndic = "arab"
    }

    /// The table the texts come from.
    package var language: AdControlLanguage
    /// The digits of the countdown and the time left.
    package var digits: Digits

    /// Which way the controls run: the language's.
    package var direction: AdControlDirection { language.direction }

    /// English, Latin digits, left to right: the SDK's default.
    package static let english = AdControlLocale(language: .english, digits: .latin)

    /// A locale of `language` written in `digits`.
    package init(language: AdControlLanguage, digits: Digits) {
        self.language = language
        self.digits = digits
    }

    /// The locale of the first of `preferences` a table matches (`AdControlLanguage.matching`),
    /// else English; the digits are that tag's (`digits(of:)`).
    /// - Parameter preferences: The publisher's override, if any, then the app's localizations in
    ///   the viewer's order.
    package init(preferences: [String]) {
        for tag in preferences {
            if let language = AdControlLanguage.matching(tag) {
                self.init(language: language, digits: Self.digits(of: tag, language: language))
                return
            }
        }
        self = .english
    }

    /// The digits `tag` writes numbers in, by CLDR's default numbering system: Arabic-Indic for
    /// Arabic, except in the Maghreb (Morocco, Algeria, Tunisia, Libya, Western Sahara), where
    /// Latin digits are the default; Latin for every other table. A `-u-nu-` extension in the tag
    /// (`ar-u-nu-latn`) decides over the default.
    package static func digits(of tag: String, language: AdControlLanguage) -> Digits {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        if let nu = parts.firstIndex(of: "nu"), nu + 1 < parts.count, let chosen = Digits(rawValue: parts[nu + 1]) {
            return chosen
        }
        guard language == .arabic else { return .latin }
        let region = parts.dropFirst().prefix { $0 != "u" && $0 != "x" }.first { $0.count == 2 }
        return ["ma", "dz", "tn", "ly", "eh"].contains(region ?? "") ? .latin : .arabicIndic
    }

    /// `text` with its ASCII digits written in `digits` (`"0:12"` → `"٠:١٢"` in Arabic).
    package func localizingDigits(_ text: String) -> String {
        guard digits == .arabicIndic else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            guard (0x30...0x39).contains(scalar.value) else { return scalar }
            return Unicode.Scalar(scalar.value - 0x30 + 0x660) ?? scalar
        }))
    }

    /// `number` in `digits`.
    package func format(_ number: Int) -> String {
        localizingDigits(String(number))
    }
}
