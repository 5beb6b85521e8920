import Foundation
import KontextVideoNetworking
import KontextVideoPresentation

extension CreativeSizeNeeds {
    /// The size needs of `served`'s overlay or pause creative: the size its page asked for
    /// (`reported`, within the server's, `CreativePageRules`) comes first; a size the server did
    /// not give, or gave as garbage, falls back to the format's standard size.
    init(of served: ServedAd, reported: CGSize?) {
        let creative = served.creative
        let kind: Kind = served.format == .overlay ? .overlayStrip : (creative.fullScreen ? .fullScreenPause : .pauseCard)
        let fallback: CGSize = served.format == .overlay ? CGSize(width: 320, height: 50) : CGSize(width: 300, height: 250)
        if let reported, let needs = CreativeSizeNeeds(width: reported.width, height: reported.height, kind: kind) {
            self = needs
            return
        }
        self = CreativeSizeNeeds(
            width: CGFloat(creative.width ?? Double(fallback.width)),
            height: CGFloat(creative.height ?? Double(fallback.height)),
            kind: kind
        ) ?? CreativeSizeNeeds(width: fallback.width, height: fallback.height, kind: kind)!
    }
}
