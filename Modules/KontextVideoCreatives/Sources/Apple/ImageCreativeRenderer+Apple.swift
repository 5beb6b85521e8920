// An overlay or pause ad's image where there is no web view (tvOS): a `UIImageView` with the
// SDK's ✕ (and Resume on a full-screen pause ad), reachable by the focus engine. Glue only: the
// bytes are fetched and checked by `CreativeFetch` and capped before decoding by `ImageDecodeCap`
// (bytes, and pixels read from the header), the controls placed by
// `CreativeControlsLayout`, titled and spoken from `AdControlTexts`; the facade decides what a
// close or a resume means.
#if canImport(UIKit)
import UIKit
import KontextVideoVAST
import KontextVideoNetworking
import KontextVideoPresentation

/// An image creative in a `UIImageView`, with ✕ (and Resume).
@MainActor
final class ImageCreativeRenderer: CreativeRenderer, FriendlyObstructionReporting {
    var onEvent: (@MainActor (CreativeEvent) -> Void)?
    var resolvedLinearAd: ResolvedLinearAd? { nil }
    var hasEndCard: Bool { false }
    var platformView: PlatformView? { container }
    /// The ✕, and a full-screen pause ad's Resume: placed with the ad, before it is shown.
    var friendlyObstructions: [CreativeControlObstruction] {
        [.close(closeButton)] + (ad.isFullScreenPause ? [.pauseAdResume(resumeButton)] : [])
    }
    var onFriendlyObstructionsChanged: (@MainActor () -> Void)?

    private let ad: ServedAd
    private let context: CreativeContext
    private let container = UIView()
    private let imageView = UIImageView(image: nil)
    private let closeButton = UIButton(type: .system)
    private let resumeButton = UIButton(type: .system)
    private var isStopped = false

    init(ad: ServedAd, context: CreativeContext) {
        self.ad = ad
        self.context = context
        let texts = context.controlTexts
        container.semanticContentAttribute = texts.locale.direction == .rightToLeft ? .forceRightToLeft : .forceLeftToRight
        imageView.contentMode = .scaleAspectFit
        container.clipsToBounds = true
        container.addSubview(imageView)
        closeButton.setTitle(texts.close, for: .normal)
        closeButton.accessibilityLabel = texts.closeLabel
        closeButton.addAction(UIAction { [weak self] _ in self?.emit(.close) }, for: .primaryActionTriggered)
        resumeButton.setTitle(texts.resume, for: .normal)
        resumeButton.accessibilityLabel = texts.pauseAdResumeLabel
        resumeButton.addAction(UIAction { [weak self] _ in self?.emit(.resume) }, for: .primaryActionTriggered)
        container.addSubview(closeButton)
        container.addSubview(resumeButton)
    }

    /// Fetches the image; bytes the platform cannot decode fail like a page that did not load.
    func load() async throws {
        try await loadThroughPreparation()
    }

    /// The image's bytes, fetched off the main actor, then decoded into the image view on the main
    /// actor as before.
    func makePreparation() -> CreativePreparation? {
        let (ad, transport) = (self.ad, context.transport)
        return CreativePreparation { [self] in
            let data = try await CreativeFetch.creative(of: ad, transport: transport)
            return PreparedCreative { try self.show(data) }
        }
    }

    /// Decodes `data` into the image view; an image over the decode cap (or whose header cannot be
    /// read) is refused before decoding, like bytes the platform cannot decode.
    private func show(_ data: Data) throws {
        guard ImageDecodeCap.creative.refusal(of: data) == nil, let image = UIImage(data: data) else {
            throw CreativeFailure.pageDidNotLoad.loadError
        }
        imageView.image = image
    }

    func place(in frame: CGRect) {
        container.frame = frame
        imageView.frame = container.bounds
        // The ✕'s button is its hit target (a TV's on tvOS); UIKit centres the glyph in it.
        let controls = CreativeControlsLayout(
            size: frame.size, hasResume: ad.isFullScreenPause, minimumTarget: LinearAdControlsLayout.Metrics.current.minimumTarget,
            direction: context.controlTexts.locale.direction)
        closeButton.frame = controls.closeFrame
        resumeButton.frame = controls.resumeFrame ?? .zero
        resumeButton.isHidden = controls.resumeFrame == nil
        container.accessibilityElements = [closeButton, resumeButton].filter { !$0.isHidden }
    }

    func start() {}

    func stop() {
        isStopped = true
        container.removeFromSuperview()
    }

    private func emit(_ event: CreativeEvent) {
        guard !isStopped else { return }
        onEvent?(event)
    }
}
#endif
