import Foundation

extension KontextVideoInspection {
    /// The SDK's state as a whole: where initialization stands, the consent signals the last ad
    /// request carried, how many events and pixels wait for delivery, and the moments of the
    /// session that belong to no ad (`/init` and its retries, warnings, event queue problems).
    public struct Session: Sendable, Codable, Equatable {
        /// Where initialization stands.
        public enum Initialization: String, Sendable, Codable, CaseIterable {
            /// `initialize(with:)` was not called while the inspector listened.
            case notInitialized
            /// `initialize(with:)` was called; the server has not answered yet.
            case initializing
            /// The server enabled the SDK.
            case enabled
            /// The server switched the SDK off for this launch (``Session/disabledReason``).
            case disabled
            /// The server could not be reached; every ad request retries first.
            case failed
        }

        /// When the inspector started listening.
        public internal(set) var inspectingSince: Date?
        /// The SDK's version, from `initialize(with:)`.
        public internal(set) var sdkVersion: String?
        /// The ad server the SDK talks to.
        public internal(set) var server: String?
        /// Where initialization stands.
        public internal(set) var initialization: Initialization
        /// Why the server switched the SDK off, when it said.
        public internal(set) var disabledReason: String?
        /// When `initialize(with:)` was called.
        public internal(set) var initializeCalledAt: Date?
        /// When initialization last finished (enabled, disabled or failed).
        public internal(set) var initializedAt: Date?
        /// The consent signals the last ad request carried, by their wire names (`gdpr`,
        /// `gdprConsent`, `coppa`, `gpp`, `gppSid`, `usPrivacy`); empty when it carried none.
        public internal(set) var consentSignals: [String: String]
        /// When the last ad request carried ``consentSignals``; `nil` before the first request.
        public internal(set) var consentSentAt: Date?
        /// How many events and pixels wait in the durable queue, as the SDK last said (after a
        /// queued entry, a delivery, or a failed delivery pass); `nil` until it said.
        public internal(set) var eventQueueDepth: Int?
        /// The session's moments that belong to no ad, oldest first; the newest 200 are kept.
        public internal(set) var timeline: [Moment]

        init(inspectingSince: Date?) {
            self.inspectingSince = inspectingSince
            initialization = .notInitialized
            consentSignals = [:]
            timeline = []
        }
    }
}
