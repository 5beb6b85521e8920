import KontextVideoModels

/// The `user` object of an ad request.
package struct WireUser: Sendable, Hashable, Encodable {
    var id: String?
    var email: String?
    var emailHash: String?
    var keywords: [String]?

    /// The wire form of the user, or `nil` when it says nothing.
    package init?(_ user: KontextVideoUser?) {
        guard let user else { return nil }
        id = user.id
        email = user.email
        emailHash = user.emailHash
        keywords = user.keywords
        if id == nil, email == nil, emailHash == nil, keywords == nil { return nil }
    }
}
