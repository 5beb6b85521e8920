import Foundation
import KontextVideoJournal

/// The body of `POST /video/events`: the batch's members, with each event's bytes spliced in as
/// the queue holds them (`EncodedEvent`), never encoded again.
package struct EventBatchBody: Sendable, Hashable {
    var publisherToken: String
    var installId: String?
    var sessionId: String?
    var sdk: WireSDK
    var events: [EncodedEvent]

    /// A batch of events of one session.
    package init(environment: AdServerIdentity, installId: String?, sessionId: String?, events: [EncodedEvent]) {
        publisherToken = environment.publisherToken
        self.installId = installId
        self.sessionId = sessionId
        sdk = WireSDK(environment)
        self.events = events
    }

    /// The body's bytes: one JSON object, its keys sorted like every body of the SDK
    /// (`JSONEncoder.kontext`), an absent member left out.
    /// - Throws: `EncodingError` when the `sdk` member does not encode (it always does).
    /// - Returns: The body.
    package func json() throws -> Data {
        var storage: [UInt8] = []
        var writer = JSONLineWriter(reusing: &storage)
        writer.raw(#"{"events":["#)
        for (index, event) in events.enumerated() {
            if index > 0 { writer.raw(0x2C) }
            writer.raw(bytes: event.json)
        }
        writer.raw(0x5D)
        if let installId { writer.member(#","installId":"#, string: installId) }
        writer.member(#","publisherToken":"#, string: publisherToken)
        writer.raw(#","sdk":"#)
        writer.raw(bytes: Array(try JSONEncoder.kontext.encode(sdk)))
        if let sessionId { writer.member(#","sessionId":"#, string: sessionId) }
        writer.raw(0x7D)
        return Data(writer.takeBytes())
    }
}
