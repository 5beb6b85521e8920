import Foundation
import KontextVideoVAST

/// When a linear ad's Skip control appears: at the offset the VAST chain resolved, else at a
/// percentage offset measured against the media's own length once the player knows it. An ad
/// with no offset cannot be skipped.
package struct SkipControlRule: Sendable, Hashable {
    /// The offset in seconds the VAST chain resolved (`skipoffset` against the declared duration).
    package var resolvedOffset: TimeInterval?
    /// The offset as written, for a percentage the declared duration could not resolve.
    package var offsetSpec: VASTOffset?

    /// The rule of `ad`.
    package init(_ ad: ResolvedLinearAd) {
        self.init(resolvedOffset: ad.skipOffset, offsetSpec: ad.skipOffsetSpec)
    }

    /// A rule from its two offsets.
    package init(resolvedOffset: TimeInterval?, offsetSpec: VASTOffset?) {
        self.resolvedOffset = resolvedOffset
        self.offsetSpec = offsetSpec
    }

    /// When Skip appears, in seconds of the ad; `nil` when it cannot (yet) be known.
    package func offset(mediaLength: TimeInterval?) -> TimeInterval? {
        if let resolvedOffset { return resolvedOffset }
        let length = mediaLength.flatMap { $0.isFinite ? $0 : nil } ?? 0
        return offsetSpec?.seconds(duration: length)
    }

    /// Whether Skip shows at `position` seconds into the ad.
    package func showsSkip(at position: TimeInterval, mediaLength: TimeInterval?) -> Bool {
        guard position.isFinite, let offset = offset(mediaLength: mediaLength) else { return false }
        return position >= offset
    }
}
