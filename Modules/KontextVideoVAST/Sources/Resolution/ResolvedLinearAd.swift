import Foundation

/// A linear ad ready to play: the in-line ad merged with every wrapper walked to reach it,
/// its media file chosen for the device. This is what the SDK plays and tracks, and what
/// `kontext-vast inspect` prints.
///
/// Merge order (`VASTChainMerger`): for impressions, tracking events, click tracking, error
/// URLs, viewable-impression URLs, verifications, companions and icons, the in-line ad's
/// entries come first, then the innermost wrapper's, up to the outermost's (prebid-mobile-ios
/// `PBMVastLoaderTestWrapperPlusInline`).
package struct ResolvedLinearAd: Sendable, Equatable, Encodable {
    /// The in-line `<Ad id>`.
    package var id: String?
    /// The ad's place in a pod: its own `sequence`, or the wrapper's when a wrapper returned exactly this one ad.
    package var sequence: Int?
    /// `<AdSystem>` of the in-line ad.
    package var adSystem: String?
    /// `<AdTitle>`.
    package var adTitle: String?
    /// `<AdServingId>`.
    package var adServingId: String?
    /// The linear creative's `id`.
    package var creativeId: String?
    /// The linear creative's `adId`.
    package var creativeAdId: String?
    /// `<UniversalAdId>`s of the linear creative.
    package var universalAdIds: [VASTUniversalAdId]
    /// Declared duration in seconds; 0 when missing or unreadable (the player's duration then rules).
    package var duration: Double
    /// The `skipoffset` as written in the document.
    package var skipOffsetSpec: VASTOffset?
    /// The skip offset in seconds (a percentage resolved against `duration`); `nil` when not skippable.
    package var skipOffset: Double?
    /// The media file chosen for the device.
    package var mediaFile: VASTMediaFile
    /// Every media file of the linear, in document order.
    package var mediaFiles: [VASTMediaFile]
    /// `<Mezzanine>` files.
    package var mezzanines: [VASTMezzanine]
    /// `<InteractiveCreativeFile>`s.
    package var interactiveCreativeFiles: [VASTInteractiveCreativeFile]
    /// `<AdParameters>` of the linear.
    package var adParameters: String?
    /// Tracking URLs by event name (every event but `progress`), merged in chain order.
    package var tracking: [String: [String]]
    /// `progress` tracking events with their offsets, merged in chain order.
    package var progressEvents: [VASTTrackingEvent]
    /// `<Impression>` URLs, merged.
    package var impressionURLs: [String]
    /// `<ViewableImpression>` URLs, merged.
    package var viewableImpression: VASTViewableImpression
    /// `<Error>` URLs of the in-line ad, then of each wrapper (innermost first).
    package var errorURLs: [String]
    /// `<ClickThrough>` of the in-line linear.
    package var clickThrough: String?
    /// `<ClickTracking>` URLs, merged.
    package var clickTrackingURLs: [String]
    /// `<CustomClick>` URLs, merged.
    package var customClickURLs: [String]
    /// The VAST 4.1 end-card companion (`renderingMode="end-card"`), if any.
    package var endCard: VASTCompanion?
    /// Every companion, in-line first.
    package var companions: [VASTCompanion]
    /// `<CompanionAds required>` of the in-line ad.
    package var companionsRequired: String?
    /// Icons (AdChoices), in-line first.
    package var icons: [VASTIcon]
    /// Every verification of the chain, in-line first, then each wrapper's, innermost first: VAST
    /// 4.1 section 2.4.2 asks for "all verification resources listed in the VAST … including those
    /// from any intermediary <Wrapper> VASTs". One declared twice the same way (by two layers, or
    /// in `<AdVerifications>` and again in an extension) is kept once, where it first appears.
    package var verifications: [VASTVerification]
    /// The wrappers walked, outermost first.
    package var wrapperChain: [VASTWrapperHop]
    /// `<Pricing>` of the in-line ad (else the nearest wrapper's).
    package var pricing: VASTPricing?
    /// `<Expires>` in seconds.
    package var expires: Int?
    /// The in-line ad's `<Extensions>`, raw.
    package var extensions: [VASTExtension]
    /// `<ClosedCaptionFile>`s of the in-line linear (VAST 4.1), in document order;
    /// `CaptionTrackSelector` picks the one shown.
    package var closedCaptionFiles: [VASTResource] = []

    /// The URLs of one tracking event (empty when none).
    package func trackingURLs(_ event: String) -> [String] {
        tracking[event] ?? []
    }
}
