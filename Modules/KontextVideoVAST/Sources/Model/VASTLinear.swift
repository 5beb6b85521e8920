import Foundation

/// `<Linear>`: the video ad itself (in line) or its extra tracking (wrapper).
package struct VASTLinear: Sendable, Equatable, Encodable {
    /// `<Duration>` as written.
    package var durationText: String?
    /// `<Duration>` in seconds under the `VASTTime` policy; `nil` when missing or refused.
    package var duration: Double?
    /// The `skipoffset` attribute as written.
    package var skipOffsetText: String?
    /// The `skipoffset` attribute parsed; `nil` when absent or refused (not skippable).
    package var skipOffset: VASTOffset?
    /// `<MediaFile>`s in document order.
    package var mediaFiles: [VASTMediaFile] = []
    /// `<Mezzanine>` files (VAST 4).
    package var mezzanines: [VASTMezzanine] = []
    /// `<InteractiveCreativeFile>`s (VAST 4, SIMID / VPAID separation).
    package var interactiveCreativeFiles: [VASTInteractiveCreativeFile] = []
    /// `<ClosedCaptionFile>`s (VAST 4.1).
    package var closedCaptionFiles: [VASTResource] = []
    /// `<TrackingEvents>` in document order.
    package var trackingEvents: [VASTTrackingEvent] = []
    /// `<VideoClicks>`.
    package var videoClicks = VASTVideoClicks()
    /// `<Icons>`.
    package var icons: [VASTIcon] = []
    /// `<AdParameters>` text, verbatim.
    package var adParameters: String?

    /// Creates an empty linear.
    package init() {}
}

/// `<VideoClicks>`.
package struct VASTVideoClicks: Sendable, Equatable, Encodable {
    /// `<ClickThrough>` URL.
    package var clickThrough: String?
    /// `<ClickTracking>` URLs.
    package var clickTracking: [VASTURLEntry] = []
    /// `<CustomClick>` URLs.
    package var customClicks: [VASTURLEntry] = []

    /// Creates empty clicks.
    package init() {}
}

/// `<Mezzanine>`: the high-quality file for server-side stitching.
package struct VASTMezzanine: Sendable, Equatable, Encodable {
    /// The URL.
    package var url: String
    /// `type`, `delivery`, `width`, `height`, `codec`, `id`, `fileSize`, `mediaType` as written.
    package var attributes: [String: String]

    /// Creates a mezzanine entry.
    package init(url: String, attributes: [String: String]) {
        self.url = url
        self.attributes = attributes
    }
}

/// `<InteractiveCreativeFile>`: the interactive layer (SIMID, VPAID) separated from the video.
package struct VASTInteractiveCreativeFile: Sendable, Equatable, Encodable {
    /// The URL (may be a `data:` URI in VAST 4.3).
    package var url: String
    /// The `type` attribute.
    package var type: String?
    /// The `apiFramework` attribute.
    package var apiFramework: String?
    /// The `variableDuration` attribute.
    package var variableDuration: Bool?

    /// Creates an entry.
    package init(url: String, type: String?, apiFramework: String?, variableDuration: Bool?) {
        self.url = url
        self.type = type
        self.apiFramework = apiFramework
        self.variableDuration = variableDuration
    }
}
