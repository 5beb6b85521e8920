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

  function post(type, data) {
    var message = { type: type };
    if (data !== undefined) message.data = data;
    // The page's own window and origin: the only place the bridge script listens.
    window.postMessage(message, location.origin === 'null' ? '*' : location.origin);
  }

  function emit(name, value) {
    var handlers = listeners[name].slice();
    for (var i = 0; i < handlers.length; i += 1) {
      try { handlers[i](value); } catch (error) { setTimeout(function () { throw error; }); }
    }
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
    /** Calls `handler` for 'context' (again on every change), 'shown' or 'ended'; at once for a
     *  context or shown that already came. */
    on: function (name, handler) {
      if (!listeners[name] || typeof handler !== 'function') throw new TypeError('KontextCreative.on: unknown event ' + name);
      listeners[name].push(handler);
      if (name === 'context' && state.context) handler(state.context);
      if (name === 'shown' && state.shown) handler();
      if (name === 'ended' && state.ended) handler();
    },
    /** The page is ready to be shown: load() returns in the app. */
    ready: function () { post('ready-iframe'); },
    /** The viewer tapped: `area` is a label of your own such as 'cta' (omit it for the creative
     *  as a whole), `url` a destination of your own (http or https). Call it from the tap's own
     *  handler: a click without the viewer's tap is dropped. */
    click: function (area, url) {
      var data = {};
      if (area !== undefined && area !== null) data.area = String(area);
      if (url !== undefined && url !== null) data.url = String(url);
      post('click-iframe', data);
    },
    /** The viewer tapped the creative's own close control (from its tap handler). */
    close: function () { post('close-iframe'); },
    /** The viewer tapped the creative's own Resume control, on a full-screen pause ad. */
    resume: function () { post('resume-iframe'); },
    /** The creative failed: `code` is a VAST error code (100-999); without one the SDK reports 405. */
    error: function (code) { post('error-iframe', code === undefined ? {} : { code: code }); },
    /** The creative wants another size, in points, at most the size the server gave it. Before
     *  it is shown; on screen it keeps its size. */
    resize: function (width, height) { post('resize-iframe', { width: width, height: height }); }
  };

  post('init-iframe', { version: VERSION });
})();
