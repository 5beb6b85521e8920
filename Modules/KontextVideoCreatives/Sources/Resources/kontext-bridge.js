// kontext-bridge.js: the SDK's script in every HTML creative page, in a content world of its own.
// CreativeBridgeScript.swift says what it forwards and calls it with its configuration; the browser
// tests (Scripts/browser-tests) run this file in Chromium. Plain ES5: every WebKit the SDK supports.
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
