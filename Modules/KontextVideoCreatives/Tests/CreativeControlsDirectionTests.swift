import Foundation
import Testing
import KontextVideoModels
import KontextVideoPresentation
@testable import KontextVideoCreatives

/// An overlay's or pause ad's ✕ takes the trailing corner: top left in Arabic and Hebrew, with the
/// band the page keeps clear; the page hears the controls' language and direction.
@Suite("Creative controls, right to left")
struct CreativeControlsDirectionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var size: CGSize
        var hasResume: Bool
        var testDescription: String { name }
    }

    @Test("right to left mirrors ✕ and its band; Resume stays centred", arguments: [
        Case(name: "strip", size: CGSize(width: 320, height: 50), hasResume: false),
        Case(name: "card", size: CGSize(width: 300, height: 250), hasResume: false),
        Case(name: "full-screen pause", size: CGSize(width: 390, height: 763), hasResume: true),
        Case(name: "tiny", size: CGSize(width: 30, height: 20), hasResume: false),
    ])
    func mirrors(_ case: Case) {
        let ltr = CreativeControlsLayout(size: `case`.size, hasResume: `case`.hasResume)
        let rtl = CreativeControlsLayout(size: `case`.size, hasResume: `case`.hasResume, direction: .rightToLeft)
        #expect(ltr.direction == .leftToRight)
        #expect(rtl.closeFrame.minX == 0 && rtl.closeFrame.minY == 0 && rtl.closeFrame.size == ltr.closeFrame.size)
        #expect(ltr.closeFrame.maxX == `case`.size.width)
        #expect(rtl.resumeFrame == ltr.resumeFrame)
        let (mirrored, original) = (rtl.keepClear, ltr.keepClear)
        #expect(mirrored.left == original.right && mirrored.right == original.left)
        #expect(mirrored.top == original.top && mirrored.bottom == original.bottom)
    }

    @Test("the page's context says the controls' language and direction, and its insets follow them")
    func context() {
        let arabic = AdControlLocale(preferences: ["ar"])
        let context = CreativeRenderContext(format: .overlay, fullScreen: false, size: CGSize(width: 320, height: 50), locale: "ar-EG", controls: arabic)
        #expect(CreativeMessageToPage.context(context).json
                == #"{"data":{"format":"overlay","fullScreen":false,"insets":{"bottom":0,"left":44,"right":0,"top":0},"locale":"ar-EG","size":{"height":50,"width":320},"textDirection":"rtl","uiLanguage":"ar"},"type":"context-iframe"}"#)
        let japanese = CreativeRenderContext(format: .pause, fullScreen: false, size: CGSize(width: 300, height: 250), locale: "en-US",
                                             controls: AdControlLocale(preferences: ["ja"]))
        #expect(japanese.uiLanguage == "ja" && japanese.textDirection == "ltr" && japanese.insets.right == 44)
    }
}
