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
/// carry (a `BigInt`, a cycle) goes on with `"data": "not JSON"`, which the SDK drops as malformed. The browser tests
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

  // The viewer's taps, as only trusted events tell them: numbered, and kept unused, oldest first,
  // until a viewer's action takes one. The oldest, not the latest: a page posts during a tap, but
  // its message is delivered later, after the next tap's pointerdown on a busy page.
  var taps = 0, unusedTaps = [];
  function dropExpiredTaps(now) {
    while (unusedTaps.length && now - unusedTaps[0].touchedAt > config.tapWindowMilliseconds) unusedTaps.shift();
  }
  function tapStarted(event) {
    if (!event.isTrusted) return;
    var now = performance.now();
    dropExpiredTaps(now);
    taps += 1;
    unusedTaps.push({ number: taps, touchedAt: now, lifted: false });
  }
  function tapEnded(event) {
    if (!event.isTrusted) return;
    var now = performance.now();
    for (var i = 0; i < unusedTaps.length; i += 1) {
      if (!unusedTaps[i].lifted) {
        unusedTaps[i].touchedAt = now;
        unusedTaps[i].lifted = true;
      }
    }
  }
  window.addEventListener('pointerdown', tapStarted, true);
  window.addEventListener('keydown', tapStarted, true);
  window.addEventListener('pointerup', tapEnded, true);
  window.addEventListener('pointercancel', tapEnded, true);
  window.addEventListener('keyup', tapEnded, true);
  // The oldest tap no action used yet, at most a second after it lifted; 0 when there is none.
  function takeTap() {
    dropExpiredTaps(performance.now());
    if (!unusedTaps.length) return 0;
    // WebKit has it from iOS 16.4; before, the tap and its window are the whole rule.
    var activation = navigator.userActivation;
    if (activation && !activation.isActive) return 0;
    return unusedTaps.shift().number;
  }

  // The body cut just past the SDK's limit, counted as the SDK counts it: in UTF-8 bytes.
  function cut(body) {
    var limit = config.maximumBytes;
    if (body.length * 3 <= limit) return body;
    var bytes = 0;
    for (var i = 0; i < body.length; i += 1) {
      var unit = body.charCodeAt(i);
      if (unit < 0x80) {
        bytes += 1;
      } else if (unit < 0x800) {
        bytes += 2;
      } else if (unit >= 0xD800 && unit <= 0xDBFF && i + 1 < body.length && (body.charCodeAt(i + 1) & 0xFC00) === 0xDC00) {
        bytes += 4;
        i += 1;
      } else {
        bytes += 3;
      }
      if (bytes > limit) return body.slice(0, i + 1);
    }
    return body;
  }

  function forward(message) {
    var body;
    try { body = JSON.stringify(message); } catch (error) { body = undefined; }
    if (typeof body !== 'string') {
      // A value JSON cannot carry (a BigInt, a cycle): the SDK still hears of the message, with
      // a data it drops as malformed and counts.
      var stand = { type: message.type, data: 'not JSON' };
      if (message.tap) stand.tap = message.tap;
      body = JSON.stringify(stand);
    }
    handler.postMessage(cut(body));
  }

  var loadedMarker = 'kontext-loaded-' + Math.random().toString(36).slice(2) + performance.now().toString(36);
  var loadPosted = false, loadForwarded = false;
  window.addEventListener('message', function (event) {
    if (event.source !== window || event.origin !== config.origin) return;
    var data = event.data;
    if (typeof data === 'string') {
      // The page hears the marker too, and may post it again: it counts once.
      if (data === loadedMarker && !loadForwarded) {
        loadForwarded = true;
        forward({ type: 'load-iframe' });
      }
      return;
    }
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    if (config.fromPage.indexOf(data.type) === -1) return;
    var message = { type: data.type };
    if (data.data !== undefined) message.data = data.data;
    if (config.viewerActions.indexOf(data.type) !== -1) {
      var tap = takeTap();
      if (!tap) return;
      message.tap = tap;
    }
    forward(message);
  });
  window.addEventListener('load', function (event) {
    // The window's own load, as the browser fires it: not one a page script dispatched.
    if (!event.isTrusted || loadPosted) return;
    loadPosted = true;
    window.postMessage(loadedMarker, config.origin);
  });
})
// END kontext-bridge.js
"""#
}
