/// The body of `POST /video/events`.
package struct EventBatchBody: Sendable, Hashable, Encodable {
    var publisherToken: String
    var installId: String?
    var sessionId: String?
    var sdk: WireSDK
    var events: [WireEvent]

    /// A batch of events of one session.
    package init(environment: AdServerIdentity, installId: String?, sessionId: String?, events: [WireEvent]) {
        publisherToken = environment.publisherToken
        self.installId = installId
        self.sessionId = sessionId
        sdk = WireSDK(environment)
        self.events = events
    }
}
