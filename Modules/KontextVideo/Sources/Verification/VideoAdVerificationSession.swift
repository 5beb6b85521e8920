import KontextVideoCreatives

/// One shown ad's measurement session, as a ``VideoAdVerificationProvider`` sees it: what to
/// measure (``verifications``), where (`adView`), what to leave out of the measurement
/// (``friendlyObstructions``), and the verifications it will not run
/// (``reportNotExecuted(_:reason:)``).
///
/// The SDK makes one per ad, when the ad goes on screen, and hands the same instance with every
/// event of the ad. An Open Measurement adapter keeps its `OMIDAdSession` per session, keyed by
/// ``adId`` or by the instance.
///
/// ```swift
/// let omid = session.verifications.flatMap { $0.resources(apiFramework: "omid") }
/// if omid.isEmpty, session.format == .linear { /* nothing to measure */ }
/// ```
@MainActor
public final class VideoAdVerificationSession {
    /// The ad's id (``VideoAd/id``).
    public let adId: String
    /// The ad's format: a `.linear` ad is a video (`OMIDCreativeType.video`), an overlay or pause
    /// ad a display ad (HTML or an image).
    public let format: AdFormat
    /// The verifications the ad carries: every `<Verification>` of its VAST chain, in-line first.
    /// Empty for an overlay or pause ad (an HTML creative may still carry Open Measurement tags
    /// of its own, which run in its web view).
    public var verifications: [VideoAdVerification] { core.verifications }
    /// Whether ``reportNotExecuted(_:reason:)`` still counts: until the video starts (a display
    /// ad has no verification to report).
    public private(set) var isFinished = false

    /// The SDK's side of the session.
    package let core: AdVerificationSession
    /// The creative's platform view, held weakly: the renderer owns it.
    private weak var creativeView: PlatformView?
    /// The controls the renderer draws over the creative.
    private let controls: @MainActor () -> [CreativeControlObstruction]

    /// Creates the public face of `core`.
    package init(
        adId: String,
        format: AdFormat,
        creativeView: PlatformView?,
        controls: @escaping @MainActor () -> [CreativeControlObstruction],
        core: AdVerificationSession
    ) {
        self.adId = adId
        self.format = format
        self.creativeView = creativeView
        self.controls = controls
        self.core = core
    }

    /// The view the creative is drawn in: the view to measure (`OMIDAdSession.mainAdView`). A
    /// `UIView` on iOS and tvOS; `nil` where nothing is drawn (headless hosts, tests), and once
    /// the ad's renderer let go of it.
    public var adView: View? { creativeView }

    /// The views the SDK draws over the creative now, with why: a linear ad's Skip, countdown and
    /// Resume (`.mediaControls`), the ✕ and a full-screen pause ad's Resume (`.closeAd`), the "Ad"
    /// badge (`.other`); empty where nothing is drawn (headless hosts, tests). Register each with
    /// `OMIDAdSession.addFriendlyObstruction(_:purpose:detailedReason:)` at `.sessionStart`, and
    /// again at `.friendlyObstructionsChanged`.
    public var friendlyObstructions: [VideoAdFriendlyObstruction] {
        controls().map { control in
            VideoAdFriendlyObstruction(view: control.view, purpose: control.purpose, detailedReason: control.detailedReason)
        }
    }

    /// The provider will not run `verification`: the SDK sends its `verificationNotExecuted`
    /// tracking with `reason` as `[REASON]` when the video starts. A verification not reported
    /// counts as run.
    ///
    /// Report at `.sessionStart`, or at the latest before `.impression` of a video: VAST asks for
    /// verification code to run before playback begins, and the SDK sends the pixels then.
    ///
    /// - Parameters:
    ///   - verification: One of ``verifications``.
    ///   - reason: `.rejected` (a vendor you do not allow), `.notSupported` (no resource you can
    ///     run) or `.loadFailed` (its resource failed to load).
    /// - Returns: `false` when the report came too late (the video had started), or for a
    ///   verification this ad does not have; nothing is sent for it then.
    @discardableResult
    public func reportNotExecuted(_ verification: VideoAdVerification, reason: VideoAdVerification.NotExecutedReason) -> Bool {
        guard verifications.indices.contains(verification.id), verifications[verification.id] == verification else {
            return core.reportNotExecuted(-1, reason: reason)
        }
        return core.reportNotExecuted(verification.id, reason: reason)
    }

    /// Delivers one moment to the core; called by the ad.
    package func receive(_ moment: VerificationMoment) {
        core.receive(moment)
        isFinished = core.isFinished
    }

    /// Delivers one creative event to the core; called by the ad.
    package func handle(_ event: CreativeEvent) {
        core.handle(event)
        isFinished = core.isFinished
    }
}

/// A view the SDK draws over an ad (Skip, ✕, the "Ad" badge), which an Open Measurement session
/// must register as a friendly obstruction so the vendors do not count it as hiding the ad.
///
/// ```swift
/// for obstruction in session.friendlyObstructions {
///     // `omidPurpose` maps `.mediaControls` to `OMIDFriendlyObstructionType.mediaControls`, …
///     try? omidSession.addFriendlyObstruction(obstruction.view,
///                                             purpose: omidPurpose(obstruction.purpose),
///                                             detailedReason: obstruction.detailedReason)
/// }
/// ```
@MainActor
public struct VideoAdFriendlyObstruction {
    /// Why a view covers the ad (`OMIDFriendlyObstructionType`).
    public typealias Purpose = VideoAdFriendlyObstructionPurpose

    /// The control's view: a `UIView` on iOS and tvOS.
    public let view: VideoAdVerificationSession.View
    /// Why it covers the ad.
    public let purpose: Purpose
    /// A short reason for the vendors, within the OM SDK's limit (50 letters, digits or spaces),
    /// or `nil`.
    public let detailedReason: String?

    /// Creates an obstruction (the SDK does, for its own controls).
    /// - Parameters:
    ///   - view: The control's view.
    ///   - purpose: Why it covers the ad.
    ///   - detailedReason: A short reason for the vendors, or `nil`.
    public init(view: VideoAdVerificationSession.View, purpose: Purpose, detailedReason: String?) {
        self.view = view
        self.purpose = purpose
        self.detailedReason = detailedReason
    }
}

// `View` is public, so it cannot name Creatives' package `PlatformView`: it spells the same type
// under the same condition (UIKit's half is in `Platform/UIKit/VideoAdVerificationSession+Apple.swift`),
// and `adView` and `friendlyObstructions` compile only while the two agree.
#if !canImport(UIKit)
extension VideoAdVerificationSession {
    /// The platform's view type: where there is no UIKit (macOS, Linux) the SDK draws nothing a
    /// measurement could use, and a view is any object (`nil` in practice).
    public typealias View = AnyObject
}
#endif
