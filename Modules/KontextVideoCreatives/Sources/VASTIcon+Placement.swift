import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoPresentation

extension VASTIcon {
    /// Where the icon asks to be drawn (`IconLayout` places it): `xPosition` `left`, `right` or
    /// a number of points from the left (`right` when absent or unreadable: AdChoices' corner),
    /// `yPosition` `top`, `bottom` or points from the top (`top` when absent or unreadable); its
    /// `width` and `height` in pixels of its `pxratio` (VAST 4.1 section 3.16.2: "the pixel ratio
    /// for which the icon creative is intended", 1 by default), so points are pixels ÷ `pxratio`.
    package var placement: IconPlacement {
        let ratio = pxratio.flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 1
        func number(_ text: String) -> CGFloat? {
            Double(text).flatMap { $0.isFinite ? CGFloat($0) : nil }
        }
        let x: IconPlacement.Horizontal = switch xPosition?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "left": .left
        case let text? where number(text) != nil: .points(number(text) ?? 0)
        default: .right
        }
        let y: IconPlacement.Vertical = switch yPosition?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "bottom": .bottom
        case let text? where number(text) != nil: .points(number(text) ?? 0)
        default: .top
        }
        return IconPlacement(x: x, y: y, width: width.map { CGFloat(Double($0) / ratio) }, height: height.map { CGFloat(Double($0) / ratio) })
    }

    /// The image the icon shows: its first `<StaticResource>` of an image type (or no type), as a
    /// URL the ad may fetch under `rule`; `nil` when it has none (an HTML or iframe icon is not drawn).
    package func imageURL(rule: AdURLRule) -> URL? {
        Self.firstImage(of: resources, rule: rule)
    }

    /// The image shown where the click-through cannot open (VAST 4.2 `IconClickFallbackImage`),
    /// chosen as `imageURL(rule:)` is.
    package func fallbackImageURL(rule: AdURLRule) -> URL? {
        Self.firstImage(of: clickFallbackImages, rule: rule)
    }

    private static func firstImage(of resources: [VASTResource], rule: AdURLRule) -> URL? {
        resources.lazy
            .filter { $0.kind == .staticResource && ($0.type.map { $0.lowercased().hasPrefix("image/") } ?? true) }
            .compactMap { URL.lenient($0.value) }
            .first { rule.mayFetch($0) }
    }
}
