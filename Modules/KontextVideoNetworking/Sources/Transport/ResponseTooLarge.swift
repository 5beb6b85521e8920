/// Thrown by a transport when an answer's body is larger than it accepts.
package struct ResponseTooLarge: Error, Sendable, Hashable {
    /// The limit, in bytes.
    package var limit: Int

    /// Creates the error.
    package init(limit: Int) {
        self.limit = limit
    }
}
