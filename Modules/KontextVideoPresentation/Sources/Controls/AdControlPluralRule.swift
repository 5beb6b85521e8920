import Foundation

/// A CLDR plural category: which form of a counted phrase a number takes in a language
/// ("1 second", "2 seconds"; Arabic has six forms, Japanese one).
package enum AdControlPluralCategory: String, Sendable, Hashable, CaseIterable, Codable {
    /// Arabic's 0.
    case zero
    /// The singular (English 1; French and Portuguese 0 and 1).
    case one
    /// The dual (Arabic, Hebrew 2).
    case two
    /// Arabic's 3–10 (of each hundred).
    case few
    /// Arabic's 11–99 (of each hundred); the millions of French, Spanish, Italian and Portuguese
    /// ("1 000 000 de secondes").
    case many
    /// Every other number; every language has it.
    case other
}

extension AdControlLanguage {
    /// The plural categories its counted phrases need: each table has a form for each
    /// (`AdControlStringTableTests` holds every table to it).
    package var pluralCategories: Set<AdControlPluralCategory> {
        switch self {
        case .english, .german: [.one, .other]
        case .spanish, .italian, .french, .brazilianPortuguese: [.one, .many, .other]
        case .japanese, .korean, .simplifiedChinese, .traditionalChinese: [.other]
        case .arabic: [.zero, .one, .two, .few, .many, .other]
        case .hebrew: [.one, .two, .other]
        }
    }

    /// The category of the whole number `count`, by CLDR's rules for integers (version 46: the
    /// fraction and exponent operands are 0 here). A negative count takes its magnitude's.
    /// - Parameter count: A whole number of seconds.
    /// - Returns: The form the phrase takes.
    package func pluralCategory(of count: Int) -> AdControlPluralCategory {
        let n = count.magnitude
        let isMillions = n != 0 && n % 1_000_000 == 0
        switch self {
        case .english, .german:
            return n == 1 ? .one : .other
        case .spanish, .italian:
            return n == 1 ? .one : isMillions ? .many : .other
        case .french, .brazilianPortuguese:
            return n <= 1 ? .one : isMillions ? .many : .other
        case .japanese, .korean, .simplifiedChinese, .traditionalChinese:
            return .other
        case .arabic:
            switch (n, n % 100) {
            case (0, _): return .zero
            case (1, _): return .one
            case (2, _): return .two
            case (_, 3...10): return .few
            case (_, 11...99): return .many
            default: return .other
            }
        case .hebrew:
            return n == 1 ? .one : n == 2 ? .two : .other
        }
    }
}
