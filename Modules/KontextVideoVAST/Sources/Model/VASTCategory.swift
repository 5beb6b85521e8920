import Foundation

/// A `<Category authority="…">` (or blocked category) value.
package struct VASTCategory: Sendable, Equatable, Encodable {
    /// The `authority` attribute.
    package var authority: String?
    /// The category code, trimmed.
    package var value: String

    /// Creates a category.
    package init(authority: String?, value: String) {
        self.authority = authority
        self.value = value
    }
}
