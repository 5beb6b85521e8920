import Foundation
import KontextVideoVAST
import KontextVideoModels
import KontextVideoJournal
import KontextVideoNetworking

/// Reads one message body of the creative bridge — the UTF-8 JSON text the bridge script posts
/// to the `kontextBridge` handler, `{"type": "…-iframe", "data": {…}, "tap": n}` — into a
/// `CreativeMessage`, or says why it is dropped. Pure, so every rule is table-tested; it never
/// traps on any input.
///
/// - Longer than `maximumBytes`: dropped as oversized, unread.
/// - Not a JSON object, nested deeper than `maximumDepth`, no string `type`, a `data` that is not
///   an object, a `tap` that is not a positive integer, or a member of a known type that breaks
///   its rule (below): dropped as malformed.
/// - A `type` the SDK does not know: `.unknown`, which the rules ignore.
///
/// Members: `click` — `area` a label of 1 to 64 UTF-8 bytes without control characters
/// (`"creative"` and the reserved `"end_card"`/`"endCard"` mean `.creative`; absent means
/// `.creative`), `url` an absolute `http`/`https` URL of at most 2048 bytes; `error` — `code`
/// a VAST error code from 100 to 999 (anything else is kept as "no code": the SDK reports 405);
/// `resize` — `width` and `height` finite numbers above 0 and at most 10000. Unknown members are
/// ignored, so a newer page works with an older SDK.
package enum CreativeMessageDecoder {
    /// The longest body read: 8 KiB. A page's messages are a few dozen bytes.
    package static let maximumBytes = 8 * 1024
    /// The deepest nesting of arrays and objects read.
    package static let maximumDepth = 8
    /// The longest area label, in UTF-8 bytes.
    package static let maximumLabelBytes = 64
    /// The longest destination URL, in UTF-8 bytes.
    package static let maximumURLBytes = 2048
    /// The largest size a creative may ask for, in points, on either axis.
    package static let maximumSide = 10_000.0

    /// Decodes `body`.
    package static func decode(_ body: Data) -> Result<CreativeMessage, CreativeMessageDrop> {
        guard body.count <= maximumBytes else { return .failure(.oversized(bytes: body.count)) }
        guard nestingDepth(of: body) <= maximumDepth else { return .failure(.malformed("nested deeper than \(maximumDepth)")) }
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: body), case .object(let message) = json else {
            return .failure(.malformed("not a JSON object"))
        }
        guard case .string(let type)? = message["type"] else { return .failure(.malformed("no string type")) }
        let data: [String: JSONValue]
        switch message["data"] {
        case nil, .null?: data = [:]
        case .object(let members)?: data = members
        default: return .failure(.malformed("data is not an object"))
        }
        let tap: Int?
        switch message["tap"] {
        case nil, .null?: tap = nil
        case .integer(let number)? where number >= 1: tap = number
        default: return .failure(.malformed("tap is not a positive integer"))
        }
        guard let known = CreativeMessageType(rawValue: type), !CreativeMessageType.toPage.contains(known) else {
            return .success(.unknown(type: String(type.prefix(64))))
        }
        return decode(known, data: data, tap: tap)
    }

    private static func decode(_ type: CreativeMessageType, data: [String: JSONValue], tap: Int?) -> Result<CreativeMessage, CreativeMessageDrop> {
        switch type {
        case .hello: return .success(.hello)
        case .pageLoaded: return .success(.pageLoaded)
        case .ready: return .success(.ready)
        case .close: return .success(.close(tap: tap))
        case .resume: return .success(.resume(tap: tap))
        case .error: return .success(.error(code: vastCode(data["code"])))
        case .click:
            guard let area = area(data["area"]) else { return .failure(.malformed("click area is not a label")) }
            return destination(data["url"]).map { .click(area: area, url: $0, tap: tap) }
        case .resize:
            guard let width = side(data["width"]), let height = side(data["height"]) else {
                return .failure(.malformed("resize needs width and height above 0 and at most \(Int(maximumSide))"))
            }
            return .success(.resize(width: width, height: height))
        case .context, .shown, .ended:
            return .success(.unknown(type: type.rawValue))
        }
    }

    /// The click's area: `nil` when the member breaks the label rule.
    private static func area(_ value: JSONValue?) -> VideoAdClick.Area? {
        switch value {
        case nil, .null?:
            return .creative
        case .string(let label)?:
            guard !label.isEmpty, label.utf8.count <= maximumLabelBytes,
                  !label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
            // `end_card` is the SDK's own area of a linear end card, which a page does not have.
            return ["creative", "end_card", "endCard"].contains(label) ? .creative : .other(label)
        default:
            return nil
        }
    }

    /// The click's destination: none when absent, the URL, or a drop when it is not an http(s) URL.
    private static func destination(_ value: JSONValue?) -> Result<URL?, CreativeMessageDrop> {
        let broken = CreativeMessageDrop.malformed("click url is not an http(s) URL")
        switch value {
        case nil, .null?:
            return .success(nil)
        case .string(let text)?:
            guard text.utf8.count <= maximumURLBytes, let url = URL(string: text),
                  let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = url.host, !host.isEmpty else { return .failure(broken) }
            return .success(url)
        default:
            return .failure(broken)
        }
    }

    /// A VAST error code (100…999), or `nil`.
    private static func vastCode(_ value: JSONValue?) -> VASTErrorCode? {
        guard case .integer(let code)? = value, (100...999).contains(code) else { return nil }
        return VASTErrorCode(creativeCode: code)
    }

    /// One side of a size, or `nil`.
    private static func side(_ value: JSONValue?) -> Double? {
        let number: Double
        switch value {
        case .integer(let whole)?: number = Double(whole)
        case .number(let fraction)?: number = fraction
        default: return nil
        }
        return number.isFinite && number > 0 && number <= maximumSide ? number : nil
    }

    /// The deepest nesting of `[` and `{` outside strings; read before decoding, so a body of
    /// thousands of brackets never reaches the recursive decoder.
    static func nestingDepth(of body: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in body {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}
