import Foundation

extension KontextVideoInspection {
    /// The inspection as JSON, for Kontext's support: keys sorted, dates as ISO 8601 UTC with
    /// milliseconds, numbers always finite. The keys are the properties' names and stay stable
    /// within a ``schemaVersion``.
    ///
    /// ```swift
    /// let url = FileManager.default.temporaryDirectory.appendingPathComponent("kontext-inspection.json")
    /// try KontextVideo.shared.inspector.snapshot().jsonData().write(to: url)
    /// ```
    ///
    /// - Returns: UTF-8 JSON, pretty-printed.
    /// - Throws: `EncodingError` only if a value cannot be encoded, which the inspector never
    ///   builds (it keeps no non-finite number).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(MillisecondDate.text(date))
        }
        return try encoder.encode(self)
    }

    /// Reads an inspection ``jsonData()`` wrote, on this device or another.
    /// - Parameter jsonData: The JSON.
    /// - Throws: `DecodingError` when it is not an inspection's JSON.
    public init(jsonData: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = MillisecondDate.date(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date: \(text)")
            }
            return date
        }
        self = try decoder.decode(Self.self, from: jsonData)
    }
}
