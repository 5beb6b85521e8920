import Foundation

/// A VMAP 1.0 document (IAB Video Multiple Ad Playlist): the ad breaks a publisher's ad server
/// places on one piece of content, each with where it plays and where its ads come from.
package struct VMAPDocument: Sendable, Equatable {
    /// The root's `version` attribute (`"1.0"`).
    package var version: String
    /// The breaks the reader accepted, in document order (the planner orders them by time).
    package var adBreaks: [VMAPAdBreak]
    /// The breaks it left out, each with why (an unreadable `timeOffset`, a missing `breakType`):
    /// a player plays the rest of the document, as the specification asks.
    package var ignoredBreaks: [VMAPIgnoredBreak]

    /// Creates a document.
    /// - Parameters:
    ///   - version: The root's `version`.
    ///   - adBreaks: The accepted breaks.
    ///   - ignoredBreaks: The breaks left out.
    package init(version: String, adBreaks: [VMAPAdBreak] = [], ignoredBreaks: [VMAPIgnoredBreak] = []) {
        self.version = version
        self.adBreaks = adBreaks
        self.ignoredBreaks = ignoredBreaks
    }
}

/// One `<vmap:AdBreak>`.
package struct VMAPAdBreak: Sendable, Equatable {
    /// Where in the content the break plays.
    package var timeOffset: VMAPTimeOffset
    /// The `breakType` values (`linear`, `nonlinear`, `display`), lower-cased, in order.
    package var breakTypes: [String]
    /// The `breakId` attribute, if any.
    package var breakId: String?
    /// `repeatAfter`: the break plays again this many seconds after each play (VMAP 1.0.1), if any.
    package var repeatAfter: Double?
    /// Where the break's ads come from; `nil` when the break has no `<vmap:AdSource>` (it carries
    /// only tracking, and plays nothing).
    package var adSource: VMAPAdSource?
    /// The break's `<vmap:Tracking>` URLs (`breakStart`, `breakEnd`, `error`), trimmed, in order.
    package var trackingEvents: [VMAPTracking]

    /// Whether the break asks for linear ads (a `breakType` list naming `linear`).
    package var isLinear: Bool { breakTypes.contains("linear") }

    /// Creates a break.
    /// - Parameters:
    ///   - timeOffset: Where the break plays.
    ///   - breakTypes: Its `breakType` values, lower-cased.
    ///   - breakId: Its `breakId`.
    ///   - repeatAfter: Its `repeatAfter`, in seconds.
    ///   - adSource: Where its ads come from.
    ///   - trackingEvents: Its tracking URLs.
    package init(
        timeOffset: VMAPTimeOffset, breakTypes: [String] = ["linear"], breakId: String? = nil, repeatAfter: Double? = nil,
        adSource: VMAPAdSource? = nil, trackingEvents: [VMAPTracking] = []
    ) {
        self.timeOffset = timeOffset
        self.breakTypes = breakTypes
        self.breakId = breakId
        self.repeatAfter = repeatAfter
        self.adSource = adSource
        self.trackingEvents = trackingEvents
    }
}

/// A break's `timeOffset`.
package enum VMAPTimeOffset: Sendable, Equatable {
    /// `start`: before the content (a pre-roll).
    case start
    /// `end`: after the content (a post-roll).
    case end
    /// `HH:MM:SS(.mmm)`: seconds into the content.
    case seconds(Double)
    /// `n%`: a percentage (0–100) of the content's duration, known once the content is loaded.
    case percent(Double)
    /// `#n`: at the n-th (from 1) opportunity the content itself marks (a chapter or a cue of the
    /// stream). The document cannot say when that is; the app maps it, or it is not planned.
    case position(Int)
}

/// A `<vmap:AdSource>`: where a break's ads come from.
package struct VMAPAdSource: Sendable, Equatable {
    /// The `id` attribute, if any.
    package var id: String?
    /// `allowMultipleAds`: whether the source may answer with a pod; `nil` when absent.
    package var allowMultipleAds: Bool?
    /// `followRedirects`: whether wrappers in the answer may be followed; `nil` when absent.
    package var followRedirects: Bool?
    /// The ads.
    package var content: Content

    /// What an ad source holds.
    package enum Content: Sendable, Equatable {
        /// `<vmap:AdTagURI>`: a URL to request (trimmed, possibly scheme-relative, macros verbatim)
        /// and its `templateType` (`vast3`), if given.
        case adTagURI(String, templateType: String?)
        /// `<vmap:VASTAdData>` (also spelled `VASTData`): an inline VAST document, read by the VAST
        /// reader with its rules, or the VMAP error 1006 it gave.
        case vastAdData(Result<VASTDocument, VMAPError>)
        /// `<vmap:CustomAdData templateType="…">`: a format the SDK does not read.
        case customAdData(templateType: String?)
    }

    /// Creates an ad source.
    /// - Parameters:
    ///   - id: The `id` attribute.
    ///   - allowMultipleAds: `allowMultipleAds`.
    ///   - followRedirects: `followRedirects`.
    ///   - content: The ads.
    package init(id: String? = nil, allowMultipleAds: Bool? = nil, followRedirects: Bool? = nil, content: Content) {
        self.id = id
        self.allowMultipleAds = allowMultipleAds
        self.followRedirects = followRedirects
        self.content = content
    }
}

/// One `<vmap:Tracking event="…">` of a break.
package struct VMAPTracking: Sendable, Equatable {
    /// The event (`breakStart`, `breakEnd`, `error`), as written.
    package var event: String
    /// The URL, trimmed, macros verbatim.
    package var url: String

    /// Creates a tracking entry.
    /// - Parameters:
    ///   - event: The event name.
    ///   - url: The URL.
    package init(event: String, url: String) {
        self.event = event
        self.url = url
    }
}

/// A break the reader left out, and why.
package struct VMAPIgnoredBreak: Sendable, Equatable {
    /// Its position among the document's `<vmap:AdBreak>` elements, from 0.
    package var index: Int
    /// Its `breakId`, if any.
    package var breakId: String?
    /// Why it was left out (code 1000).
    package var error: VMAPError

    /// Creates an entry.
    /// - Parameters:
    ///   - index: The break's position, from 0.
    ///   - breakId: Its `breakId`.
    ///   - error: Why it was left out.
    package init(index: Int, breakId: String?, error: VMAPError) {
        self.index = index
        self.breakId = breakId
        self.error = error
    }
}
