/// One event out of a `/video/events` batch, as the sandbox received it.
public struct RecordedEvent: Sendable, Equatable {
    /// `eventId` (empty when missing).
    public var eventId: String
    /// `type`, e.g. `impression` (empty when missing).
    public var type: String
    /// `adId`, when present.
    public var adId: String?
    /// `format`, when present.
    public var format: String?
    /// `timestamp` as sent, when present.
    public var timestamp: String?
    /// `playhead` in seconds, when present.
    public var playhead: Double?
    /// `data` (an empty object when missing).
    public var data: JSONValue
    /// The whole event object as sent.
    public var json: JSONValue
    /// The index of the `/video/events` request that carried it (see ``SandboxAdServer/requests``).
    public var requestIndex: Int

    /// Reads an event object; the server does this.
    /// - Parameters:
    ///   - json: One element of the batch's `events` array.
    ///   - requestIndex: The index of the `/video/events` request that carried it.
    public init(json: JSONValue, requestIndex: Int) {
        self.json = json
        self.requestIndex = requestIndex
        eventId = json["eventId"]?.stringValue ?? ""
        type = json["type"]?.stringValue ?? ""
        adId = json["adId"]?.stringValue
        format = json["format"]?.stringValue
        timestamp = json["timestamp"]?.stringValue
        playhead = json["playhead"]?.doubleValue
        data = json["data"] ?? .object([:])
    }
}
