import Foundation
import KontextVideoVAST

/// The renderer of a creative the platform cannot show (HTML on tvOS, which has no web view;
/// everything on macOS, which has no UIKit; `RenderingPlatform`): every load fails with VAST 900,
/// so no impression or tracking fires for an ad nobody could see. `load()` throws `VideoAdError.creativeFailed(code: 900)` to the app.
@MainActor
package final class UnsupportedPlatformRenderer: CreativeRenderer {
    /// Never called: nothing is ever shown.
    package var onEvent: (@MainActor (CreativeEvent) -> Void)?
    /// Never resolved.
    package var resolvedLinearAd: ResolvedLinearAd? { nil }
    /// No end card.
    package var hasEndCard: Bool { false }

    /// Creates the renderer.
    package init() {}

    /// Fails: this platform cannot render the creative.
    package func load() async throws {
        throw CreativeFailure.platformCannotRender.loadError
    }

    /// Nothing to place.
    package func place(in frame: CGRect) {}
    /// Nothing to start.
    package func start() {}
    /// Nothing to stop.
    package func stop() {}
}
