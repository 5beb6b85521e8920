// The linear ad's view: the video layer, Skip, and the end card with its ✕. It shows what the
// renderer tells it to and reports taps; it decides nothing.
#if canImport(UIKit) && canImport(WebKit)
import UIKit
import WebKit
import AVFoundation

/// The linear ad's view: video, Skip, end card with ✕.
@MainActor
final class PlayerContainerView: UIView {
    override class var layerClass: AnyClass { AVPlayerLayer.self }
    // The layer class is AVPlayerLayer, so this cast cannot fail.
    var playerLayer: AVPlayerLayer { layer as! AVPlayerLayer }
    var onTap: (() -> Void)?
    var onSkip: (() -> Void)?
    var onClose: (() -> Void)?
    private(set) var isShowingEndCard = false
    private var skipButton: UIButton?

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .black
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(tapped)))
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { nil }

    @objc private func tapped() { onTap?() }

    func showSkip() {
        guard skipButton == nil, !isShowingEndCard else { return }
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Skip") { [weak self] _ in self?.onSkip?() })
        button.frame = CGRect(x: bounds.maxX - 96, y: bounds.maxY - 64, width: 80, height: 40)
        button.autoresizingMask = [.flexibleLeftMargin, .flexibleTopMargin]
        addSubview(button)
        skipButton = button
    }

    /// Shows the end card's page (or an empty card when the companion has nothing to show) and its ✕.
    func showEndCard(_ page: CreativePage?) {
        isShowingEndCard = true
        skipButton?.removeFromSuperview()
        let card = WKWebView(frame: bounds)
        card.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        // Taps go to this view (an end-card click), not into the card's page.
        card.isUserInteractionEnabled = false
        switch page {
        case .url(let url): card.load(URLRequest(url: url))
        case .markup(let html, let baseURL): card.loadHTMLString(html, baseURL: baseURL)
        case nil: break
        }
        addSubview(card)
        let close = UIButton(type: .close, primaryAction: UIAction { [weak self] _ in self?.onClose?() })
        close.frame = CGRect(x: bounds.maxX - 44, y: 16, width: 28, height: 28)
        close.autoresizingMask = [.flexibleLeftMargin, .flexibleBottomMargin]
        addSubview(close)
    }
}
#endif
