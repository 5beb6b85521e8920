import Foundation

extension KontextVideoInspection {
    /// One event for Kontext's server or one VAST tracking pixel, from the durable queue to its
    /// delivery.
    public struct Delivery: Sendable, Codable, Equatable, Identifiable {
        /// What is delivered.
        public enum Kind: String, Sendable, Codable, CaseIterable {
            /// An event for Kontext's server (`POST /video/events`).
            case event
            /// A VAST tracking pixel (a plain `GET`).
            case pixel
        }

        /// Where the delivery stands.
        public enum State: String, Sendable, Codable, CaseIterable {
            /// Written to the queue; not tried yet, or being tried.
            case queued
            /// A delivery pass failed while it waited (no network, the server busy or refusing
            /// it): it is tried again after the back-off (``Delivery/retries``).
            case retrying
            /// The server (or the pixel's host) took it.
            case sent
            /// It will not be sent: refused for good, or a pixel that may have reached its
            /// tracker already (``Delivery/detail``).
            case givenUp
            /// It left the queue unsent: the queue was full, or the URL can never be fetched.
            case dropped
        }

        /// The queue entry's id (an event's `eventId`).
        public internal(set) var id: String
        /// An event or a pixel.
        public internal(set) var kind: Kind
        /// The event's type (`impression`, `click`, `ended`, …) or the VAST event a pixel tracks
        /// (`impression`, `start`, `firstQuartile`, `error`, …; `pixel` when it is not known).
        public internal(set) var name: String
        /// A pixel's URL.
        public internal(set) var url: String?
        /// Where the delivery stands.
        public internal(set) var state: State
        /// How many failed delivery passes it waited through.
        public internal(set) var retries: Int
        /// The HTTP status a pixel's host answered.
        public internal(set) var httpStatus: Int?
        /// Why it was given up or dropped, or when it is tried next.
        public internal(set) var detail: String?
        /// When it was queued, when the inspector saw it queued.
        public internal(set) var queuedAt: Date?
        /// When it was sent, given up or dropped.
        public internal(set) var settledAt: Date?
    }

    /// One VAST document fetched for a linear ad: the tag (depth 0) or a wrapper's target.
    public struct VASTHop: Sendable, Codable, Equatable {
        /// 0 for the tag, then 1 for the outermost wrapper's target, and so on.
        public internal(set) var depth: Int
        /// The URL fetched.
        public internal(set) var url: String
        /// What came of it: `fetched 1234 bytes`, or `error 301` (the VAST error code).
        public internal(set) var outcome: String
        /// The VAST error code, when the hop failed.
        public internal(set) var errorCode: Int?
        /// How long the fetch took, in seconds, when it got as far as fetching.
        public internal(set) var seconds: Double?
        /// When it finished.
        public internal(set) var at: Date
    }

    /// The media file a linear ad plays, and why the SDK chose it.
    public struct MediaFile: Sendable, Codable, Equatable {
        /// Its URL.
        public internal(set) var url: String
        /// Its MIME type.
        public internal(set) var type: String?
        /// `progressive` or `streaming`, as the VAST says.
        public internal(set) var delivery: String?
        /// Its size in pixels, `1280x720`.
        public internal(set) var size: String?
        /// Its bitrate in kbps.
        public internal(set) var bitrate: Int?
        /// Why this file: the steps of the SDK's choice that mattered.
        public internal(set) var reason: String?
        /// When it was chosen.
        public internal(set) var at: Date
    }
}
