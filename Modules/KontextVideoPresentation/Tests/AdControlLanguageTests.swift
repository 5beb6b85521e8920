import Foundation
import Testing
@testable import KontextVideoPresentation

/// Which table speaks which language tag, which plural form a count takes, which digits it is
/// written in, and the texts that come out.
@Suite("Ad control languages")
struct AdControlLanguageTests {
    @Test("a tag's table, and the fallback rules", arguments: [
        ("en", AdControlLanguage.english), ("en-GB", .english), ("EN_us", .english),
        ("es", .spanish), ("es-MX", .spanish), ("es-419", .spanish),
        ("pt-BR", .brazilianPortuguese), ("pt", .brazilianPortuguese), ("pt-PT", .brazilianPortuguese), ("pt_AO", .brazilianPortuguese),
        ("fr", .french), ("fr-CA", .french), ("de-AT", .german), ("de-CH", .german), ("it", .italian),
        ("ja", .japanese), ("ja-JP", .japanese), ("ko-KR", .korean),
        ("zh", .simplifiedChinese), ("zh-Hans", .simplifiedChinese), ("zh-CN", .simplifiedChinese), ("zh-SG", .simplifiedChinese),
        ("zh-Hans-HK", .simplifiedChinese), ("zh_Hans_CN", .simplifiedChinese),
        ("zh-Hant", .traditionalChinese), ("zh-TW", .traditionalChinese), ("zh-HK", .traditionalChinese),
        ("zh-MO", .traditionalChinese), ("zh-Hant-TW", .traditionalChinese), ("zh_Hant", .traditionalChinese),
        ("ar", .arabic), ("ar-EG", .arabic), ("ar-MA", .arabic), ("ar-u-nu-latn", .arabic),
        ("he", .hebrew), ("he-IL", .hebrew), ("iw", .hebrew), ("iw-IL", .hebrew),
    ] as [(String, AdControlLanguage)])
    func matching(_ tag: String, _ language: AdControlLanguage) {
        #expect(AdControlLanguage.matching(tag) == language)
    }

    @Test("no table: another language, the Base localization, nothing", arguments: ["fa", "ru", "nl", "Base", "und", "", "-", "x-pseudo"])
    func noMatch(_ tag: String) {
        #expect(AdControlLanguage.matching(tag) == nil)
    }

    @Test("the first preference a table speaks wins; none is English; the override comes first")
    func resolution() {
        #expect(AdControlLocale(preferences: []) == .english)
        #expect(AdControlLocale(preferences: ["fa", "ru"]) == .english)
        #expect(AdControlLocale(preferences: ["fa", "ar-MA", "en"]) == AdControlLocale(language: .arabic, digits: .latin))
        #expect(AdControlLocale(preferences: ["Base", "ja"]).language == .japanese)
        #expect(AdControlTexts.resolved(override: nil, localizations: ["he", "en"]).locale.language == .hebrew)
        #expect(AdControlTexts.resolved(override: "ja", localizations: ["he", "en"]).locale.language == .japanese)
        #expect(AdControlTexts.resolved(override: "klingon", localizations: ["de"]).locale.language == .german, "an unknown override counts as unset")
        #expect(AdControlTexts.resolved(override: nil, localizations: []) == .standard)
    }

    @Test("direction: Arabic and Hebrew run right to left, the rest left to right")
    func direction() {
        for language in AdControlLanguage.allCases {
            #expect(language.direction == ([.arabic, .hebrew].contains(language) ? .rightToLeft : .leftToRight), "\(language)")
        }
    }

    @Test("CLDR plural categories of whole numbers", arguments: [
        (AdControlLanguage.english, [0: .other, 1: .one, 2: .other, 5: .other, 21: .other, 1_000_000: .other]),
        (.german, [0: .other, 1: .one, 2: .other]),
        (.spanish, [0: .other, 1: .one, 2: .other, 1_000_000: .many, 2_000_000: .many, 1_000_001: .other]),
        (.italian, [0: .other, 1: .one, 11: .other, 1_000_000: .many]),
        (.french, [0: .one, 1: .one, 2: .other, 1_000_000: .many]),
        (.brazilianPortuguese, [0: .one, 1: .one, 2: .other, 1_000_000: .many]),
        (.japanese, [0: .other, 1: .other, 2: .other]),
        (.korean, [1: .other]), (.simplifiedChinese, [1: .other]), (.traditionalChinese, [1: .other]),
        (.arabic, [0: .zero, 1: .one, 2: .two, 3: .few, 10: .few, 11: .many, 99: .many, 100: .other, 101: .other,
                   102: .other, 103: .few, 111: .many, 1000: .other, -3: .few]),
        (.hebrew, [0: .other, 1: .one, 2: .two, 3: .other, 10: .other, 20: .other]),
    ] as [(AdControlLanguage, [Int: AdControlPluralCategory])])
    func plurals(_ language: AdControlLanguage, _ table: [Int: AdControlPluralCategory]) {
        for (count, category) in table {
            #expect(language.pluralCategory(of: count) == category, "\(language.rawValue) \(count)")
            #expect(language.pluralCategories.contains(category))
        }
    }

    @Test("digits: Arabic-Indic for Arabic but in the Maghreb; a -u-nu- extension decides; Latin elsewhere", arguments: [
        ("ar", AdControlLocale.Digits.arabicIndic), ("ar-EG", .arabicIndic), ("ar-SA", .arabicIndic), ("ar_AE", .arabicIndic),
        ("ar-MA", .latin), ("ar-DZ", .latin), ("ar-TN", .latin), ("ar-u-nu-latn", .latin), ("ar-EG-u-nu-latn", .latin),
        ("he", .latin), ("ja", .latin), ("en", .latin), ("en-u-nu-arab", .arabicIndic),
    ] as [(String, AdControlLocale.Digits)])
    func digits(_ tag: String, _ digits: AdControlLocale.Digits) throws {
        let locale = AdControlLocale(preferences: [tag])
        #expect(locale.digits == digits)
        #expect(locale.format(1_234_567_890) == (digits == .latin ? "1234567890" : "١٢٣٤٥٦٧٨٩٠"))
    }

    @Test("the titles and VoiceOver labels each language gives a count")
    func localizedTexts() {
        func texts(_ tag: String) -> AdControlTexts { AdControlTexts.resolved(override: tag, localizations: []) }
        let countdown = { (seconds: Int) in LinearAdControls(skip: .countdown(seconds: seconds), showsAdBadge: true, secondsLeft: 12) }
        let arabic = texts("ar")
        #expect(arabic.title(of: .skip, in: countdown(5)) == "تخطي بعد ٥")
        #expect(arabic.title(of: .adBadge, in: countdown(5)) == "إعلان · ٠:١٢")
        #expect(arabic.accessibilityLabel(of: .skip, in: countdown(1)) == "يمكنك تخطي الإعلان بعد ثانية واحدة")
        #expect(arabic.accessibilityLabel(of: .skip, in: countdown(2)) == "يمكنك تخطي الإعلان بعد ثانيتين")
        #expect(arabic.accessibilityLabel(of: .skip, in: countdown(5)) == "يمكنك تخطي الإعلان بعد ٥ ثوانٍ")
        #expect(arabic.accessibilityLabel(of: .skip, in: countdown(15)) == "يمكنك تخطي الإعلان بعد ١٥ ثانية")
        #expect(arabic.accessibilityLabel(of: .adBadge, in: countdown(5)) == "إعلان، تتبقى ١٢ ثانية")
        #expect(texts("ar-MA").title(of: .skip, in: countdown(5)) == "تخطي بعد 5")
        let hebrew = texts("he")
        #expect(hebrew.accessibilityLabel(of: .skip, in: countdown(2)) == "ניתן לדלג על המודעה בעוד שתי שניות")
        #expect(hebrew.accessibilityLabel(of: .skip, in: countdown(7)) == "ניתן לדלג על המודעה בעוד 7 שניות")
        let japanese = texts("ja")
        #expect(japanese.title(of: .skip, in: countdown(3)) == "3秒後にスキップ")
        #expect(japanese.title(of: .adBadge, in: countdown(3)) == "広告 · 0:12")
        #expect(japanese.skipAvailableAnnouncement == "広告をスキップできるようになりました")
        let french = texts("fr-CA")
        #expect(french.accessibilityLabel(of: .skip, in: countdown(1)) == "Vous pourrez passer l’annonce dans 1 seconde")
        #expect(french.accessibilityLabel(of: .skip, in: countdown(0)) == "Vous pourrez passer l’annonce dans 0 seconde", "French counts 0 as singular")
        #expect(french.accessibilityLabel(of: .skip, in: countdown(2)) == "Vous pourrez passer l’annonce dans 2 secondes")
        #expect(texts("pt-PT").title(of: .skip, in: LinearAdControls(skip: .available)) == "Pular")
        #expect(texts("zh-TW").title(of: .skip, in: LinearAdControls(skip: .available)) == "略過")
        #expect(texts("zh-CN").title(of: .skip, in: LinearAdControls(skip: .available)) == "跳过")
        let english = AdControlTexts.standard
        #expect(english.accessibilityLabel(of: .skip, in: countdown(1)) == "You can skip the ad in 1 second")
        #expect(english.accessibilityLabel(of: .adBadge, in: LinearAdControls(showsAdBadge: true, secondsLeft: 1)) == "Advertisement, 1 second left")
    }
}
