import Foundation

extension JSONEncoder {
    /// How the SDK writes JSON, on the wire and in its queue file: slashes unescaped (URLs stay
    /// readable in logs and on the server) and keys sorted (the same value is always the same bytes).
    package static let kontext: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
