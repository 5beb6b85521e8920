import Foundation
import Testing
@testable import KontextVideoPresentation

/// Right to left and fitting: the controls mirror in Arabic and Hebrew, and every language's
/// titles — and a pseudo-localization 40 % longer than English — stay inside their targets and
/// the safe area at every text size, shrinking and then truncating by the layout's rule.
@Suite("Linear ad controls: right to left and fitting")
struct LinearAdControlsFitTests {
    static let playing = LinearAdControls(skip: .countdown(seconds: 10), showsAdBadge: true, secondsLeft: 75, showsResume: true)
    static let skippable = LinearAdControls(skip: .available, showsAdBadge: true, secondsLeft: 9)
    static let endCard = LinearAdControls(showsClose: true)
    static let badgeBesideClose = LinearAdControls(showsAdBadge: true, secondsLeft: 30, showsClose: true)
    static let states = [playing, skippable, endCard, badgeBesideClose]

    struct Screen: Sendable, CustomTestStringConvertible {
        var name: String
        var size: CGSize
        var safeArea: VideoAdInsets
        var metrics: LinearAdControlsLayout.Metrics = .touch
        var testDescription: String { name }

        var usable: CGRect {
            let inset = safeArea, margin = metrics.margin
            return CGRect(x: inset.left + margin, y: inset.top + margin,
                          width: size.width - inset.horizontal - 2 * margin, height: size.height - inset.vertical - 2 * margin)
        }
    }

    static let screens: [Screen] = [
        Screen(name: "iPhone SE portrait", size: CGSize(width: 375, height: 667), safeArea: VideoAdInsets(top: 20)),
        Screen(name: "iPhone portrait", size: portrait.size, safeArea: portrait.safeAreaInsets),
        Screen(name: "iPhone landscape", size: landscape.size, safeArea: landscape.safeAreaInsets),
        Screen(name: "iPad", size: CGSize(width: 1024, height: 1366), safeArea: VideoAdInsets(top: 24, bottom: 20)),
        Screen(name: "Apple TV", size: CGSize(width: 1920, height: 1080),
               safeArea: VideoAdInsets(top: 60, left: 80, bottom: 60, right: 80), metrics: .television),
    ]

    /// Dynamic Type's largest size for body text: 53 pt (accessibility XXXL) over the default 17.
    static let largestTextScale: CGFloat = 53.0 / 17.0

    /// `texts` made 40 % longer, as a pseudo-localization does: accented letters, bracketed,
    /// padded; placeholders kept.
    static func pseudoLocalized(_ texts: AdControlTexts) -> AdControlTexts {
        func stretch(_ text: String) -> String {
            let accented = text.map { character -> String in
                let map: [Character: String] = ["a": "á", "e": "é", "i": "î", "o": "ö", "u": "ü", "A": "Å", "S": "Š", "k": "ķ", "p": "ƥ", "n": "ñ"]
                return map[character] ?? String(character)
            }.joined()
            let padding = max(1, Int((Double(text.count) * 0.4).rounded(.up)) - 2)
            return "[" + accented + String(repeating: "~", count: padding) + "]"
        }
        func stretch(_ counted: AdControlTexts.Counted) -> AdControlTexts.Counted {
            AdControlTexts.Counted(forms: counted.forms.mapValues(stretch))
        }
        var pseudo = texts
        (pseudo.skip, pseudo.adBadge, pseudo.adBadgeTimeLeft, pseudo.resume) = (stretch(texts.skip), stretch(texts.adBadge), stretch(texts.adBadgeTimeLeft), stretch(texts.resume))
        (pseudo.skipCountdown, pseudo.skipCountdownLabel, pseudo.adBadgeTimeLeftLabel) = (stretch(texts.skipCountdown), stretch(texts.skipCountdownLabel), stretch(texts.adBadgeTimeLeftLabel))
        return pseudo
    }

    struct Language: Sendable, CustomTestStringConvertible {
        var name: String
        var texts: AdControlTexts
        var testDescription: String { name }
    }

    static let languages: [Language] = AdControlLanguage.allCases.map {
        Language(name: $0.rawValue, texts: AdControlTexts.shipped(AdControlLocale(preferences: [$0.rawValue])))
    } + [Language(name: "pseudo (+40 %)", texts: pseudoLocalized(.standard))]

    @Test("the pseudo-localization is at least 40 % longer than English")
    func pseudoIsLonger() {
        let pseudo = Self.pseudoLocalized(.standard)
        for (english, stretched) in [(AdControlTexts.standard.skip, pseudo.skip), (AdControlTexts.standard.adBadgeTimeLeft, pseudo.adBadgeTimeLeft),
                                     (AdControlTexts.standard.resume, pseudo.resume)] {
            #expect(Double(stretched.count) >= Double(english.count) * 1.4, "\(stretched)")
        }
    }

    @Test("every language and the pseudo-localization, at every text size: inside the safe area, big enough to press, apart, fitted or truncated by the rule",
          arguments: screens, languages)
    func fits(_ screen: Screen, _ language: Language) throws {
        for controls in Self.states {
            for textScale: CGFloat in [1, 2, Self.largestTextScale] {
                let layout = LinearAdControlsLayout(size: screen.size, safeArea: screen.safeArea, controls: controls,
                                                    texts: language.texts, metrics: screen.metrics, textScale: textScale)
                let context = "\(screen.name), \(language.name), text ×\(textScale)"
                let shown = controls.accessibilityOrder
                for control in shown {
                    let frame = try #require(layout.frame(of: control))
                    let fit = try #require(layout.titleFit(of: control))
                    let title = try #require(language.texts.title(of: control, in: controls))
                    #expect(screen.usable.contains(frame), "\(control) at \(frame): \(context)")
                    if control != .adBadge {
                        #expect(frame.width >= screen.metrics.minimumTarget && frame.height >= screen.metrics.minimumTarget, "\(control) is \(frame.size): \(context)")
                    }
                    // The rule: the viewer's size, or smaller to fit but not below its floor; past the floor, truncated.
                    let floor = min(layout.fontSize, max(screen.metrics.minimumTextSize, layout.fontSize * LinearAdControlsLayout.minimumTextScale))
                    #expect(fit.fontSize <= layout.fontSize && fit.fontSize >= floor - 1e-9, "\(control) at \(fit.fontSize) pt: \(context)")
                    let padding = control == .adBadge ? screen.metrics.padding : 2 * screen.metrics.padding
                    let textWidth = LinearAdControlsLayout.estimatedWidth(of: title, fontSize: fit.fontSize)
                    if control != .close {
                        #expect(fit.truncates || textWidth <= frame.width - padding + 1, "\(control) '\(title)' is \(textWidth) pt in \(frame.width): \(context)")
                        #expect(!fit.truncates || fit.fontSize <= floor + 1e-9, "\(control) truncated before shrinking to its floor: \(context)")
                    }
                }
                for (index, control) in shown.enumerated() {
                    for other in shown.dropFirst(index + 1) {
                        let (a, b) = (try #require(layout.frame(of: control)), try #require(layout.frame(of: other)))
                        #expect(!a.intersects(b), "\(control) \(a) overlaps \(other) \(b): \(context)")
                    }
                }
            }
        }
    }

    @Test("no real language truncates on a phone in portrait, even at the largest text size; the pseudo-localization shrinks there",
          arguments: AdControlLanguage.allCases)
    func realLanguagesNeverTruncate(_ language: AdControlLanguage) throws {
        let texts = AdControlTexts.shipped(AdControlLocale(preferences: [language.rawValue]))
        let screen = Self.screens[0]
        // The states the playback shows (the end card shows ✕ alone).
        for controls in [Self.playing, Self.skippable, Self.endCard] {
            let layout = LinearAdControlsLayout(size: screen.size, safeArea: screen.safeArea, controls: controls, texts: texts, textScale: Self.largestTextScale)
            for control in controls.accessibilityOrder {
                #expect(layout.titleFit(of: control)?.truncates == false, "\(language.rawValue) \(control)")
            }
        }
        let pseudo = LinearAdControlsLayout(size: screen.size, safeArea: screen.safeArea, controls: Self.playing,
                                            texts: Self.pseudoLocalized(.standard), textScale: Self.largestTextScale)
        #expect(try #require(pseudo.titleFit(of: .skip)).fontSize < pseudo.fontSize)
    }

    @Test("shrink, then truncate: a title too long for the room at its floor is cut; one that fits keeps the viewer's size")
    func shrinkThenTruncate() throws {
        var texts = AdControlTexts.standard
        let screen = Self.screens[1]
        // Fits: the viewer's size.
        let regular = LinearAdControlsLayout(size: screen.size, safeArea: screen.safeArea, controls: Self.playing, texts: texts)
        #expect(regular.titleFit(of: .resume) == LinearAdControlsLayout.TitleFit(fontSize: 17, truncates: false))
        // 40 characters at 17 pt need 408 + 24 pt; the room is 358: shrinks to 334 / 24 ≈ 13.9 pt.
        texts.resume = String(repeating: "R", count: 40)
        let shrunk = try #require(LinearAdControlsLayout(size: screen.size, safeArea: screen.safeArea, controls: Self.playing, texts: texts).titleFit(of: .resume))
        #expect(abs(shrunk.fontSize - (358 - 24) / 24) < 1e-9 && !shrunk.truncates)
        // 80 characters would need 7 pt, under the 11 pt floor: 11 pt, truncated.
        texts.resume = String(repeating: "R", count: 80)
        let cut = try #require(LinearAdControlsLayout(size: screen.size, safeArea: screen.safeArea, controls: Self.playing, texts: texts).titleFit(of: .resume))
        #expect(cut == LinearAdControlsLayout.TitleFit(fontSize: 11, truncates: true))
        // At the largest size the floor is half the viewer's size (26.5 pt), not 11.
        let large = try #require(LinearAdControlsLayout(size: screen.size, safeArea: screen.safeArea, controls: Self.playing, texts: texts,
                                                        textScale: Self.largestTextScale).titleFit(of: .resume))
        #expect(abs(large.fontSize - 26.5) < 1e-9 && large.truncates)
    }

    @Test("CJK characters are measured a full em wide, others 0.6 em; Arabic marks add nothing")
    func widthEstimate() {
        #expect(LinearAdControlsLayout.estimatedWidth(of: "Skip", fontSize: 10) == 24)
        #expect(LinearAdControlsLayout.estimatedWidth(of: "スキップ", fontSize: 10) == 40)
        #expect(LinearAdControlsLayout.estimatedWidth(of: "건너뛰기", fontSize: 10) == 40)
        #expect(LinearAdControlsLayout.estimatedWidth(of: "跳过 5", fontSize: 10) == 32)
        #expect(abs(LinearAdControlsLayout.estimatedWidth(of: "ثوانٍ", fontSize: 10) - 24) < 1e-9, "the tanwin mark sits on its letter")
    }

    struct Mirroring: Sendable, CustomTestStringConvertible {
        var name: String
        var size: CGSize
        var safeArea: VideoAdInsets
        var testDescription: String { name }
    }

    @Test("right to left mirrors every control inside the safe area: badge top right, ✕ top left, Skip bottom left, Resume centred", arguments: [
        Mirroring(name: "portrait", size: portrait.size, safeArea: portrait.safeAreaInsets),
        Mirroring(name: "landscape, notch on the left", size: landscape.size, safeArea: VideoAdInsets(left: 47, bottom: 21)),
        Mirroring(name: "no safe area", size: CGSize(width: 1024, height: 768), safeArea: .zero),
    ])
    func mirrors(_ case: Mirroring) throws {
        let arabic = AdControlTexts.shipped(AdControlLocale(preferences: ["ar"]))
        let area = Screen(name: `case`.name, size: `case`.size, safeArea: `case`.safeArea).usable
        for controls in [Self.playing, LinearAdControls(skip: .available, showsAdBadge: true, showsClose: true)] {
            let rtl = LinearAdControlsLayout(size: `case`.size, safeArea: `case`.safeArea, controls: controls, texts: arabic)
            let ltr = LinearAdControlsLayout(size: `case`.size, safeArea: `case`.safeArea, controls: controls, texts: arabic, direction: .leftToRight)
            #expect(rtl.direction == .rightToLeft && ltr.direction == .leftToRight)
            for control in controls.accessibilityOrder {
                let mirrored = try #require(rtl.frame(of: control)), original = try #require(ltr.frame(of: control))
                #expect(area.contains(mirrored), "\(control) at \(mirrored)")
                #expect(abs((mirrored.minX - area.minX) - (area.maxX - original.maxX)) < 1e-9, "\(control) mirrors \(original) to \(mirrored)")
                #expect(mirrored.minY == original.minY && mirrored.size == original.size)
            }
            if let badge = rtl.badgeFrame { #expect(badge.maxX == area.maxX && badge.minY == area.minY) }
            if let close = rtl.closeFrame { #expect(close.minX == area.minX && close.minY == area.minY) }
            if let skip = rtl.skipFrame { #expect(skip.minX == area.minX && skip.maxY == area.maxY) }
            if let resume = rtl.resumeFrame { #expect(abs(resume.midX - area.midX) < 1e-9) }
        }
        let hebrew = AdControlTexts.shipped(AdControlLocale(preferences: ["he"]))
        #expect(LinearAdControlsLayout(size: `case`.size, safeArea: `case`.safeArea, controls: Self.playing, texts: hebrew).direction == .rightToLeft)
        #expect(LinearAdControlsLayout(size: `case`.size, safeArea: `case`.safeArea, controls: Self.playing).direction == .leftToRight)
    }
}
