// The SwiftUI host as a view modifier: an overlay the size of the player, whose UIKit view is the
// host of overlay and pause ads and whose view controller presents linear ads.
#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

extension View {
    /// Makes this view — your player — the place where `host` shows ads: overlay and pause ads
    /// inside its frame, linear ads full screen over the screen it is on.
    ///
    /// The host covers exactly this view's frame and takes no touch outside the ad, so your
    /// controls keep working. The ad is placed inside the frame's safe area (SwiftUI's safe area
    /// reaches the host as UIKit's) and clear of `insets`; it is placed again when the frame
    /// resizes, rotates or its safe area changes. Insets are read when an ad is shown and kept for
    /// it, as `show(in:insets:)` keeps them.
    ///
    /// ```swift
    /// VideoPlayer(player: player)
    ///     .videoAdHost(adHost, insets: EdgeInsets(top: 0, leading: 0, bottom: 80, trailing: 0))
    /// ```
    ///
    /// - Parameters:
    ///   - host: The host the app shows ads through (``VideoAdSwiftUIHost/show(_:)``).
    ///   - insets: Space to keep free inside this view, on top of its safe area: your control bar.
    ///     `leading` and `trailing` follow the layout direction. Ignored by a full-screen pause ad.
    /// - Returns: This view, with the host over it.
    public func videoAdHost(_ host: VideoAdSwiftUIHost, insets: EdgeInsets = EdgeInsets()) -> some View {
        overlay {
            VideoAdHostRepresentable(host: host, insets: insets)
        }
    }
}
#endif
