import Foundation

/// `<UniversalAdId idRegistry="Ad-ID">8465</UniversalAdId>`.
package struct VASTUniversalAdId: Sendable, Equatable, Encodable {
    /// The `idRegistry` attribute.
    package var idRegistry: String?
    /// The id, trimmed.
    package var value: String

    /// Creates an id.
    package init(idRegistry: String?, value: String) {
        self.idRegistry = idRegistry
        self.value = value
    }
}
