import Foundation

/// `<Pricing model="cpm" currency="USD">25.00</Pricing>`, kept as written.
package struct VASTPricing: Sendable, Equatable, Encodable {
    /// The `model` attribute (`cpm`, `cpc`, …).
    package var model: String?
    /// The `currency` attribute (ISO 4217).
    package var currency: String?
    /// The price text, trimmed.
    package var value: String

    /// Creates a price.
    package init(model: String?, currency: String?, value: String) {
        self.model = model
        self.currency = currency
        self.value = value
    }
}
