/// The `price` object of an ad answer. A `nil` member is omitted from the answer.
public struct SandboxPrice: Sendable, Hashable {
    /// The amount.
    public var value: Double
    /// The currency code (omitted: the SDK defaults to `USD`).
    public var currency: String?
    /// `"exact"` or `"estimated"` (anything else reads as estimated; omitted when `nil`).
    public var precision: String?

    /// A price; by default 2.5 USD, exact.
    /// - Parameters:
    ///   - value: The amount (CPM).
    ///   - currency: The currency code; `nil` omits it.
    ///   - precision: `"exact"` or `"estimated"`; `nil` omits it.
    public init(value: Double = 2.5, currency: String? = "USD", precision: String? = "exact") {
        self.value = value
        self.currency = currency
        self.precision = precision
    }

    /// The wire form.
    var json: JSONValue {
        var object: [String: JSONValue] = ["value": .number(value)]
        if let currency { object["currency"] = .string(currency) }
        if let precision { object["precision"] = .string(precision) }
        return .object(object)
    }
}
