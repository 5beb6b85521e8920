import Foundation
import KontextVideoCreatives

/// What presents a linear ad full screen, for `show(from:)` where there is no UIKit (and in
/// headless tests, see `KontextVideoTesting.HeadlessPresenter`): any object that can put a
/// full-screen surface up and take it down. On iOS and tvOS `show(from:)` takes the app's
/// `UIViewController` directly.
///
/// ```swift
/// final class FullScreenLayer: VideoAdPresenter {
///     private(set) var current: LinearAdPresentation?
///     var canPresentVideoAd: Bool { current == nil }
///     func presentVideoAd(_ presentation: LinearAdPresentation,
///                         completion: @escaping @MainActor (Bool) -> Void) {
///         current = presentation
///         completion(true)
///     }
///     func dismissVideoAd(_ presentation: LinearAdPresentation,
///                         completion: @escaping @MainActor () -> Void) {
///         current = nil
///         completion()
///     }
/// }
/// try linear.show(from: FullScreenLayer())
/// ```
@MainActor
public protocol VideoAdPresenter: AnyObject {
    /// Whether it can present right now (it is on screen and presents nothing else).
    var canPresentVideoAd: Bool { get }
    /// Presents the ad's full-screen surface; calls `completion(true)` once it is on screen, or
    /// `completion(false)` when it could not present after all. Call
    /// `presentation.presenterDidDismiss()` if the surface disappears without the SDK asking.
    ///
    /// A presenter that does not answer within 3 seconds counts as failed: the ad ends with
    /// `didFail(.presenterUnavailable)` and `didEnd(.failed)`.
    ///
    /// - Parameters:
    ///   - presentation: The presentation to put up; keep it to take it down.
    ///   - completion: Call it once, on the main actor: `true` once the surface is on screen.
    func presentVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor (Bool) -> Void)
    /// Takes the surface down; calls `completion` once the dismissal finished. The ad's `didEnd`
    /// is delivered then.
    ///
    /// - Parameters:
    ///   - presentation: The presentation ``presentVideoAd(_:completion:)`` put up.
    ///   - completion: Call it once, on the main actor, when the surface is gone.
    func dismissVideoAd(_ presentation: LinearAdPresentation, completion: @escaping @MainActor () -> Void)
}

/// One full-screen presentation of a linear ad, handed to a ``VideoAdPresenter``.
@MainActor
public final class LinearAdPresentation {
    /// The ad being presented; `nil` once it is gone.
    public private(set) weak var ad: VideoAd?
    /// The creative's platform view (a `UIView` where UIKit exists), shown by the full-screen controller.
    package var platformView: PlatformView? { ad?.renderer?.platformView }
    /// A TV remote's press the full-screen controller took: the ad's creative decides what it means.
    package func remotePressed(_ press: RemotePress) {
        ad?.renderer?.remotePressed(press)
    }
    private let onExternalDismissal: @MainActor () -> Void

    init(ad: VideoAd, onExternalDismissal: @escaping @MainActor () -> Void) {
        self.ad = ad
        self.onExternalDismissal = onExternalDismissal
    }

    /// Tells the SDK the surface disappeared without the SDK asking (for example the presenting
    /// controller was dismissed): the ad ends with `didEnd(.interrupted)`.
    ///
    /// ```swift
    /// presentation.presenterDidDismiss()   // the app tore the full-screen layer down
    /// ```
    public func presenterDidDismiss() {
        onExternalDismissal()
    }
}
