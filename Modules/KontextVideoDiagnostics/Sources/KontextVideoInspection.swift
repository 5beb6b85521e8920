import Foundation

/// What the ad inspector learned from the SDK's event stream: the session (initialization,
/// the consent signals sent, the event queue) and every ad asked for, from its request to its
/// end, with each tracking event and pixel and where its delivery stands.
///
/// A value: ``KontextVideoInspector/snapshot()`` returns it as it is now. ``jsonData()`` exports
/// it for Kontext's support (stable keys, see ``schemaVersion``) and ``text`` reads it as plain
/// text, as `kontext-video-demo --inspect` prints it.
///
/// ```swift
/// let inspection = KontextVideo.shared.inspector.snapshot()
/// for ad in inspection.ads where ad.stage == .noFill {
///     print(ad.format, ad.noFillReason ?? "")
/// }
/// ```
public struct KontextVideoInspection: Sendable, Codable, Equatable {
    /// The version of the JSON's shape: raised when a key is removed or changes meaning
    /// (keys are only added within a version).
    public static let currentSchemaVersion = 1

    /// The version of the JSON's shape this value was made with (``currentSchemaVersion``).
    public internal(set) var schemaVersion: Int
    /// The SDK's state as a whole.
    public internal(set) var session: Session
    /// Every ad request the inspector saw, oldest first: the newest 100 are kept.
    public internal(set) var ads: [Ad]
    /// Events and pixels the inspector could tie to no ad it saw: queued before it started or by
    /// an earlier launch, or for an ad dropped from ``ads``. The newest 200 are kept.
    public internal(set) var unattributedDeliveries: [Delivery]
    /// How many of the oldest ads were left out to keep ``ads`` at 100.
    public internal(set) var adsLeftOut: Int

    /// An inspection that has seen nothing, begun at `startedAt`.
    init(startedAt: Date?) {
        schemaVersion = Self.currentSchemaVersion
        session = Session(inspectingSince: startedAt)
        ads = []
        unattributedDeliveries = []
        adsLeftOut = 0
    }

    /// One moment of an ad or of the session: when, what, and its details.
    public struct Moment: Sendable, Codable, Equatable {
        /// When the inspector heard it.
        public internal(set) var at: Date
        /// What happened: the SDK event's name (`load`, `shown`, `didEnd`, `POST /init`, …).
        public internal(set) var name: String
        /// Its details as `key=value` text, empty when it has none.
        public internal(set) var detail: String
    }
}
