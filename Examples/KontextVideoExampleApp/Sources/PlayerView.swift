import UIKit
import AVFoundation

/// The view the episode plays in: an `AVPlayerLayer` the size of the view. Overlay and pause
/// ads are shown in this view.
final class PlayerView: UIView {
    override class var layerClass: AnyClass { AVPlayerLayer.self }

    /// The player shown.
    var player: AVPlayer? {
        get { playerLayer.player }
        set { playerLayer.player = newValue }
    }

    // The layer class is AVPlayerLayer, so this cast cannot fail.
    private var playerLayer: AVPlayerLayer { layer as! AVPlayerLayer }
}
