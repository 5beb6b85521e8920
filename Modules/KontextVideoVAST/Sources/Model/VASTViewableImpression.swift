import Foundation

/// `<ViewableImpression>`: URLs for the viewability outcomes.
package struct VASTViewableImpression: Sendable, Equatable, Encodable {
    /// The `id` attribute.
    package var id: String?
    /// `<Viewable>` URLs.
    package var viewable: [String] = []
    /// `<NotViewable>` URLs.
    package var notViewable: [String] = []
    /// `<ViewUndetermined>` URLs.
    package var viewUndetermined: [String] = []

    /// Creates an empty value.
    package init(id: String? = nil) {
        self.id = id
    }
}
