import Foundation

/// The SDK's script in every HTML creative page: WebKit runs it at document start, in the main
/// frame, in a content world of its own (`contentWorldName`), where the page's scripts cannot see
/// it, reach its `kontextBridge` handler or change its variables. It is the only way from the page
/// to the SDK, and it forwards only what the protocol allows:
///
/// - messages the page posts to its own window (`window.postMessage({type, data}, origin)`, which
///   `kontext-creative.js` does) whose type is one of `CreativeMessageType.fromPage`, from the
///   page's own window and origin — another window's or origin's are dropped;
/// - a viewer's action (click, close, resume) only during a tap: a trusted `pointerdown` or
///   `keydown` the script saw itself, at most a second after the finger lifted, while
///   `navigator.userActivation.isActive` where the browser has it (WebKit from iOS 16.4) — and
///   each tap once: an action takes the oldest tap no action took yet and carries its number
///   (`"tap": n`); with none left it is not forwarded;
/// - `load-iframe` once, at the window's trusted load event, behind every message the page posted
///   before it (both travel through the same message queue), so the SDK knows by then whether the
///   page said `init-iframe`.
///
/// A body longer than `CreativeMessageDecoder.maximumBytes` UTF-8 bytes is cut just past it, so the
/// SDK counts it as oversized without the whole string crossing to the app. A message JSON cannot
/// carry (a `BigInt`, a cycle) goes on with `"data": "not JSON"`, which the SDK drops as malformed.
///
/// The script is the module's resource `Resources/kontext-bridge.js`; the browser tests
/// (`Scripts/browser-tests`) run the same file in Chromium, in an isolated world as WebKit does.
package enum CreativeBridgeScript {
    /// The name of the script message handler: Kontext's house name.
    package static let handlerName = "kontextBridge"
    /// The content world the script and its handler live in.
    package static let contentWorldName = "kontext"
    /// How long after the finger lifted a viewer's action still counts as that tap's.
    package static let tapWindowMilliseconds = 1000

    /// The script for a page of `origin`: the function, called with its configuration on a line
    /// of its own; `nil` when the module's resource is missing (see `function`).
    package static func source(for origin: CreativeOrigin) -> String? {
        function.map { "\($0)\n(\(configuration(for: origin)));\n" }
    }

    /// The configuration the function is called with, as JSON.
    package static func configuration(for origin: CreativeOrigin) -> String {
        struct Configuration: Encodable {
            var origin: String
            var handler: String
            var fromPage: [String]
            var viewerActions: [String]
            var maximumBytes: Int
            var tapWindowMilliseconds: Int
        }
        let configuration = Configuration(
            origin: origin.serialized, handler: handlerName,
            fromPage: CreativeMessageType.fromPage.map(\.rawValue),
            viewerActions: CreativeMessageType.viewerActions.map(\.rawValue),
            maximumBytes: CreativeMessageDecoder.maximumBytes,
            tapWindowMilliseconds: tapWindowMilliseconds)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, string arrays and integers always encode.
        return String(decoding: (try? encoder.encode(configuration)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// The script's function, `(function (config) { … })`, after a comment: the module's resource
    /// `Resources/kontext-bridge.js`, read once per process. `nil` only if the resource is missing
    /// from the build; the renderer then shows the page as one without the bridge.
    package static let function: String? = {
        guard let url = Bundle.module.url(forResource: "kontext-bridge", withExtension: "js"),
              let data = try? Data(contentsOf: url) else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }()
}
