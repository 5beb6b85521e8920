import Foundation

extension KontextVideoInspection {
    /// One ad request and, when the server answered with an ad, that ad's whole life: the
    /// request and its labels, the answer or the no-fill reason, the VAST wrapper chain, the
    /// media file chosen, every event and pixel with its delivery, and how it ended.
    public struct Ad: Sendable, Codable, Equatable, Identifiable {
        /// How far the ad got.
        public enum Stage: String, Sendable, Codable, CaseIterable {
            /// The request left; no answer yet.
            case requested
            /// The server had no ad (``Ad/noFillReason``).
            case noFill
            /// `format(_:)` threw (``Ad/error``): the request failed, or never left.
            case requestFailed
            /// The server answered with an ad.
            case received
            /// `load()` is rendering the creative.
            case loading
            /// The creative is ready to show.
            case loaded
            /// The ad ended before it was shown (``Ad/invalidation``).
            case invalidated
            /// The ad is on screen.
            case onScreen
            /// The ad left the screen (``Ad/endReason``).
            case ended
        }

        /// Stable within an inspection: the request's id, or the ad's when the request was not seen.
        public internal(set) var id: String
        /// How far the ad got.
        public internal(set) var stage: Stage
        /// The format asked for: `overlay`, `pause` or `linear`.
        public internal(set) var format: String
        /// The ad request's id (the `requestId` Kontext's server logs), when known.
        public internal(set) var requestId: String?
        /// What the request asked for and carried, when the inspector saw it leave.
        public internal(set) var request: Request?
        /// The server's ad, when it answered with one.
        public internal(set) var answer: Answer?
        /// Why the server had no ad (`frequencyCap`, `noAdMatch`, …), for a no-fill.
        public internal(set) var noFillReason: String?
        /// The error `format(_:)` threw and why, when the request failed.
        public internal(set) var error: String?
        /// The VAST documents fetched for a linear ad, the tag first, then each wrapper followed.
        public internal(set) var vastChain: [VASTHop]
        /// Why a linear ad's VAST gave nothing to play: the VAST error code and message.
        public internal(set) var vastError: String?
        /// The media file a linear ad plays, and why.
        public internal(set) var mediaFile: MediaFile?
        /// Every event for Kontext's server and every VAST tracking pixel of the ad, in the order
        /// queued, with where its delivery stands; the newest 200 are kept.
        public internal(set) var deliveries: [Delivery]
        /// The ad's moments, oldest first (load, shown, impression, clicks, errors, the end); the
        /// newest 200 are kept.
        public internal(set) var timeline: [Moment]
        /// Why the ad ended before it was shown (`expired`, `rejected`, `destroyed`,
        /// `creativeFailed(code: …)`).
        public internal(set) var invalidation: String?
        /// How the shown ad left the screen (`completed`, `skipped`, `closed`, …).
        public internal(set) var endReason: String?
        /// Whether the creative ran to its end, once the ad ended.
        public internal(set) var completed: Bool?

        init(id: String, format: String, requestId: String?) {
            self.id = id
            stage = .requested
            self.format = format
            self.requestId = requestId
            vastChain = []
            deliveries = []
            timeline = []
        }

        /// The ad's server id, once it was answered.
        public var adId: String? { answer?.adId }
    }

    /// What an ad request asked for and carried.
    public struct Request: Sendable, Codable, Equatable {
        /// When it left.
        public internal(set) var at: Date
        /// The content's id.
        public internal(set) var content: String
        /// The `VideoAds`' labels, as sent (after the SDK's rules dropped what breaks them).
        public internal(set) var labels: [String: String]
        /// The consent signals it carried, by their wire names; empty when none.
        public internal(set) var consentSignals: [String: String]
        /// The content's time in seconds.
        public internal(set) var playhead: Double?
        /// The A/B variant, when one was set.
        public internal(set) var variant: String?
    }

    /// The ad the server answered with.
    public struct Answer: Sendable, Codable, Equatable {
        /// When the SDK received it; `nil` when the inspector started listening after.
        public internal(set) var at: Date?
        /// The server's id of the ad.
        public internal(set) var adId: String
        /// Its price as CPM, value and currency (`1.2 USD`).
        public internal(set) var price: String?
        /// `exact` or `estimated`.
        public internal(set) var pricePrecision: String?
        /// What it renders: `html`, `image` or `vast`.
        public internal(set) var creative: String?
        /// For VAST: `tag` (a URL to fetch) or `inline` (the document in the answer).
        public internal(set) var vast: String?
        /// Overlay: how long it stays; linear: the video's length, in seconds.
        public internal(set) var duration: Double?
    }
}
