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
    /// `.exact` (a DSP's clearing price) or `.estimated` (house demand, a forecast).
    public var precision: Precision

    /// Creates a price.
    /// - Parameters:
    ///   - value: CPM.
    ///   - currency: ISO 4217, for example `"USD"`.
    ///   - precision: `.exact` (a DSP's clearing price) or `.estimated` (house demand, a forecast).
    public init(value: Double, currency: String, precision: Precision) {
        self.value = value
        self.currency = currency
        self.precision = precision
    }
}
