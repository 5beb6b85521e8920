/// An event as the server receives it: the bytes of its JSON object, written once when the event
/// is queued (by `JSONLineWriter`, the SDK's one writer of an event's JSON), stored as they are in
/// the journal and the snapshot, and spliced as they are into the body of `POST /video/events`.
/// What is stored is what is sent: no second encoder can make the two differ.
package struct EncodedEvent: Sendable, Hashable, Decodable {
    /// The JSON object, as UTF-8.
    package let json: [UInt8]

    /// An event already written (`WireEvent.encoded`, in Networking).
    /// - Parameter json: The event's JSON object, as UTF-8.
    package init(json: [UInt8]) {
        self.json = json
    }

    /// Reads the event of a queue entry. The object is read as a value and written again by
    /// `JSONLineWriter.value(_:)`, which writes what `WireEvent` writes (keys sorted, numbers and
    /// escapes alike), so an event queued by this version reads back as the same bytes, and one
    /// queued by an earlier version (its members in another order, or written by `JSONEncoder`
    /// into the snapshot) reads back as the bytes this version would have written.
    /// - Parameter decoder: The decoder at the entry's `event` member.
    /// - Throws: `DecodingError` when the member is not a JSON object.
    package init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard case .object = value else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "an event is an object"))
        }
        var storage: [UInt8] = []
        var writer = JSONLineWriter(reusing: &storage)
        writer.value(value)
        json = writer.takeBytes()
    }
}
