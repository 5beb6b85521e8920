import KontextVideoModels

extension KontextVideoUser {
    /// The value for `emailHash`: SHA-256 of `email` trimmed, lowercased and UTF-8
    /// encoded, as 64 lowercase hex characters; `nil` when the address is empty after
    /// trimming, so it can go straight into `User(emailHash:)`.
    ///
    /// ```swift
    /// let hash = KontextVideo.User.hashEmail(" Jane@Example.com ")
    /// let user = KontextVideo.User(id: "u-42", emailHash: hash)
    /// ```
    ///
    /// - Parameter email: The plain address, as the viewer typed it.
    /// - Returns: The hash, or `nil` for an empty address.
    public static func hashEmail(_ email: String) -> String? {
        EmailHash.hash(email)
    }
}
