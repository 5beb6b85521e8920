import Foundation
import KontextVideo

/// A presenter for linear ads in headless tests: it can be unavailable, refuse to present, be
/// dismissed from outside, and hold a dismissal until the test lets it finish.
///
/// The harness's presenter (`harness.presenter`) is what `show()` and `show(from: nil)` present
/// from.
///
/// ```swift
/// harness.presenter.holdsDismissals = true
/// try linear.show()
/// linearCreative.complete()              // no end card: the SDK dismisses it
/// #expect(delegate.endReasons.isEmpty)   // didEnd waits for the dismissal
/// harness.presenter.finishDismissal()
/// #expect(delegate.endReasons == [.completed])
/// ```
@MainActor
public final class HeadlessPresenter: VideoAdPresenter {
    /// Whether it can present right now.
    public var isAvailable: Bool
    /// Whether a presentation succeeds (`false`: UIKit never presented the ad).
    public var presentationSucceeds: Bool
    /// Whether dismissals wait for `finishDismissal()` (like an animated dismissal).
    public var holdsDismissals: Bool
    /// Whether the presenter ever answers a presentation (`false`: like UIKit refusing in the middle
    /// of a transition, without calling back).
    public var answersPresentations = true
    /// Whether presentations wait for `finishPresentation()` (a slow animation).
    public var holdsPresentations = false
    private var pendingPresentation: (@MainActor () -> Void)?
    /// The presentation on screen, if any.
    public private(set) var current: LinearAdPresentation?
    /// How many times an ad was presented, and dismissed by the SDK.
    public private(set) var presentCount = 0, dismissCount = 0
    private var pendingDismissal: (@MainActor () -> Void)?

    /// Creates a presenter.
    /// - Parameters:
    ///   - isAvailable: Whether it can present (`false`: `show(from:)` throws `presenterUnavailable`).
    ///   - presentationSucceeds: Whether presentations succeed (`false`: the ad fails with
    ///     `didFail(.presenterUnavailable)` after `show(from:)` returned).
    ///   - holdsDismissals: Whether dismissals wait for ``finishDismissal()``.
    public init(isAvailable: Bool = true, presentationSucceeds: Bool = true, holdsDismissals: Bool = false) {
        self.isAvailable = isAvailable
        self.presentationSucceeds = presentationSucceeds
        self.holdsDismissals = holdsDismissals
    }

    /// Whether it can present right now: available and presenting nothing.
    public var canPresentVideoAd: Bool { isAvailable && current == nil }

    /// Presents `presentation` as scripted: at once, failing, or never answering.
    /// - Parameters:
    ///   - presentation: The ad's presentation.
    ///   - completion: Called with ``presentationSucceeds``, at once or at ``finishPresentation()``.
    public func presentVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor (Bool) -> Void) {
        presentCount += 1
        guard answersPresentations else { return }
        let succeeds = presentationSucceeds
        let finish: @MainActor () -> Void = { [weak self] in
            if succeeds { self?.current = presentation }
            completion(succeeds)
        }
        if holdsPresentations {
            pendingPresentation = finish
        } else {
            finish()
        }
    }

    /// Dismisses `presentation`, at once or when the test calls `finishDismissal()`.
    /// - Parameters:
    ///   - presentation: The ad's presentation.
    ///   - completion: Called once the dismissal finished.
    public func dismissVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor () -> Void) {
        dismissCount += 1
        let finish: @MainActor () -> Void = { [weak self] in
            if self?.current === presentation { self?.current = nil }
            completion()
        }
        if holdsDismissals {
            pendingDismissal = finish
        } else {
            finish()
        }
    }

    /// Lets a held presentation finish (the surface comes up, or fails to).
    public func finishPresentation() {
        let finish = pendingPresentation
        pendingPresentation = nil
        finish?()
    }

    /// Whether a dismissal waits for `finishDismissal()`.
    public var isDismissing: Bool { pendingDismissal != nil }

    /// Lets a held dismissal finish.
    public func finishDismissal() {
        let finish = pendingDismissal
        pendingDismissal = nil
        finish?()
    }

    /// The app (or the system) took the ad's screen away without the SDK asking.
    public func dismissFromOutside() {
        guard let presentation = current else { return }
        current = nil
        presentation.presenterDidDismiss()
    }
}
