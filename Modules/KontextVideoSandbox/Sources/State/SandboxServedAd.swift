/// An ad the sandbox answered `/video/preload` with, and what it serves for it.
public struct SandboxServedAd: Sendable, Equatable {
    /// The ad id, e.g. `ad-1`.
    public var id: String
    /// The format in the answer.
    public var format: SandboxFormat
    /// The creative.
    public var creative: SandboxCreative
    /// The `duration` sent (also the VAST duration), if any.
    public var duration: Double?
    /// The creative's width in points (the PNG's pixel width), if any.
    public var width: Int?
    /// The creative's height in points (the PNG's pixel height), if any.
    public var height: Int?
    /// The click target sent (`creative.clickUrl`), if any.
    public var clickURL: String?
    /// The verifications its VAST documents carry.
    public var verifications: [SandboxVerification] = []
    /// Whether its VAST documents carry captions and an AdChoices icon (`SandboxAd.captionsAndIcon`).
    public var captionsAndIcon = false
    /// The `ad` object as sent.
    public var json: JSONValue
    /// The index of the `/video/preload` request it answered.
    public var requestIndex: Int

    /// Creates a record; the server does this.
    /// - Parameters:
    ///   - id: The ad id.
    ///   - format: The format in the answer.
    ///   - creative: The creative.
    ///   - duration: The `duration` sent, if any.
    ///   - width: The creative's width, if any.
    ///   - height: The creative's height, if any.
    ///   - clickURL: The click target sent, if any.
    ///   - json: The `ad` object as sent.
    ///   - requestIndex: The index of the `/video/preload` request it answered.
    public init(id: String, format: SandboxFormat, creative: SandboxCreative, duration: Double?, width: Int?, height: Int?, clickURL: String?, json: JSONValue, requestIndex: Int) {
        self.id = id
        self.format = format
        self.creative = creative
        self.duration = duration
        self.width = width
        self.height = height
        self.clickURL = clickURL
        self.json = json
        self.requestIndex = requestIndex
    }
}
