import Foundation

/// A message the SDK posts to a creative page, and the script that posts it: the web view
/// evaluates `window.postMessage(<message>, "<the creative's origin>")` in the page, so a page
/// that navigated to another origin never receives it.
package enum CreativeMessageToPage: Sendable, Equatable {
    /// `context-iframe`: how to lay out.
    case context(CreativeRenderContext)
    /// `shown-iframe`: the ad is on screen; start animating.
    case shown
    /// `ended-iframe`: the ad is over.
    case ended

    /// The message's type.
    package var type: CreativeMessageType {
        switch self {
        case .context: .context
        case .shown: .shown
        case .ended: .ended
        }
    }

    /// The message as JSON: `{"type":"…","data":{…}}`, keys sorted.
    package var json: String {
        struct Envelope: Encodable {
            var type: String
            var data: CreativeRenderContext?
        }
        var envelope = Envelope(type: type.rawValue)
        if case .context(let context) = self { envelope.data = context }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and finite numbers cannot fail; an empty object is never sent.
        let data = (try? encoder.encode(envelope)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The script that posts the message to a page of `origin`. JSON is a JavaScript expression;
    /// U+2028 and U+2029 are escaped for engines older than ES2019, `<` against markup contexts.
    package func javaScript(targetOrigin origin: CreativeOrigin) -> String {
        let escaped = json
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
            .replacingOccurrences(of: "<", with: "\\u003c")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let target = (try? encoder.encode(origin.serialized)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return "window.postMessage(\(escaped), \(target));"
    }
}
