import Foundation

/// A JSON value, read and written with `JSONSerialization` (never the SDK's Codable types),
/// so that the sandbox checks the wire protocol independently of the SDK.
///
/// Numbers and booleans stay distinct: `1` is `.number(1)`, `true` is `.bool(true)`.
public enum JSONValue: Sendable, Hashable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Parses `data` (any JSON text, fragments allowed); `nil` when it is not JSON.
    /// - Parameter data: JSON text in UTF-8.
    public init?(data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        self.init(foundation: object)
    }

    /// Converts a `JSONSerialization` object graph; `nil` for values JSON cannot hold.
    /// - Parameter value: What `JSONSerialization.jsonObject(with:options:)` returned.
    public init?(foundation value: Any) {
        switch value {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // JSONSerialization reads `true`/`false` as a boolean NSNumber (objCType "c").
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array {
                guard let converted = JSONValue(foundation: element) else { return nil }
                values.append(converted)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var values: [String: JSONValue] = [:]
            for (key, element) in dictionary {
                guard let converted = JSONValue(foundation: element) else { return nil }
                values[key] = converted
            }
            self = .object(values)
        default:
            return nil
        }
    }

    /// The value as a `JSONSerialization` object graph (integral numbers as `Int`).
    public var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let value):
            if value.rounded() == value, abs(value) < 9.0e15 { Int(value) } else { value }
        case .string(let value): value
        case .array(let values): values.map(\.foundationValue)
        case .object(let values): values.mapValues(\.foundationValue)
        }
    }

    /// The JSON text, keys sorted, slashes not escaped.
    public var data: Data {
        (try? JSONSerialization.data(
            withJSONObject: foundationValue,
            options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        )) ?? Data("null".utf8)
    }

    /// The JSON text as a string.
    public var description: String {
        String(decoding: data, as: UTF8.self)
    }

    /// The member `key` of an object; `nil` for a missing key or a non-object.
    ///
    /// ```swift
    /// let format = request.json?["format"]?.stringValue   // "overlay"
    /// ```
    ///
    /// - Parameter key: The member's name.
    /// - Returns: The member's value, or `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let values) = self { return values[key] }
        return nil
    }

    /// The element at `index` of an array; `nil` out of range or for a non-array.
    /// - Parameter index: The element's position, from 0.
    /// - Returns: The element, or `nil`.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let values) = self, values.indices.contains(index) { return values[index] }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number, if this is one.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number, if this is an integral one.
    public var intValue: Int? {
        if case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 { return Int(value) }
        return nil
    }

    /// The boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { return values }
        return nil
    }

    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let values) = self { return values }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        self == .null
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    /// A string literal.
    /// - Parameter value: The string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    /// - Parameter value: The number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A floating-point literal.
    /// - Parameter value: The number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A boolean literal.
    /// - Parameter value: The boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array literal.
    /// - Parameter elements: The elements.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal (the last value wins on repeated keys).
    /// - Parameter elements: The members.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    /// `nil` reads as `null`.
    /// - Parameter nilLiteral: Nothing.
    public init(nilLiteral: ()) { self = .null }
}
