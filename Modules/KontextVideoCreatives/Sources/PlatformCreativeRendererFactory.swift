import Foundation
import KontextVideoNetworking

/// The renderers of the platform the SDK was built for, chosen here and nowhere else:
///
/// | platform | renderer |
/// |---|---|
/// | iOS (UIKit and WebKit) | `WebCreativeRenderer` for HTML and images, `VideoCreativeRenderer` (AVPlayer) for VAST |
/// | tvOS (UIKit, no WebKit), macOS (no UIKit) | `UnsupportedPlatformRenderer`: every load fails with VAST 900 |
/// | Linux (no screen) | `HeadlessCreativeRenderer`, which fetches the creative and plays it on the clock |
@MainActor
package struct PlatformCreativeRendererFactory: CreativeRendererFactory {
    /// Creates the factory.
    package init() {}

    /// The renderer of `ad` on this platform.
    package func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
        #if canImport(UIKit) && canImport(WebKit)
        switch ad.creative.kind {
        case .html, .image: WebCreativeRenderer(ad: ad, context: context)
        case .vast: VideoCreativeRenderer(ad: ad, context: context)
        }
        #elseif canImport(Darwin)
        UnsupportedPlatformRenderer()
        #else
        HeadlessCreativeRenderer(ad: ad, context: context, playsByItself: true)
        #endif
    }
}
