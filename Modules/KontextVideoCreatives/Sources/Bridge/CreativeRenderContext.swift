import Foundation
import KontextVideoModels
import KontextVideoPresentation

/// What a creative page is told to lay itself out (`context-iframe`): its format, its size on
/// screen in points, the insets it must keep clear of its own controls (the SDK's ✕ and Resume
/// sit there), the viewer's language, and the language and direction of the app and of the SDK's
/// controls. Sent in answer to `init-iframe`, and again whenever
/// the size changes (a rotation, a resize, the ad shown smaller than its natural size).
package struct CreativeRenderContext: Sendable, Equatable, Encodable {
    /// A size in points.
    package struct Size: Sendable, Equatable, Encodable {
        /// Points across.
        package var width: CGFloat
        /// Points down.
        package var height: CGFloat
    }

    /// `overlay` or `pause`.
    package var format: String
    /// A full-screen pause ad (with Resume).
    package var fullScreen: Bool
    /// The creative's size on screen, in points.
    package var size: Size
    /// The bands to keep clear: the SDK's controls cover them.
    package var insets: CreativeInsets
    /// The viewer's language, BCP-47.
    package var locale: String
    /// The language the app and the SDK's controls speak (`AdControlLanguage`: `"ar"`, `"pt-BR"`):
    /// the one of the viewer's languages the app is localized in, which may differ from `locale`.
    package var uiLanguage: String
    /// `"ltr"` or `"rtl"`: which way the app and the SDK's controls run (the ✕ sits on the
    /// trailing side, `insets` say where).
    package var textDirection: String

    /// The context of a creative of `format` shown at `size`, around controls in `controls`.
    package init(format: AdFormat, fullScreen: Bool, size: CGSize, locale: String, controls: AdControlLocale = .english) {
        self.format = format.rawValue
        self.fullScreen = fullScreen
        self.size = Size(width: size.width, height: size.height)
        self.insets = CreativeControlsLayout(
            size: size, hasResume: fullScreen && format == .pause, direction: controls.direction).keepClear
        self.locale = locale
        self.uiLanguage = controls.language.rawValue
        self.textDirection = controls.direction.rawValue
    }
}
