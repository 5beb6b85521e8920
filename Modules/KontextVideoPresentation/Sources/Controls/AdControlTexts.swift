import Foundation

/// Every text the SDK's own controls show or speak, in one language: the titles drawn on Skip, ✕,
/// Resume and the "Ad" badge, what VoiceOver reads for each, and the announcement when Skip
/// becomes available. The platform draws and speaks exactly these strings; tests read them here.
///
/// `standard` is English, written here so it needs no file; `shipped(_:)` reads another
/// language's table from the module's resources (`AdControlStringTable`), which `resolved(…)`
/// picks for the app (`AdControlLocale`). Counts are written in the locale's digits, in the
/// plural form its language gives them (`AdControlPluralCategory`).
package struct AdControlTexts: Sendable, Hashable {
    /// A phrase that counts seconds: one form per plural category of its language, `%d` where the
    /// number goes (a `one` or `two` form may spell it out).
    package struct Counted: Sendable, Hashable {
        /// The forms by category; `other` is always there.
        package var forms: [AdControlPluralCategory: String]

        /// A phrase of these forms.
        package init(forms: [AdControlPluralCategory: String]) {
            self.forms = forms
        }

        /// A phrase with one form whatever the count.
        package init(_ form: String) {
            self.forms = [.other: form]
        }

        /// The phrase for `count` in `locale`: the form of its category (else `other`), the
        /// number in the locale's digits.
        package func text(for count: Int, in locale: AdControlLocale) -> String {
            let form = forms[locale.language.pluralCategory(of: count)] ?? forms[.other] ?? ""
            return form.replacingOccurrences(of: "%d", with: locale.format(count))
        }
    }

    /// The language, digits and direction of these texts.
    package var locale: AdControlLocale
    /// Skip's title once the viewer can skip.
    package var skip: String
    /// Skip's title while it counts down; `%d` is the seconds left.
    package var skipCountdown: Counted
    /// The badge's title while the video's length is unknown.
    package var adBadge: String
    /// The badge's title with the time left; `%@` is the time as `m:ss`.
    package var adBadgeTimeLeft: String
    /// Resume's title (a linear ad paused for the viewer, or a full-screen pause ad's Resume).
    package var resume: String
    /// ✕'s title, drawn as a symbol where the platform has one.
    package var close: String

    /// VoiceOver: Skip once available.
    package var skipLabel: String
    /// VoiceOver: the countdown; `%d` is the seconds left.
    package var skipCountdownLabel: Counted
    /// VoiceOver: the badge while the length is unknown.
    package var adBadgeLabel: String
    /// VoiceOver: the badge with the time left; `%d` is the seconds left.
    package var adBadgeTimeLeftLabel: Counted
    /// VoiceOver: Resume on a paused linear ad.
    package var resumeLabel: String
    /// VoiceOver: Resume on a full-screen pause ad (it gives the content back).
    package var pauseAdResumeLabel: String
    /// VoiceOver: ✕ on an end card, an overlay or a pause ad.
    package var closeLabel: String
    /// Announced once, when Skip becomes available.
    package var skipAvailableAnnouncement: String

    /// The SDK's English texts, the fallback of every other table (`Resources/AdControlStrings/en.json`
    /// holds the same, for translators; a test keeps them equal).
    package static let standard = AdControlTexts(
        locale: .english,
        skip: "Skip",
        skipCountdown: Counted(forms: [.one: "Skip in %d", .other: "Skip in %d"]),
        adBadge: "Ad",
        adBadgeTimeLeft: "Ad · %@",
        resume: "Resume",
        close: "✕",
        skipLabel: "Skip ad",
        skipCountdownLabel: Counted(forms: [.one: "You can skip the ad in %d second", .other: "You can skip the ad in %d seconds"]),
        adBadgeLabel: "Advertisement",
        adBadgeTimeLeftLabel: Counted(forms: [.one: "Advertisement, %d second left", .other: "Advertisement, %d seconds left"]),
        resumeLabel: "Resume the ad",
        pauseAdResumeLabel: "Close the ad and resume the video",
        closeLabel: "Close ad",
        skipAvailableAnnouncement: "You can skip the ad now"
    )

    /// Texts of every field.
    package init(
        locale: AdControlLocale, skip: String, skipCountdown: Counted, adBadge: String, adBadgeTimeLeft: String,
        resume: String, close: String, skipLabel: String, skipCountdownLabel: Counted, adBadgeLabel: String,
        adBadgeTimeLeftLabel: Counted, resumeLabel: String, pauseAdResumeLabel: String, closeLabel: String,
        skipAvailableAnnouncement: String
    ) {
        self.locale = locale
        self.skip = skip
        self.skipCountdown = skipCountdown
        self.adBadge = adBadge
        self.adBadgeTimeLeft = adBadgeTimeLeft
        self.resume = resume
        self.close = close
        self.skipLabel = skipLabel
        self.skipCountdownLabel = skipCountdownLabel
        self.adBadgeLabel = adBadgeLabel
        self.adBadgeTimeLeftLabel = adBadgeTimeLeftLabel
        self.resumeLabel = resumeLabel
        self.pauseAdResumeLabel = pauseAdResumeLabel
        self.closeLabel = closeLabel
        self.skipAvailableAnnouncement = skipAvailableAnnouncement
    }

    /// The texts of `table` in `locale`; a key the table lacks (or gives in the wrong shape, without
    /// its placeholder, or without a form its language's plural rule needs) keeps `fallback`'s text, so a damaged table degrades to English rather than to nothing.
    package init(table: AdControlStringTable, locale: AdControlLocale, fallback: AdControlTexts = .standard) {
        // A text must hold its placeholder (a counted one in its `other` form) to be used, and a
        // counted one have a form for each plural category of its language.
        func text(_ key: AdControlTextKey, _ english: String) -> String {
            guard case .text(let value)? = table.entries[key.rawValue],
                  key.placeholder.map(value.contains) ?? true else { return english }
            return value
        }
        func counted(_ key: AdControlTextKey, _ english: Counted) -> Counted {
            guard case .plural(let forms)? = table.entries[key.rawValue], Set(forms.keys).isSuperset(of: locale.language.pluralCategories),
                  let other = forms[.other], key.placeholder.map(other.contains) ?? true else { return english }
            return Counted(forms: forms)
        }
        self.init(
            locale: locale,
            skip: text(.skip, fallback.skip),
            skipCountdown: counted(.skipCountdown, fallback.skipCountdown),
            adBadge: text(.adBadge, fallback.adBadge),
            adBadgeTimeLeft: text(.adBadgeTimeLeft, fallback.adBadgeTimeLeft),
            resume: text(.resume, fallback.resume),
            close: text(.close, fallback.close),
            skipLabel: text(.skipLabel, fallback.skipLabel),
            skipCountdownLabel: counted(.skipCountdownLabel, fallback.skipCountdownLabel),
            adBadgeLabel: text(.adBadgeLabel, fallback.adBadgeLabel),
            adBadgeTimeLeftLabel: counted(.adBadgeTimeLeftLabel, fallback.adBadgeTimeLeftLabel),
            resumeLabel: text(.resumeLabel, fallback.resumeLabel),
            pauseAdResumeLabel: text(.pauseAdResumeLabel, fallback.pauseAdResumeLabel),
            closeLabel: text(.closeLabel, fallback.closeLabel),
            skipAvailableAnnouncement: text(.skipAvailableAnnouncement, fallback.skipAvailableAnnouncement))
    }

    /// The texts of `locale` from its shipped table; English's (in `locale`'s digits) when the
    /// table is missing from the build. Reads a file: never on the main actor.
    /// - Parameter locale: The language and digits.
    /// - Returns: Its texts.
    package static func shipped(_ locale: AdControlLocale) -> AdControlTexts {
        guard locale.language != .english, let table = AdControlStringTable.shipped(locale.language) else {
            var english = AdControlTexts.standard
            english.locale.digits = locale.digits
            return english
        }
        return AdControlTexts(table: table, locale: locale)
    }

    /// The texts the app's controls speak: the first of the publisher's `override` and the app's
    /// `localizations` (in the viewer's order) that a table matches, else English
    /// (`AdControlLocale.init(preferences:)`). Reads a file: never on the main actor.
    /// - Parameters:
    ///   - override: The configuration's `adControlsLanguage`, `nil` to follow the app.
    ///   - localizations: The app's localizations in the viewer's order (`Bundle.main.preferredLocalizations`).
    /// - Returns: The texts.
    package static func resolved(override: String?, localizations: [String]) -> AdControlTexts {
        shipped(AdControlLocale(preferences: (override.map { [$0] } ?? []) + localizations))
    }

    /// The title `control` shows in `controls`; `nil` when it does not show.
    package func title(of control: LinearAdControl, in controls: LinearAdControls) -> String? {
        switch control {
        case .adBadge:
            guard controls.showsAdBadge else { return nil }
            return controls.secondsLeft.map {
                adBadgeTimeLeft.replacingOccurrences(of: "%@", with: locale.localizingDigits(Self.minutesAndSeconds($0)))
            } ?? adBadge
        case .skip:
            switch controls.skip {
            case .hidden: return nil
            case .countdown(let seconds): return skipCountdown.text(for: seconds, in: locale)
            case .available: return skip
            }
        case .resume:
            return controls.showsResume ? resume : nil
        case .close:
            return controls.showsClose ? close : nil
        }
    }

    /// What VoiceOver reads for `control` in `controls`; `nil` when it does not show.
    package func accessibilityLabel(of control: LinearAdControl, in controls: LinearAdControls) -> String? {
        switch control {
        case .adBadge:
            guard controls.showsAdBadge else { return nil }
            return controls.secondsLeft.map { adBadgeTimeLeftLabel.text(for: $0, in: locale) } ?? adBadgeLabel
        case .skip:
            switch controls.skip {
            case .hidden: return nil
            case .countdown(let seconds): return skipCountdownLabel.text(for: seconds, in: locale)
            case .available: return skipLabel
            }
        case .resume:
            return controls.showsResume ? resumeLabel : nil
        case .close:
            return controls.showsClose ? closeLabel : nil
        }
    }

    /// `seconds` as `m:ss` (`75` → `1:15`); a negative count is `0:00`.
    package static func minutesAndSeconds(_ seconds: Int) -> String {
        let clamped = max(0, seconds)
        let rest = clamped % 60
        return "\(clamped / 60):\(rest < 10 ? "0" : "")\(rest)"
    }
}
