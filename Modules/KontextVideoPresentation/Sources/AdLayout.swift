import Foundation

/// Headless layout of overlay and pause ads: pure functions of the host view's measures,
/// the publisher's insets and the creative's needs.
///
/// Placement, in the host view's coordinates (origin top left):
/// - The *available area* is the view's bounds minus its safe area minus the insets
///   (negative or non-finite inset edges count as 0).
/// - `.overlayStrip`: horizontally centred, its bottom edge on the available area's bottom edge.
/// - `.pauseCard`: centred in the available area.
/// - `.fullScreenPause`: ignores the insets; its frame is the whole safe area (its
///   controls must stay clear of notches and the home indicator; the facade may paint a
///   backdrop over the full bounds behind it). The creative is drawn at `scale` inside.
///
/// Scale is `min(1, availableWidth / width, availableHeight / height)`: never enlarged,
/// shrunk to fit. Below 50 % the ad does not fit: `containerTooSmall(minimum:)`. A
/// scale within `tolerance` (1e-9) below 0.5 counts as exactly 0.5, so a view that holds
/// the ad at exactly 50 % is accepted despite floating-point rounding. Frames are not
/// rounded to pixels; the facade knows the screen scale.
///
/// `minimum` is, on each axis, `natural size × 0.5 + safe area + insets` (no insets for a
/// full-screen pause ad), independent of the current size: the ad fits exactly when the
/// view is at least `minimum` on both axes with the same safe area and insets, so an axis
/// that already fits is reported by its requirement, not by the current size.
package enum AdLayout {
    /// The smallest scale an ad may be shown at.
    package static let minimumScale: CGFloat = 0.5
    /// How far below `minimumScale` a computed scale may be and still count as 0.5.
    package static let tolerance: CGFloat = 1e-9

    /// Places `needs` in `host` with the publisher's `insets`.
    ///
    /// Fails with `presenterUnavailable` when the host is not in a window, hidden, or has
    /// no finite positive area; with `containerTooSmall(minimum:)` when the ad would have
    /// to shrink below 50 % (including when the insets and safe area leave no room at all).
    package static func place(
        _ needs: CreativeSizeNeeds,
        in host: HostSnapshot,
        insets: VideoAdInsets
    ) -> Result<AdPlacement, LayoutFailure> {
        guard host.unavailability == nil else { return .failure(.presenterUnavailable) }
        let reserved = reservedInsets(for: needs.kind, in: host, insets: insets)
        let area = CGRect(
            x: reserved.left,
            y: reserved.top,
            width: max(0, host.size.width - reserved.horizontal),
            height: max(0, host.size.height - reserved.vertical)
        )
        let fit = min(1, area.width / needs.width, area.height / needs.height)
        guard fit >= minimumScale - tolerance else {
            return .failure(.containerTooSmall(minimum: minimumHostSize(for: needs, reserved: reserved)))
        }
        let scale = max(fit, minimumScale)
        let width = needs.width * scale
        let height = needs.height * scale
        let frame: CGRect = switch needs.kind {
        case .overlayStrip:
            CGRect(x: area.midX - width / 2, y: area.maxY - height, width: width, height: height)
        case .pauseCard:
            CGRect(x: area.midX - width / 2, y: area.midY - height / 2, width: width, height: height)
        case .fullScreenPause:
            area
        }
        return .success(AdPlacement(frame: frame, scale: scale))
    }

    /// Safe area plus insets (safe area only for a full-screen pause ad), sanitized.
    private static func reservedInsets(for kind: CreativeSizeNeeds.Kind, in host: HostSnapshot, insets: VideoAdInsets) -> VideoAdInsets {
        let safeArea = host.safeAreaInsets.sanitized
        return kind == .fullScreenPause ? safeArea : safeArea + insets.sanitized
    }

    private static func minimumHostSize(for needs: CreativeSizeNeeds, reserved: VideoAdInsets) -> CGSize {
        CGSize(
            width: needs.width * minimumScale + reserved.horizontal,
            height: needs.height * minimumScale + reserved.vertical
        )
    }
}
