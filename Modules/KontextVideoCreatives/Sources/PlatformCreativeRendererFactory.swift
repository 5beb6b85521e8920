import Foundation
import KontextVideoNetworking

/// What a platform can show, and so which renderer each creative gets: the decision, portable and
/// table-tested; `PlatformCreativeRendererFactory` only builds what it names.
///
/// | platform | HTML | image | VAST video |
/// |---|---|---|---|
/// | iOS, visionOS (UIKit and WebKit) | web view | web view | AVPlayer (end card in a web view) |
/// | tvOS (UIKit, no WebKit) | VAST 900 | `UIImageView` | AVPlayer (end card as its image) |
/// | macOS (no UIKit) | VAST 900 | VAST 900 | VAST 900 |
/// | Linux (no screen) | headless | headless | headless |
///
/// VAST 900 is `CreativeFailure.platformCannotRender`: `load()` throws
/// `VideoAdError.creativeFailed(code: 900)`, and the ad's only event is the VAST error event every
/// failed `load()` sends.
package enum RenderingPlatform: Sendable, CaseIterable {
    /// UIKit and WebKit (iOS, visionOS).
    case uiKitWithWebKit
    /// UIKit without WebKit (tvOS).
    case uiKitWithoutWebKit
    /// An Apple platform without UIKit (macOS).
    case noUIKit
    /// No screen (Linux, tests).
    case headless

    /// The renderer of each kind of creative.
    package enum Renderer: Sendable, Equatable {
        /// `WebCreativeRenderer`.
        case web
        /// `ImageCreativeRenderer`.
        case image
        /// `VideoCreativeRenderer`.
        case video
        /// `HeadlessCreativeRenderer`.
        case headless
        /// `UnsupportedPlatformRenderer`: the load fails with VAST 900.
        case unsupported
    }

    /// The platform the SDK was built for.
    package static var current: RenderingPlatform {
        #if canImport(UIKit) && canImport(WebKit)
        .uiKitWithWebKit
        #elseif canImport(UIKit)
        .uiKitWithoutWebKit
        #elseif canImport(Darwin)
        .noUIKit
        #else
        .headless
        #endif
    }

    /// The renderer of a creative of `kind` here.
    package func renderer(for kind: ServedCreative.Kind) -> Renderer {
        switch (self, kind) {
        case (.headless, _): .headless
        case (.noUIKit, _): .unsupported
        case (.uiKitWithWebKit, .html), (.uiKitWithWebKit, .image): .web
        case (.uiKitWithoutWebKit, .html): .unsupported
        case (.uiKitWithoutWebKit, .image): .image
        case (.uiKitWithWebKit, .vast), (.uiKitWithoutWebKit, .vast): .video
        }
    }

    /// Whether a linear ad's end card can be a page here (else only its image).
    package var showsPages: Bool {
        self != .uiKitWithoutWebKit
    }
}

/// The renderers of the platform the SDK was built for, as `RenderingPlatform` names them.
@MainActor
package struct PlatformCreativeRendererFactory: CreativeRendererFactory {
    /// Creates the factory.
    package init() {}

    /// The renderer of `ad` on this platform.
    package func makeRenderer(for ad: ServedAd, context: CreativeContext) -> any CreativeRenderer {
        let platform = RenderingPlatform.current
        switch platform.renderer(for: ad.creative.kind) {
        case .headless: return HeadlessCreativeRenderer(ad: ad, context: context, playsByItself: true)
        case .unsupported: return UnsupportedPlatformRenderer()
        case .video: return video(ad, context, showsPages: platform.showsPages)
        case .image: return image(ad, context)
        case .web: return web(ad, context)
        }
    }

    // Each renderer exists where `RenderingPlatform.current` can name it; elsewhere these are
    // never reached, and fail the load as an unsupported platform would.

    private func video(_ ad: ServedAd, _ context: CreativeContext, showsPages: Bool) -> any CreativeRenderer {
        #if canImport(UIKit)
        VideoCreativeRenderer(ad: ad, context: context, showsPages: showsPages)
        #else
        UnsupportedPlatformRenderer()
        #endif
    }

    private func image(_ ad: ServedAd, _ context: CreativeContext) -> any CreativeRenderer {
        #if canImport(UIKit)
        ImageCreativeRenderer(ad: ad, context: context)
        #else
        UnsupportedPlatformRenderer()
        #endif
    }

    private func web(_ ad: ServedAd, _ context: CreativeContext) -> any CreativeRenderer {
        #if canImport(UIKit) && canImport(WebKit)
        WebCreativeRenderer(ad: ad, context: context)
        #else
        UnsupportedPlatformRenderer()
        #endif
    }
}
