/// A `GET` of a tracking pixel (`/pixel/<adId>/<name>` or `/pixel/<name>`), as the sandbox received it.
///
/// The VAST documents the sandbox serves point their impression, error, tracking and
/// click-tracking URLs here, e.g. `/pixel/ad-3/firstQuartile`, `/pixel/ad-3/error?code=[ERRORCODE]`.
public struct PixelHit: Sendable, Equatable {
    /// The ad id (the first path component of a two-component pixel path), when present.
    public var adId: String?
    /// The pixel's name (its last path component), e.g. `impression`, `firstQuartile`,
    /// `wrapper-1-impression`, `error`.
    public var name: String
    /// The full path, e.g. `/pixel/ad-3/error`.
    public var path: String
    /// The query items, decoded (e.g. `["code": "405"]` once the SDK replaced `[ERRORCODE]`).
    public var query: [String: String]
    /// The index of the request in ``SandboxAdServer/requests``.
    public var requestIndex: Int

    /// Creates a hit; the server does this.
    /// - Parameters:
    ///   - adId: The ad id, when the path has one.
    ///   - name: The pixel's name.
    ///   - path: The full path.
    ///   - query: The decoded query items.
    ///   - requestIndex: The index of the request in ``SandboxAdServer/requests``.
    public init(adId: String?, name: String, path: String, query: [String: String], requestIndex: Int) {
        self.adId = adId
        self.name = name
        self.path = path
        self.query = query
        self.requestIndex = requestIndex
    }
}
