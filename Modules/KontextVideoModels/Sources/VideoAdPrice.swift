/// An ad's price, as CPM.
public struct VideoAdPrice: Sendable, Hashable {
    /// How sure the price is.
    public enum Precision: String, Sendable, Hashable, CaseIterable {
        /// A DSP's clearing price.
        case exact
        /// House demand, a forecast.
        case estimated
    }

    /// CPM.
    public var value: Double
    /// ISO 4217.
    public var currency: String
    /// `.exact` or `.estimated`.
    public var precision: Precision

    /// Creates a price.
    public init(value: Double, currency: String, precision: Precision) {
        self.value = value
        self.currency = currency
        self.precision = precision
    }
}
