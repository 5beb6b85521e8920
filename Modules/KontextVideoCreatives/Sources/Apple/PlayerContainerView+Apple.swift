// The linear ad's view (iOS and tvOS): the video layer, the controls and the end card. It shows
// what the ad's playback tells it — which controls, titled and spoken from `AdControlTexts`,
// placed by `LinearAdControlsLayout` inside the safe area at the viewer's text size — and turns
// taps and remote presses into playback inputs. It decides nothing.
#if canImport(UIKit)
import UIKit
import AVFoundation
#if canImport(WebKit)
import WebKit
#endif
import KontextVideoPresentation

/// The linear ad's view: video, controls, end card.
@MainActor
final class PlayerContainerView: UIView {
    override class var layerClass: AnyClass { AVPlayerLayer.self }
    // The layer class is AVPlayerLayer, so this cast cannot fail.
    var playerLayer: AVPlayerLayer { layer as! AVPlayerLayer }
    /// Receives the viewer's taps and presses.
    var onInput: ((LinearPlaybackInput) -> Void)?
    /// Told of each navigation the end card's page tried and its policy refused (its URL, if any).
    var onEndCardNavigationRefused: (@MainActor (URL?) -> Void)?

    /// What the controls say, in the app's language, and which way they run (set by the renderer
    /// before anything shows).
    var texts = AdControlTexts.standard
    private var controls = LinearAdControls.none
    /// What VoiceOver reaches after the controls: the captions and icons over the video (an
    /// accessibility container of its own), which `accessibilityElements` would otherwise hide.
    var accessoryAccessibilityView: UIView? {
        didSet { show(controls) }
    }
    private let badge = UILabel()
    private let skipButton = UIButton(type: .system)
    private let resumeButton = UIButton(type: .system)
    private let closeButton = UIButton(type: .system)
    private var endCard: UIView?
    #if canImport(WebKit)
    /// The end card's page and its web view's delegate, kept while the card shows (the web view
    /// holds its delegates weakly).
    private var endCardPage: EndCardPage?
    #endif
    private var sizeCategoryObserver: (any NSObjectProtocol)?

    /// The views of the controls, by control.
    private var views: [LinearAdControl: UIView] {
        [.adBadge: badge, .skip: skipButton, .resume: resumeButton, .close: closeButton]
    }

    /// The controls showing now, as friendly obstructions of the ad's measurement.
    var friendlyObstructions: [CreativeControlObstruction] {
        controls.accessibilityOrder.compactMap { control in views[control].map { CreativeControlObstruction(control, view: $0) } }
    }

    /// Which controls show now.
    var shownControls: [LinearAdControl] { controls.accessibilityOrder }

    /// A phone's or a television's sizes (controls are bigger, and reached by focus, on a TV).
    private static var metrics: LinearAdControlsLayout.Metrics { .current }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .black
        // A tap is a click only where `ClickInputRule` says so (not on tvOS, where a tap recognizer
        // fires on Select and would take the press from the focused Skip, Resume or ✕); it takes
        // touches only: with no press type it "will respond to taps like a touch pad like surface"
        // (doc: /documentation/UIKit/UIGestureRecognizer/allowedPressTypes).
        if ClickInputRule.current.recordsCreativeClicks {
            let tap = UITapGestureRecognizer(target: self, action: #selector(tapped))
            tap.allowedPressTypes = []
            addGestureRecognizer(tap)
        }
        badge.textColor = .white
        badge.backgroundColor = UIColor(white: 0, alpha: 0.6)
        for (button, input) in [(skipButton, LinearPlaybackInput.skipPressed), (resumeButton, .resumePressed), (closeButton, .closePressed)] {
            button.addAction(UIAction { [weak self] _ in self?.onInput?(input) }, for: .primaryActionTriggered)
            button.backgroundColor = UIColor(white: 0, alpha: 0.6)
        }
        for view in views.values {
            view.isHidden = true
            addSubview(view)
        }
        for label in [badge, skipButton.titleLabel, resumeButton.titleLabel, closeButton.titleLabel].compactMap({ $0 }) {
            // Dynamic Type: the text follows the viewer's size; the frames follow in `layoutSubviews`.
            label.font = UIFont.preferredFont(forTextStyle: .body)
            label.adjustsFontForContentSizeCategory = true
        }
        sizeCategoryObserver = NotificationCenter.default.addObserver(
            forName: UIContentSizeCategory.didChangeNotification, object: nil, queue: .main
        ) { @Sendable _ in
            Task { @MainActor [weak self] in self?.setNeedsLayout() }
        }
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    /// Stops following the text size, and the end card's page (the ad is over).
    func stopObserving() {
        sizeCategoryObserver.map(NotificationCenter.default.removeObserver)
        sizeCategoryObserver = nil
        #if canImport(WebKit)
        endCardPage?.stop()
        endCardPage = nil
        #endif
    }

    @objc private func tapped() { onInput?(.tapped) }

    /// Shows `controls`: titles, VoiceOver labels and order, which can be pressed, where focus goes.
    func show(_ controls: LinearAdControls) {
        self.controls = controls
        badge.text = texts.title(of: .adBadge, in: controls)
        for (button, control) in [(skipButton, LinearAdControl.skip), (resumeButton, .resume), (closeButton, .close)] {
            button.setTitle(texts.title(of: control, in: controls), for: .normal)
            button.isEnabled = control.isPressable(in: controls)
        }
        for (control, view) in views {
            view.accessibilityLabel = texts.accessibilityLabel(of: control, in: controls)
        }
        accessibilityElements = controls.accessibilityOrder.compactMap { views[$0] } + [accessoryAccessibilityView].compactMap { $0 }
        setNeedsLayout()
        setNeedsFocusUpdate()
    }

    /// Places the controls by `LinearAdControlsLayout`, in the safe area, at the viewer's text size.
    override func layoutSubviews() {
        super.layoutSubviews()
        let metrics = Self.metrics
        let textScale = UIFontMetrics(forTextStyle: .body).scaledValue(for: metrics.textSize) / metrics.textSize
        let insets = safeAreaInsets
        let layout = LinearAdControlsLayout(
            size: bounds.size,
            safeArea: VideoAdInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right),
            controls: controls, texts: texts, metrics: metrics, textScale: textScale)
        // The direction the layout decided: each control's own content (a title's alignment and
        // truncation) follows it (doc: /documentation/UIKit/UIView/semanticContentAttribute).
        let semantic: UISemanticContentAttribute = layout.direction == .rightToLeft ? .forceRightToLeft : .forceLeftToRight
        for (control, view) in views {
            view.frame = layout.frame(of: control) ?? .zero
            view.isHidden = layout.frame(of: control) == nil
            view.semanticContentAttribute = semantic
            // The layout's fit: the title at the size it decided, and UIKit's real measurement as
            // the judge of its estimate — shrink no further than the rule's floor, then truncate at
            // the end (docs: /documentation/UIKit/UIFont/withSize(_:),
            // /documentation/UIKit/UILabel/minimumScaleFactor, /documentation/UIKit/UILabel/lineBreakMode).
            if let fit = layout.titleFit(of: control), let label = (view as? UIButton)?.titleLabel ?? (view as? UILabel) {
                label.font = UIFont.preferredFont(forTextStyle: .body).withSize(fit.fontSize)
                label.adjustsFontSizeToFitWidth = true
                label.minimumScaleFactor = layout.smallestFontSize / fit.fontSize
                label.lineBreakMode = .byTruncatingTail
            }
        }
        endCard?.frame = bounds
    }

    /// The focus engine (tvOS) goes to the control the controls prefer (`preferredFocus`).
    override var preferredFocusEnvironments: [any UIFocusEnvironment] {
        controls.preferredFocus.flatMap { views[$0] }.map { [$0 as any UIFocusEnvironment] } ?? []
    }

    /// Shows the end card over the last frame, under the controls: its page in a web view, or its image.
    func showEndCard(_ card: LoadedEndCard?) {
        let view: UIView
        switch card {
        case .page(let page)?: view = pageView(page)
        case .image(let data)?:
            let image = UIImageView(image: UIImage(data: data))
            image.contentMode = .scaleAspectFit
            view = image
        case nil: view = UIView()
        }
        view.frame = bounds
        view.backgroundColor = .black
        // Taps go to this view (an end-card click), not into the card's page.
        view.isUserInteractionEnabled = false
        addSubview(view)
        endCard = view
        for control in views.values { bringSubviewToFront(control) }
    }

    /// A hardened web view showing `page` under the overlay page's navigation policy (iOS; a
    /// platform without WebKit never gets a page, `EndCardContent`).
    private func pageView(_ page: CreativePage) -> UIView {
        #if canImport(WebKit)
        let card = EndCardPage(page)
        card.onNavigationRefused = { [weak self] url in self?.onEndCardNavigationRefused?(url) }
        endCardPage = card
        return card.webView
        #else
        return UIView()
        #endif
    }

    // MARK: The remote (tvOS): Menu and Play/Pause are the ad's; the other buttons keep their meaning.

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        presses.compactMap { RemotePress($0.type) }.forEach(remotePressed)
        super.pressesBegan(presses.filter { RemotePress($0.type) == nil }, with: event)
    }

    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        super.pressesEnded(presses.filter { RemotePress($0.type) == nil }, with: event)
    }

    /// A press this view took, or one its full-screen controller took (through the renderer).
    func remotePressed(_ press: RemotePress) {
        onInput?(press.input)
    }
}

extension RemotePress {
    /// The ad's button a press of `type` is, if any.
    package init?(_ type: UIPress.PressType) {
        switch type {
        case .menu: self = .menu
        case .playPause: self = .playPause
        default: return nil
        }
    }
}
#endif
