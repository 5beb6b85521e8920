/*
 * kontext-creative.js, version 1: the page's half of the Kontext creative bridge.
 *
 * Include it in the <head> of an overlay or pause creative with a plain <script src> (not async):
 * the page then tells the SDK it speaks the bridge, reports ready itself, and reports its clicks.
 * The protocol, the rules and an example: CREATIVES.md in the Kontext Video SDK for Swift.
 *
 *   KontextCreative.on('context', function (context) { ... })  // format, size, insets, locale
 *   KontextCreative.ready()                                     // load() returns; show() may follow
 *   KontextCreative.on('shown', function () { ... })             // on screen: start animating now
 *   KontextCreative.click('cta')                                 // from a tap handler only
 *
 * Messages travel as window.postMessage({type, data}) to the page's own window, where the SDK's
 * bridge script (in a world of its own, out of the page's reach) forwards them. Messages from any
 * other window or origin are ignored here, as they are there. Plain ES5, no dependencies.
 */
(function () {
  'use strict';
  if (window.KontextCreative) return;

  var VERSION = 1;
  var FROM_SDK = { 'context-iframe': 'context', 'shown-iframe': 'shown', 'ended-iframe': 'ended' };
  var listeners = { context: [], shown: [], ended: [] };
  var state = { context: null, shown: false, ended: false };
  var root = document.documentElement;

  function warn(text) {
    try { if (window.console && console.warn) console.warn('KontextCreative: ' + text); } catch (error) { /* never throw */ }
  }

  function post(type, data) {
    var message = { type: type };
    if (data !== undefined) message.data = data;
    // The page's own window and origin: the only place the bridge script listens. Every value
    // here is a string, a number or an object of them, so nothing can fail to be copied.
    try {
      window.postMessage(message, location.origin === 'null' ? '*' : location.origin);
    } catch (error) {
      warn(type + ' was not sent: ' + error);
    }
  }

  // A call the kit cannot turn into a valid message still sends it, with a data the SDK reads as
  // malformed, drops and counts (CREATIVES.md, "Rules"); the creative's own handler goes on.
  function postMalformed(type, why) {
    warn(type + ' not sent as asked: ' + why + '; the SDK drops it as malformed');
    post(type, 'malformed: ' + why);
  }

  // Calls a listener; an exception in it is reported (asynchronously), never thrown at the caller.
  function call(handler, value) {
    try { handler(value); } catch (error) { setTimeout(function () { throw error; }); }
  }

  function emit(name, value) {
    var handlers = listeners[name].slice();
    for (var i = 0; i < handlers.length; i += 1) call(handlers[i], value);
  }

  function isNumber(value) {
    return typeof value === 'number' && isFinite(value);
  }

  // The render context as CSS custom properties, so a page can lay out with CSS alone:
  // padding: var(--kontext-inset-top) var(--kontext-inset-right) ...
  function applyContext(context) {
    var insets = context.insets || {};
    ['top', 'left', 'bottom', 'right'].forEach(function (edge) {
      root.style.setProperty('--kontext-inset-' + edge, (Number(insets[edge]) || 0) + 'px');
    });
    if (context.size) {
      root.style.setProperty('--kontext-width', (Number(context.size.width) || 0) + 'px');
      root.style.setProperty('--kontext-height', (Number(context.size.height) || 0) + 'px');
    }
    if (typeof context.format === 'string') root.setAttribute('data-kontext-format', context.format);
    root.setAttribute('data-kontext-full-screen', context.fullScreen ? 'true' : 'false');
    if (typeof context.locale === 'string') root.setAttribute('data-kontext-locale', context.locale);
    if (typeof context.uiLanguage === 'string') root.setAttribute('data-kontext-ui-language', context.uiLanguage);
    if (context.textDirection === 'ltr' || context.textDirection === 'rtl') root.setAttribute('data-kontext-text-direction', context.textDirection);
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window || event.origin !== location.origin) return;
    var data = event.data;
    if (!data || typeof data !== 'object' || typeof data.type !== 'string') return;
    var name = FROM_SDK[data.type];
    if (!name) return;
    if (name === 'context') {
      if (!data.data || typeof data.data !== 'object') return;
      state.context = data.data;
      applyContext(data.data);
      emit('context', data.data);
    } else if (name === 'shown') {
      if (state.shown) return;
      state.shown = true;
      root.classList.add('kontext-shown');
      emit('shown');
    } else {
      if (state.ended) return;
      state.ended = true;
      root.classList.remove('kontext-shown');
      root.classList.add('kontext-ended');
      emit('ended');
    }
  });

  window.KontextCreative = {
    version: VERSION,
    /** The last render context, or null before the SDK sent one. */
    get context() { return state.context; },
    /** Whether the ad is on screen. */
    get isShown() { return state.shown && !state.ended; },
    /** Calls `handler` for 'context' (again on every change), 'shown' or 'ended'; at once when that
     *  already happened (the last context, the ad was shown, the ad ended). Another name, or a
     *  handler that is not a function, is ignored with a warning on the console. */
    on: function (name, handler) {
      if (!listeners.hasOwnProperty(name) || typeof handler !== 'function') {
        warn('on(' + String(typeof name === 'string' ? name : typeof name) + ', …) ignored: the events are context, shown and ended, with a function');
        return;
      }
      listeners[name].push(handler);
      if (name === 'context' && state.context) call(handler, state.context);
      if (name === 'shown' && state.shown) call(handler);
      if (name === 'ended' && state.ended) call(handler);
    },
    /** The page is ready to be shown: load() returns in the app. */
    ready: function () { post('ready-iframe'); },
    /** The viewer tapped: `area` is a label of your own such as 'cta' (omit it for the creative
     *  as a whole), `url` a destination of your own (http or https). Call it from the tap's own
     *  handler: a click without the viewer's tap is dropped. An area that is neither a string nor
     *  a number, or a url that is not a string, makes the message malformed: the SDK drops it. */
    click: function (area, url) {
      var data = {};
      if (area !== undefined && area !== null) {
        if (typeof area === 'string') data.area = area;
        else if (isNumber(area)) data.area = String(area);
        else return postMalformed('click-iframe', 'area is not a string (' + typeof area + ')');
      }
      if (url !== undefined && url !== null) {
        if (typeof url !== 'string') return postMalformed('click-iframe', 'url is not a string (' + typeof url + ')');
        data.url = url;
      }
      post('click-iframe', data);
    },
    /** The viewer tapped the creative's own close control (from its tap handler). */
    close: function () { post('close-iframe'); },
    /** The viewer tapped the creative's own Resume control, on a full-screen pause ad. */
    resume: function () { post('resume-iframe'); },
    /** The creative failed: `code` is a VAST error code (an integer from 100 to 999); with
     *  anything else (none, an event, a string) the SDK reports 405. Use it as an error listener:
     *  img.addEventListener('error', KontextCreative.error). */
    error: function (code) {
      var valid = isNumber(code) && Math.floor(code) === code && code >= 100 && code <= 999;
      post('error-iframe', valid ? { code: code } : {});
    },
    /** The creative wants another size, in points, at most the size the server gave it. Before
     *  it is shown; on screen it keeps its size. Sides that are not finite numbers make the
     *  message malformed: the SDK drops it. */
    resize: function (width, height) {
      if (!isNumber(width) || !isNumber(height)) return postMalformed('resize-iframe', 'width and height must be finite numbers');
      post('resize-iframe', { width: width, height: height });
    }
  };

  post('init-iframe', { version: VERSION });
})();
