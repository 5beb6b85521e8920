// A linear ad's captions and industry icons (AdChoices), over its video (iOS and tvOS). Glue
// only: it shows the caption and the icons the ad's `LinearPlaybackSession` asks for, at the
// frames `CaptionLayout` and `IconLayout.drawnFrames` compute from its size, safe area, the
// controls' frames and which icon images decoded, hands the playback the icons it drew
// (`iconsDrawn`: an icon's view counts only then), and turns a press on an icon into the
// playback's `iconTapped`. Icon images arrive with the ad (`IconFetch`: the session shows no
// other icon); a fallback image is fetched on its tap through the creative's transport (the
// SDK's guarded one) and decoded under `ImageDecodeCap`.
// Touches anywhere but on an icon go through to the video and its controls below.
#if canImport(UIKit)
import UIKit
import KontextVideoVAST
import KontextVideoModels
import KontextVideoNetworking
import KontextVideoPresentation

/// The captions and icons over a linear ad's video.
@MainActor
final class CaptionAndIconOverlay: UIView {
    /// Receives a press on the icon at an index of the ad's icons.
    var onIconTapped: ((Int) -> Void)?
    /// Receives the icons drawn, each time they are laid out.
    var onIconsDrawn: ((Set<Int>) -> Void)?
    /// The frames the controls take now, in this view's coordinates.
    var occupiedFrames: () -> [CGRect] = { [] }

    private let icons: [VASTIcon]
    private let images: [Int: Data]
    private let transport: any HTTPTransport
    private let rule: AdURLRule
    private let captionLabel = UILabel()
    private var caption: String?
    private var visibleIcons: [Int] = []
    private var iconButtons: [Int: UIButton] = [:]
    /// The icons whose image decoded.
    private var decodedIcons: Set<Int> = []
    private var fallbackViews: [Int: UIImageView] = [:]
    private var imageLoads: [Task<Void, Never>] = []

    /// An overlay for `icons`, drawn with `images` (fetched while the ad loaded), fetching a
    /// fallback image through `transport` as `rule` allows.
    init(icons: [VASTIcon], images: [Int: Data], transport: any HTTPTransport, rule: AdURLRule) {
        self.icons = icons
        self.images = images
        self.transport = transport
        self.rule = rule
        super.init(frame: .zero)
        captionLabel.numberOfLines = 0
        captionLabel.textAlignment = .center
        captionLabel.textColor = .white
        captionLabel.backgroundColor = UIColor(white: 0, alpha: 0.75)
        captionLabel.font = UIFont.preferredFont(forTextStyle: .body)
        captionLabel.adjustsFontForContentSizeCategory = true
        captionLabel.isHidden = true
        addSubview(captionLabel)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    /// Stops fetching fallback images (the ad is over).
    func stop() {
        imageLoads.forEach { $0.cancel() }
        imageLoads.removeAll()
    }

    /// Shows `caption` (`nil`: none); VoiceOver reads it as the label's text.
    func showCaption(_ caption: String?) {
        self.caption = caption
        captionLabel.text = caption
        setNeedsLayout()
    }

    /// Shows exactly the icons at `indices`; a fallback image goes with its icon.
    func showIcons(_ indices: [Int]) {
        visibleIcons = indices
        for index in indices where iconButtons[index] == nil && icons.indices.contains(index) {
            let button = UIButton(type: .custom)
            button.accessibilityLabel = icons[index].altText ?? icons[index].program ?? "AdChoices"
            button.addAction(UIAction { [weak self] _ in self?.onIconTapped?(index) }, for: .primaryActionTriggered)
            iconButtons[index] = button
            addSubview(button)
            // `UIImage(data:)` returns `nil` "if the method could not initialize the image from the
            // specified data" (developer.apple.com/documentation/uikit/uiimage/init(data:)): such a
            // button would show nothing, so `drawnFrames` leaves it out and its view is not counted.
            let image = images[index].flatMap { UIImage(data: $0) }
            button.setImage(image, for: .normal)
            if image != nil { decodedIcons.insert(index) }
        }
        for (index, view) in fallbackViews where !indices.contains(index) {
            view.removeFromSuperview()
            fallbackViews[index] = nil
        }
        setNeedsLayout()
    }

    /// Shows the icon's fallback image (its click-through cannot open here) over the video.
    func showFallback(_ index: Int) {
        guard fallbackViews[index] == nil, icons.indices.contains(index), let url = icons[index].fallbackImageURL(rule: rule) else { return }
        let view = UIImageView(image: nil)
        view.contentMode = .scaleAspectFit
        fallbackViews[index] = view
        addSubview(view)
        load(url) { [weak view] image in view?.image = image }
        setNeedsLayout()
    }

    /// Applies the frames the portable layouts compute.
    override func layoutSubviews() {
        super.layoutSubviews()
        let insets = safeAreaInsets
        let safeArea = VideoAdInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
        let metrics = LinearAdControlsLayout.Metrics.current
        let occupied = occupiedFrames()
        let frames = IconLayout.drawnFrames(
            placements: icons.map(\.placement), visible: visibleIcons,
            decoded: decodedIcons,
            size: bounds.size, safeArea: safeArea, occupied: occupied, margin: metrics.margin)
        for (index, button) in iconButtons {
            button.frame = frames[index] ?? .zero
            button.isHidden = frames[index] == nil
        }
        let placed = frames.sorted { $0.key < $1.key }.map(\.value)
        let fallbackFrame = IconLayout.fallbackFrame(size: bounds.size, safeArea: safeArea, occupied: occupied, margin: metrics.margin)
        for view in fallbackViews.values {
            view.frame = fallbackFrame ?? .zero
            view.isHidden = fallbackFrame == nil
        }
        let textScale = UIFontMetrics(forTextStyle: .body).scaledValue(for: metrics.textSize) / metrics.textSize
        let layout = CaptionLayout(
            text: caption, size: bounds.size, safeArea: safeArea, occupied: occupied + placed,
            textSize: metrics.textSize, textScale: textScale, margin: metrics.margin)
        captionLabel.frame = layout.frame ?? .zero
        captionLabel.isHidden = layout.frame == nil
        // VoiceOver reads the caption, then the icons, as they are on screen now.
        let shownIcons: [UIView] = iconButtons.sorted(by: { $0.key < $1.key }).map(\.value).filter { !$0.isHidden }
        accessibilityElements = (captionLabel.isHidden ? [] : [captionLabel]) + shownIcons
        onIconsDrawn?(Set(frames.keys))
    }

    /// Only the icons take touches: everything else reaches the video and its controls.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self || hit === captionLabel ? nil : hit
    }

    /// Fetches an image through the guarded transport, decodes it within the cap, then `apply`.
    private func load(_ url: URL, apply: @escaping @MainActor (UIImage) -> Void) {
        let transport = self.transport
        imageLoads.append(Task { @MainActor in
            guard let (data, response) = try? await transport.send(URLRequest(url: url)),
                  (200..<300).contains(response.statusCode), ImageDecodeCap.creative.refusal(of: data) == nil,
                  !Task.isCancelled, let image = UIImage(data: data) else { return }
            apply(image)
        })
    }
}
#endif
