// The SwiftUI host's handle: what a SwiftUI app shows the reference's ads through, once
// `.videoAdHost(_:insets:)` put the host around its player. It only carries out
// `HostedShowRoute`'s decision with the reference's own `show(in:insets:)` and `show(from:)`;
// placing, re-placing and ending the ad stay the SDK's, as for a UIKit app.
#if canImport(SwiftUI) && canImport(UIKit)
import SwiftUI

/// Shows overlay, pause and linear ads around a SwiftUI player, with no UIKit code in the app.
///
/// Give the player view the host with `videoAdHost(_:insets:)`; ask for and load ads
/// with the reference's API (``VideoAds/format(_:)``, ``VideoAd/load()``); then call
/// ``show(_:)`` instead of `show(in:insets:)` or `show(from:)`:
///
/// - an overlay or pause ad goes inside the player's frame, inside its safe area and clear of the
///   insets you gave the modifier (your control bar). It follows the frame through resizes,
///   rotations and safe-area changes, as in a UIKit view;
/// - a linear ad is presented full screen from the view controller SwiftUI made for the host, or,
///   while that is not in a window, from the key window's top view controller.
///
/// Keep the host for as long as the screen lives, in a `@StateObject` or in the object that owns
/// the episode's ads. One host serves one player: give it to one view.
///
/// ```swift
/// struct EpisodeScreen: View {
///     @StateObject private var adHost = VideoAdSwiftUIHost()
///     let player: AVPlayer
///     let ads: VideoAds
///
///     var body: some View {
///         VideoPlayer(player: player)
///             .videoAdHost(adHost, insets: EdgeInsets(top: 0, leading: 0, bottom: 80, trailing: 0))
///             .task {
///                 // A pre-roll; the ad's delegate plays the episode from `didEnd`.
///                 do {
///                     let preroll = try await ads.format(.linear)
///                     try await preroll.load()
///                     try adHost.show(preroll)
///                 } catch {
///                     player.play()
///                 }
///             }
///     }
/// }
/// ```
@MainActor
public final class VideoAdSwiftUIHost: ObservableObject {
    /// The view controller SwiftUI made for the host while it shows the modifier's view; its view
    /// covers the player's frame. SwiftUI owns it.
    private weak var controller: VideoAdHostController?
    /// The insets the modifier was last given, with leading and trailing resolved to left and right.
    private var insets = VideoAdInsets.zero

    /// A host with no view yet: `videoAdHost(_:insets:)` gives it one.
    public init() {}

    /// Shows `ad` in the host: an overlay or pause ad inside the player's frame, a linear ad full
    /// screen. Succeeds, and throws, as ``VideoAd/show(in:insets:)-(UIView,_)`` and
    /// ``VideoAd/show(from:)-(UIViewController?)`` do; `didEnd` comes to the ad's delegate as usual.
    ///
    /// ```swift
    /// let overlay = try await ads.format(.overlay)
    /// try await overlay.load()
    /// try adHost.show(overlay)
    /// ```
    ///
    /// - Parameter ad: A loaded ad of any format.
    /// - Throws: The errors of `show(in:insets:)` for an overlay or pause ad — among them
    ///   ``VideoAdError/presenterUnavailable`` while the player is not on screen (before SwiftUI
    ///   made the host's view, too), ``VideoAdError/containerTooSmall(minimum:)`` and
    ///   ``VideoAdError/contentPaused`` —, and those of `show(from:)` for a linear ad.
    public func show(_ ad: VideoAd) throws {
        let view = controller?.viewIfLoaded
        switch HostedShowRoute.route(for: ad.format, hostIsInWindow: view?.window != nil) {
        case .inHostView:
            if let view {
                try ad.show(in: UIViewHost(view), insets: insets)
            } else {
                try ad.show(in: DetachedHostView(), insets: insets)
            }
        case .fromHostController:
            try ad.show(from: controller)
        case .fromKeyWindow:
            try ad.show()
        }
    }

    /// From the modifier's view update: the controller SwiftUI made and the insets it was given.
    func attach(_ controller: VideoAdHostController, insets: VideoAdInsets) {
        self.controller = controller
        self.insets = insets
    }
}
#endif
