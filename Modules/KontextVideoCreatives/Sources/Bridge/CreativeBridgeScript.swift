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
///   `navigator.userActivation.isActive` where the browser has it — and each tap once: it carries
///   the tap's number (`"tap": n`), and a second action during the same tap is not forwarded;
/// - `load-iframe` once the page's load event fired, behind every message the page posted before
///   it (both travel through the same message queue), so the SDK knows by then whether the page
///   said `init-iframe`.
///
/// A body longer than `CreativeMessageDecoder.maximumBytes` is cut just past it, so the SDK counts
/// it as oversized without the whole string crossing to the app. The browser tests
/// (`Scripts/browser-tests`) run this exact text in Chromium, in an isolated world as WebKit does;
/// they read it from between the `BEGIN`/`END` lines below.
package enum CreativeBridgeScript {
    /// The name of the script message handler: Kontext's house name.
    package static let handlerName = "kontextBridge"
    /// The content world the script and its handler live in.
    package static let contentWorldName = "kontext"
    /// How long after the finger lifted a viewer's action still counts as that tap's.
    package static let tapWindowMilliseconds = 1000

    /// The script for a page of `origin`: the function below, called with its configuration (on
    /// a line of its own: the function ends with a comment line).
    package static func source(for origin: CreativeOrigin) -> String {
        "\(function)\n(\(configuration(for: origin)));\n"
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

    /// The script's function, `(function (config) { … })`. Plain ES5 so every WebKit of the
    /// supported iOS versions runs it.
    package static let function = #"""
// BEGIN kontext-bridge.js
(function (config) {
  'use strict';
  // The main frame only, and only while it shows the creative's own origin.
  if (window !== window.top || location.origin !== config.origin) return;
  var handlers = window.webkit && window.webkit.messageHandlers;
  var handler = handlers && handlers[config.handler];
  if (!handler) return;

  // The viewer's taps, as only trusted events tell them.
  var taps = 0, usedTap = 0, lastTouchAt = -Infinity;
  function tapStarted(event) {
    if (!event.isTrusted) return;
    taps += 1;
    lastTouchAt = performance.now();
  }
  function tapEnded(event) {
    if (event.isTrusted) lastTouchAt = performance.now();
  }
  window.addEventListener('pointerdown', tapStarted, true);
  window.addEventListener('keydown', tapStarted, true);
  window.addEventListener('pointerup', tapEnded, true);
  window.addEventListener('keyup', tapEnded, true);
  function unusedTap() {
    if (taps === usedTap) return 0;
    if (performance.now() - lastTouchAt > config.tapWindowMilliseconds) return 0;
    var activation = navigator.userActivation;
    if (activation && !activation.isActive) return 0;
    return taps;
  }

  function forward(message) {
    var body;
    try { body = JSON.stringify(message); } catch (error) { return; }
    if (typeof body !== 'string') return;
    if (body.length > config.maximumBytes) body = body.slice(0, config.maximumBytes + 1);
    handler.postMessage(body);
  }

  var loadedMarker = 'kontext-loaded-' + Math.random().toString(36).slice(2) + performance.now().toString(36);
  window.addEventListener('message', function (event) {
    if (event.source !== window || event.origin !== config.origin) return;
    var data = event.data;
    if (data === loadedMarker) {
      loadedMarker = null;
      forward({ type: 'load-iframe' });
      return;
    }
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    if (config.fromPage.indexOf(data.type) === -1) return;
    var message = { type: data.type };
    if (data.data !== undefined) message.data = data.data;
    if (config.viewerActions.indexOf(data.type) !== -1) {
      var tap = unusedTap();
      if (!tap) return;
      usedTap = tap;
      message.tap = tap;
    }
    forward(message);
  });
  window.addEventListener('load', function () {
    if (loadedMarker) window.postMessage(loadedMarker, config.origin);
  });
})
// END kontext-bridge.js
"""#
}
