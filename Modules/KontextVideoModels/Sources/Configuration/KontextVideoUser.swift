/// What the app knows about the viewer: published as `KontextVideo.User`.
///
/// ```swift
/// KontextVideo.shared.user = KontextVideo.User(id: "viewer-42",
///                                               keywords: ["romance", "k-drama"])
/// ```
public struct KontextVideoUser: Sendable, Hashable {
    /// The app's own unique identifier of the viewer.
    public var id: String?
    /// Plain email address, when consent allows it. The server hashes it on arrival and never
    /// stores the plain address.
    public var email: String?
    /// SHA-256 of the normalized address (trimmed, lowercased, UTF-8), 64 lowercase hex characters.
    public var emailHash: String?
    /// The viewer's interests, in the app's own words.
    public var keywords: [String]?

    /// Creates a user; every field is optional, so `User()` and `User(id:)` work.
    /// - Parameters:
    ///   - id: Your own unique identifier of the viewer.
    ///   - email: Plain email address, when consent allows it.
    ///   - emailHash: SHA-256 of the normalized address, 64 lowercase hex characters: see
    ///     ``hashEmail(_:)``. A value of another shape is left out of requests, with a warning.
    ///   - keywords: The viewer's interests, in your own words.
    public init(id: String? = nil, email: String? = nil, emailHash: String? = nil, keywords: [String]? = nil) {
        self.id = id
        self.email = email
        self.emailHash = emailHash
        self.keywords = keywords
    }
}
