import Foundation

/// Where an industry icon (VAST `<Icon>`, such as AdChoices) asks to be, in the surface's points.
package struct IconPlacement: Sendable, Hashable {
    /// `xPosition`: the left or right edge, or points from the left.
    package enum Horizontal: Sendable, Hashable {
        /// `left`.
        case left
        /// `right`.
        case right
        /// A number: points from the left edge of the area.
        case points(CGFloat)
    }

    /// `yPosition`: the top or bottom edge, or points from the top.
    package enum Vertical: Sendable, Hashable {
        /// `top`.
        case top
        /// `bottom`.
        case bottom
        /// A number: points from the top edge of the area.
        case points(CGFloat)
    }

    /// Where across.
    package var x: Horizontal
    /// Where down.
    package var y: Vertical
    /// The icon's size in points; `nil` on an axis the document left out.
    package var width: CGFloat?
    /// The icon's height in points; `nil` when the document left it out.
    package var height: CGFloat?

    /// A placement from its parts.
    package init(x: Horizontal, y: Vertical, width: CGFloat?, height: CGFloat?) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// Where an icon is drawn over a linear ad: pure math on the surface, its safe area, the frames
/// the SDK's controls take, and the icon's placement.
///
/// - **Area:** the safe area, `margin` in (`SafeAdArea`): VAST's positions count from the video's
///   edges, which on a phone are under the notch, the rounded corners and the home indicator.
/// - **Size:** the document's; a side it left out takes the other's, both out is
///   `defaultSide`; never more than `maxShare` of the area on either axis (scaled down with its
///   aspect kept). Non-finite or non-positive sides count as left out.
/// - **Position:** `left`/`top` at the area's edge, `right`/`bottom` at the far one, a number
///   that many points in; always kept inside the area.
/// - **Clear of the controls:** an icon that meets a control (with `gap` around it) moves down
///   below it when it sits in the upper half, up above it otherwise; an icon that cannot then fit
///   inside the area is not drawn (`nil`): an icon must never cover Skip or the badge.
package enum IconLayout {
    /// The side of an icon whose document gave no size, in points.
    package static let defaultSide: CGFloat = 24
    /// The most of the area an icon takes, on each axis.
    package static let maxShare: CGFloat = 0.25
    /// Space kept between an icon and a control.
    package static let gap: CGFloat = 4

    /// The icon's frame, or `nil` when it cannot be drawn clear of the controls.
    package static func frame(
        for placement: IconPlacement,
        size: CGSize,
        safeArea: VideoAdInsets,
        occupied: [CGRect],
        margin: CGFloat = 16
    ) -> CGRect? {
        let area = SafeAdArea(size: size, safeArea: safeArea, margin: margin).rect
        guard area.width > 0, area.height > 0 else { return nil }
        func side(_ value: CGFloat?) -> CGFloat? {
            value.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        }
        var width = side(placement.width) ?? side(placement.height) ?? defaultSide
        var height = side(placement.height) ?? side(placement.width) ?? defaultSide
        let shrink = min(1, area.width * maxShare / width, area.height * maxShare / height)
        width *= shrink
        height *= shrink
        func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            min(max(value.isFinite ? value : low, low), high)
        }
        let x: CGFloat = switch placement.x {
        case .left: area.minX
        case .right: area.maxX - width
        case .points(let points): clamp(area.minX + points, area.minX, area.maxX - width)
        }
        let y: CGFloat = switch placement.y {
        case .top: area.minY
        case .bottom: area.maxY - height
        case .points(let points): clamp(area.minY + points, area.minY, area.maxY - height)
        }
        var icon = CGRect(x: x, y: y, width: width, height: height)
        let movesDown = icon.midY < area.midY
        // Downward, meet the controls top first; upward, bottom first.
        let controls = occupied.filter { $0.width > 0 && $0.height > 0 }
            .sorted { movesDown ? $0.minY < $1.minY : $0.maxY > $1.maxY }
        for control in controls where icon.intersects(control.insetBy(dx: -gap, dy: -gap)) {
            icon.origin.y = movesDown ? control.maxY + gap : control.minY - gap - height
        }
        let inside = icon.minX >= area.minX - 0.001 && icon.maxX <= area.maxX + 0.001
            && icon.minY >= area.minY - 0.001 && icon.maxY <= area.maxY + 0.001
        guard inside, !controls.contains(where: { icon.intersects($0) }) else { return nil }
        return icon
    }

    /// The frames of the icons drawn now, by index in the ad's icons: each of `visible` (the icons
    /// the playback shows) whose image `decoded`, placed by `frame(for:…)` at its
    /// `placements` entry, in ascending index, each placed icon then occupied for the next (which
    /// icon yields to which is the same every time). An icon with no frame (it cannot be drawn
    /// clear of the controls inside the area), with no decoded image, or with no placement is not
    /// drawn: the playback counts as seen (`IconViewTracking`) only the indices returned here.
    /// The platform overlay and the headless renderer both call it, so a headless test sees what a
    /// device draws.
    package static func drawnFrames(
        placements: [IconPlacement],
        visible: [Int],
        decoded: Set<Int>,
        size: CGSize,
        safeArea: VideoAdInsets,
        occupied: [CGRect],
        margin: CGFloat = 16
    ) -> [Int: CGRect] {
        var frames: [Int: CGRect] = [:]
        var taken = occupied
        for index in Set(visible).sorted() where placements.indices.contains(index) && decoded.contains(index) {
            guard let frame = frame(for: placements[index], size: size, safeArea: safeArea, occupied: taken, margin: margin) else { continue }
            frames[index] = frame
            taken.append(frame)
        }
        return frames
    }

    /// Where an icon's fallback image shows (tvOS, where its click-through cannot open): the band
    /// of the area between the controls above its middle and those below it, with `gap` to
    /// each, so the image never covers the SDK's controls; `nil` when no room is left.
    package static func fallbackFrame(size: CGSize, safeArea: VideoAdInsets, occupied: [CGRect], margin: CGFloat = 16) -> CGRect? {
        let area = SafeAdArea(size: size, safeArea: safeArea, margin: margin).rect
        guard area.width > 0, area.height > 0 else { return nil }
        let controls = occupied.filter { $0.width > 0 && $0.height > 0 && $0.intersects(area) }
        let top = controls.filter { $0.midY < area.midY }.map { $0.maxY + gap }.max() ?? area.minY
        let bottom = controls.filter { $0.midY >= area.midY }.map { $0.minY - gap }.min() ?? area.maxY
        let band = CGRect(x: area.minX, y: max(area.minY, top), width: area.width, height: min(area.maxY, bottom) - max(area.minY, top))
        guard band.height > 0, !controls.contains(where: { $0.intersects(band) }) else { return nil }
        return band
    }
}
