"""The JavaScript half of the creative bridge, in a real browser.

Starts the sandbox (`kontext-sandbox --scenario Scripts/browser-tests/scenario.json`), asks it for
its creatives as the SDK does (POST /video/preload), and loads each creative page in headless
Chromium at its declared size, driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`;
Python's standard library only; `devtools`). In each page it runs the SDK's own bridge script — the
Creatives module's resource `kontext-bridge.js`, called as `CreativeBridgeScript.source(for:)`
calls it — in an isolated world named `kontext`,
as WebKit runs it in its content world, with a recorder standing in for
`window.webkit.messageHandlers.kontextBridge` in that world. Then it checks the exact message bodies
the page sent, taps with real input events (`Input.dispatchMouseEvent`), posts what the SDK posts
(`render-contexts.json`), and takes a screenshot of each creative with the SDK's ✕ and Resume drawn
where the SDK puts them, into .build/browser-tests/.

Exits 0 when every check passed, 1 when one failed, 3 when Chromium cannot be had (and says so).
Expects the products built (`swift build`).
Usage: Scripts/browser-tests/run [--chromium PATH] [--without-user-activation]
"""
from __future__ import annotations

import argparse
import base64
import json
import pathlib
import socket
import subprocess
import sys
import threading
import time

from . import sandbox
from .devtools import TIMEOUT, Browser, Failure, find_chromium
from .repo import ROOT, bin_path

HERE = ROOT / "Scripts" / "browser-tests"
OUT = ROOT / ".build" / "browser-tests"
# The bridge script, a resource of the Creatives module (`CreativeBridgeScript.function` reads it).
BRIDGE_SCRIPT = ROOT / "Modules" / "KontextVideoCreatives" / "Sources" / "Resources" / "kontext-bridge.js"
FIXTURE = json.loads((HERE / "render-contexts.json").read_text())


# ---- The SDK's bridge script, exactly as the SDK injects it --------------------------------------

def bridge_source(origin: str, function: str | None = None, configuration: dict | None = None) -> str:
    """`CreativeBridgeScript.source(for:)`: the function (the file, without its trailing blank),
    then its call with the configuration (`render-contexts.json`'s) on a line of its own."""
    function = (function if function is not None else BRIDGE_SCRIPT.read_text(encoding="utf-8")).strip()
    configuration = dict(configuration if configuration is not None else FIXTURE["bridgeConfiguration"], origin=origin)
    return function + "\n(" + json.dumps(configuration, sort_keys=True, separators=(",", ":")) + ");\n"


# The recorder stands in for WebKit's handler, in the bridge's world only: the page cannot see it.
RECORDER = """
window.__kontextRecorded = [];
window.webkit = { messageHandlers: { kontextBridge: { postMessage: function (body) {
  window.__kontextRecorded.push(typeof body === 'string' ? body : '<non-string ' + typeof body + '>');
} } } };
"""


# iOS 16.0–16.3: WebKit has no `navigator.userActivation` (it came with 16.4). Run before any other
# script of the page, in the page's world and in the bridge's (each world has its own wrappers).
WITHOUT_USER_ACTIVATION = "delete Navigator.prototype.userActivation; delete navigator.userActivation;\n"


class Page:
    """One tab, showing one creative at its declared size, with the bridge in world `kontext`.

    `hold`: a URL pattern whose requests are held (the DevTools `Fetch` domain) until `release()`,
    so the page's load event waits; the constructor then returns before the load event."""

    without_user_activation = False

    def __init__(self, browser: Browser, url: str, origin: str, width: int, height: int, hold: str | None = None,
                 expect_error: bool = False, wait_for_load: bool = True):
        self.browser, self.url, self.origin = browser, url, origin
        self.width, self.height = width, height
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.target = target
        self.session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Runtime.enable")
        self.call("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True})
        strip = WITHOUT_USER_ACTIVATION if Page.without_user_activation else ""
        if strip:
            self.call("Page.addScriptToEvaluateOnNewDocument", {"source": strip})
        self.call("Page.addScriptToEvaluateOnNewDocument",
                  {"source": strip + RECORDER + bridge_source(origin), "worldName": "kontext"})
        self.held: list[str] = []
        if hold:
            self.call("Fetch.enable", {"patterns": [{"urlPattern": hold}]})
        since = len(browser.events)
        frame = self.call("Page.navigate", {"url": url})
        self.error_text = frame.get("errorText")
        if self.error_text and not expect_error:
            raise Failure(f"{url}: {self.error_text}")
        self.frame_id = frame["frameId"]
        if hold:
            self.held.append(browser.wait_for_event("Fetch.requestPaused", self.session, since)["params"]["requestId"])
            # The preload scanner may ask for the image before the parser made <body>.
            browser.wait_for_event("Page.domContentEventFired", self.session, since)
        elif not self.error_text and wait_for_load:
            browser.wait_for_event("Page.loadEventFired", self.session, since)

    def release(self):
        """Lets the held requests go on, and waits for the load event."""
        since = len(self.browser.events)
        for request in self.held:
            self.call("Fetch.continueRequest", {"requestId": request})
        self.held = []
        self.browser.wait_for_event("Page.loadEventFired", self.session, since)

    def call(self, method: str, params: dict | None = None) -> dict:
        return self.browser.send(method, params, self.session)

    def bridge_context(self) -> int:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            for event in list(self.browser.events):
                if event.get("method") != "Runtime.executionContextCreated" or event.get("sessionId") != self.session:
                    continue
                context = event["params"]["context"]
                if context.get("name") == "kontext" and context.get("auxData", {}).get("frameId") == self.frame_id:
                    return context["id"]
            time.sleep(0.02)
        raise Failure("the bridge's isolated world never appeared")

    def evaluate(self, expression: str, world: str = "page", gesture: bool = False):
        params = {"expression": expression, "returnByValue": True, "awaitPromise": True, "userGesture": gesture}
        if world == "kontext":
            params["contextId"] = self.bridge_context()
        result = self.call("Runtime.evaluate", params)
        if "exceptionDetails" in result:
            raise Failure(f"{expression[:80]}: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def spy_on_posts(self):
        """Records, in the page's world, every typed message the page's window receives, and from
        where: the proof that a message the bridge did not forward was really posted."""
        self.evaluate("window.__posted = []; window.addEventListener('message', function (e) {"
                      " if (e.data && typeof e.data.type === 'string') window.__posted.push((e.source === window ? 'own:' : 'other:') + e.data.type);"
                      " }); true")

    def posted(self) -> list[str]:
        return self.evaluate("window.__posted.slice()")

    def recorded(self) -> list[str]:
        return self.evaluate("window.__kontextRecorded.slice()", world="kontext")

    def wait_until_recorded(self, count: int) -> list[str]:
        deadline = time.monotonic() + TIMEOUT
        while True:
            messages = self.recorded()
            if len(messages) >= count or time.monotonic() > deadline:
                return messages
            time.sleep(0.02)

    def settle(self):
        """Lets every message posted so far be delivered (a round trip through the same queue)."""
        self.evaluate("new Promise(function (done) { window.addEventListener('message', function once(e) {"
                      " if (e.data === '__settled__') { window.removeEventListener('message', once); done(); } });"
                      " window.postMessage('__settled__', '*'); })")
        self.evaluate("new Promise(function (done) { setTimeout(done, 0); })")

    def sdk_posts(self, message_json: str):
        """What the SDK evaluates in the page (`CreativeMessageToPage.javaScript`)."""
        self.evaluate(f"window.postMessage({message_json}, {json.dumps(self.origin)}); true")
        self.settle()

    def tap(self, x: float, y: float):
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            params = {"type": kind, "x": x, "y": y}
            if kind != "mouseMoved":
                params.update(button="left", clickCount=1)
            self.call("Input.dispatchMouseEvent", params)
        self.settle()

    def taps_back_to_back(self, x: float, y: float, count: int = 2):
        """`count` taps sent at once, without waiting for the page to handle each: a double tap on
        a page that is busy when the first one lands."""
        numbers = []
        for tap in range(count):
            for kind in ("mousePressed", "mouseReleased"):
                numbers.append(self.browser.post("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                                              "clickCount": tap + 1}, self.session))
        for number in numbers:
            self.browser.answer(number, "Input.dispatchMouseEvent")
        self.settle()

    def rect(self, selector: str) -> dict:
        return self.evaluate(f"(function () {{ var r = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
                             " return {x: r.left, y: r.top, width: r.width, height: r.height}; })()")

    def draw_sdk_controls(self, close_glyph, resume):
        """The SDK's ✕ (its glyph, centred in its 44 pt target) and Resume, drawn where the renderer puts them, for the screenshot."""
        boxes = [("✕", close_glyph)] + ([("Resume", resume)] if resume else [])
        script = "".join(
            f"(function () {{ var d = document.createElement('div'); d.className = 'sdk-control'; d.textContent = {json.dumps(label)};"
            f" d.style.cssText = 'position:fixed;left:{x}px;top:{y}px;width:{w}px;height:{h}px;box-sizing:border-box;"
            "border:2px solid #ff2d55;border-radius:" + ("50%" if label == "✕" else "8px") + ";background:rgba(255,255,255,.85);"
            f"color:#111;font:600 {14 if label == '✕' else 15}px/1 sans-serif;display:flex;align-items:center;justify-content:center;"
            "z-index:2147483647;pointer-events:none'; document.documentElement.appendChild(d); })();"
            for label, (x, y, w, h) in boxes)
        self.evaluate(script + "true")

    def screenshot(self, name: str) -> pathlib.Path:
        data = self.call("Page.captureScreenshot", {"format": "png"})["data"]
        path = OUT / f"{name}.png"
        path.write_bytes(base64.b64decode(data))
        return path

    def close(self):
        self.browser.send("Target.closeTarget", {"targetId": self.target})


# ---- The sandbox ---------------------------------------------------------------------------------

class Sandbox:
    def __init__(self):
        executable = bin_path() / "kontext-sandbox"
        if not executable.exists():
            raise Failure(f"{executable} is not built (run `swift build` first)")
        self.process = subprocess.Popen([executable, "--port", "0", "--scenario", HERE / "scenario.json"],
                                        stdout=subprocess.PIPE, text=True)
        first = self.process.stdout.readline()
        self.base = sandbox.base_url(first)
        if not self.base:
            raise Failure(f"kontext-sandbox printed no base URL: {first!r}")
        threading.Thread(target=lambda: [None for _ in self.process.stdout], daemon=True).start()

    def ad(self, format_: str) -> dict:
        return sandbox.preload(self.base, format_, "browser-tests")["ad"]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)


# ---- The checks ----------------------------------------------------------------------------------

def body(type_: str, data=None, tap=None) -> str:
    """A message body as the bridge forwards it (JSON.stringify of {type, data, tap}, in that order)."""
    message = {"type": type_}
    if data is not None:
        message["data"] = data
    if tap is not None:
        message["tap"] = tap
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def with_tap(message: str, tap) -> str:
    """`message` (a body of the fixture) with the tap number the page's taps gave it."""
    parsed = json.loads(message)
    parsed["tap"] = tap
    return json.dumps(parsed, separators=(",", ":"), ensure_ascii=False)


class TruncatedPageServer:
    """A creative whose connection breaks after its head: the kit and ready() arrive, the rest never does."""

    def __init__(self):
        kit = (ROOT / "Modules" / "KontextVideoSandbox" / "Sources" / "Resources" / "kontext-creative.js").read_bytes()
        head = (b"<!doctype html><html><head><meta charset='utf-8'><script>" + kit + b"</script>"
                b"<script>KontextCreative.ready();</script></head><body>" + b"<!-- padding -->" * 512)
        self.truncated = threading.Event()
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        port = self.listener.getsockname()[1]
        self.origin = f"http://127.0.0.1:{port}"
        self.url = f"{self.origin}/creative.html"
        self.head = head

    def serve(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            with connection:
                connection.recv(65536)
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: %d\r\n\r\n"
                                   % (len(self.head) * 4) + self.head)
                time.sleep(0.3)
                self.truncated.set()

    def __enter__(self):
        threading.Thread(target=self.serve, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.listener.close()


HELLO = body("init-iframe", {"version": 1})
READY = body("ready-iframe")
LOADED = body("load-iframe")


def context_for(format_: str, full_screen: bool, width: int, height: int) -> dict:
    for entry in FIXTURE["contexts"]:
        if (entry["format"], entry["fullScreen"], entry["width"], entry["height"]) == (format_, full_screen, width, height):
            return entry
    raise Failure(f"render-contexts.json has no context for {format_} {width}×{height}")


def intersects(a: dict, frame) -> bool:
    x, y, w, h = frame
    return a["x"] < x + w and x < a["x"] + a["width"] and a["y"] < y + h and y < a["y"] + a["height"]


class Run:
    def __init__(self, browser: Browser, sandbox: Sandbox):
        self.browser, self.sandbox = browser, sandbox
        self.passed, self.failed = 0, 0
        self.origin = sandbox.base.rstrip("/")

    def check(self, what: str, condition: bool, detail: str = ""):
        if condition:
            self.passed += 1
            print(f"  ok    {what}")
        else:
            self.failed += 1
            print(f"  FAIL  {what}{(': ' + detail) if detail else ''}")

    def expect_equal(self, what: str, actual, expected):
        self.check(what, actual == expected, f"\n        got      {actual!r}\n        expected {expected!r}")

    def open(self, format_: str, expected_page: str, hold: str | None = None):
        ad = self.sandbox.ad(format_)
        creative = ad["creative"]
        width, height = int(creative["width"]), int(creative["height"])
        full_screen = bool(creative.get("fullScreen", False))
        page = Page(self.browser, creative["url"], self.origin, width, height, hold=hold)
        self.check(f"{ad['id']}: the sandbox served the {expected_page} page at {width}×{height}",
                   page.evaluate("document.body.dataset.page") == expected_page)
        return ad, page, context_for(format_, full_screen, width, height)

    def show(self, page: Page, context: dict):
        page.sdk_posts(context["message"])
        page.sdk_posts(FIXTURE["shown"])

    def shoot(self, page: Page, context: dict, name: str, cta: bool):
        page.draw_sdk_controls(context["closeGlyph"], context["resume"])
        path = page.screenshot(name)
        print(f"        screenshot {path.relative_to(ROOT)}")
        if cta:
            rect = page.rect("#cta")
            self.check(f"{name}: the ✕'s target does not cover the CTA", not intersects(rect, context["close"]), f"CTA {rect}")
            if context["resume"]:
                self.check(f"{name}: Resume does not cover the CTA", not intersects(rect, context["resume"]), f"CTA {rect}")
            inside = rect["x"] >= 0 and rect["y"] >= 0 and rect["x"] + rect["width"] <= page.width and rect["y"] + rect["height"] <= page.height
            self.check(f"{name}: the CTA is inside the creative", inside, f"CTA {rect}")

    def banner(self):
        print("banner (overlay, kontext-creative.js, an image linked to the click URL)")
        ad, page, context = self.open("overlay", "html")
        self.expect_equal("it says hello, then ready once its image loaded, then the load event",
                          page.wait_until_recorded(3), [HELLO, READY, LOADED])
        self.check("the page itself cannot reach the handler", page.evaluate("typeof window.webkit") == "undefined")
        self.show(page, context)
        self.check("shown-iframe reached the page", page.evaluate("KontextCreative.isShown") is True)
        page.tap(40, 25)
        self.expect_equal("a real tap is one click on the creative, with its tap number",
                          page.recorded()[3:], [body("click-iframe", {}, 1)])
        self.check("the link was not followed", page.evaluate("location.href") == page.url)
        self.shoot(page, context, "banner-overlay-320x50", cta=False)
        page.close()

    def call_to_action(self, format_: str, name: str):
        print(f"call to action ({name})")
        ad, page, context = self.open(format_, "html-cta")
        self.expect_equal("it says hello, then ready, then the load event", page.wait_until_recorded(3), [HELLO, READY, LOADED])
        self.show(page, context)
        insets = context["message"]
        self.check("the context's insets became CSS custom properties",
                   page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--kontext-inset-right').trim()")
                   == f"{json.loads(insets)['data']['insets']['right']}px")
        data = json.loads(insets)["data"]
        self.expect_equal("the context's language and direction became attributes (where the SDK's ✕ sits)",
                          page.evaluate("[document.documentElement.getAttribute('data-kontext-ui-language'), "
                                        "document.documentElement.getAttribute('data-kontext-text-direction')]"),
                          [data["uiLanguage"], data["textDirection"]])
        rect = page.rect("#cta")
        page.tap(rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)
        self.expect_equal("a real tap on Learn more is a click on area cta", page.recorded()[3:], [body("click-iframe", {"area": "cta"}, 1)])
        page.tap(12, page.height / 2 if format_ == "overlay" else 60)
        self.expect_equal("a real tap elsewhere is a click on the creative", page.recorded()[4:], [body("click-iframe", {}, 2)])
        page.spy_on_posts()
        page.evaluate("document.getElementById('cta').click(); KontextCreative.click('cta'); true")
        page.settle()
        self.expect_equal("(control) the page did post both scripted clicks", page.posted(), ["own:click-iframe", "own:click-iframe"])
        self.expect_equal("a scripted click without a user gesture sends nothing", page.recorded()[5:], [])
        page.evaluate("document.getElementById('cta').addEventListener('click', function () { KontextCreative.click('again'); }); true")
        page.tap(rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)
        self.expect_equal("two clicks during one tap: only the first is sent", page.recorded()[5:], [body("click-iframe", {"area": "cta"}, 3)])
        self.shoot(page, context, name, cta=True)
        page.close()

    def other_origins(self):
        print("messages from another window or origin")
        ad, page, context = self.open("overlay", "html-error")
        # Speaks the bridge and fails at once: the page's own messages are the control.
        self.expect_equal("the page's own error reaches the SDK with its code",
                          page.wait_until_recorded(3), [HELLO, body("error-iframe", {"code": 403}), LOADED])
        page.sdk_posts(context["message"])
        self.shoot(page, context, "error-at-load-overlay-320x50", cta=False)
        before = len(page.recorded())
        page.spy_on_posts()
        foreign = ("parent.postMessage({type: 'error-iframe', data: {code: 999}}, '*');"
                   "parent.postMessage({type: 'ready-iframe'}, '*');"
                   "parent.postMessage({type: 'shown-iframe'}, '*');")
        frame = "<script>" + foreign + "</script>"
        page.evaluate("(function () {"
                      # another origin: a data: URL frame has an opaque origin
                      f" var other = document.createElement('iframe'); other.style.display = 'none'; other.src = {json.dumps('data:text/html,' + frame)};"
                      " document.body.appendChild(other);"
                      # the same origin, but another window
                      f" var same = document.createElement('iframe'); same.style.display = 'none'; same.srcdoc = {json.dumps(frame)};"
                      " document.body.appendChild(same);"
                      " return new Promise(function (done) { var n = 0; function one() { if (++n === 2) setTimeout(done, 200); }"
                      " other.onload = one; same.onload = one; }); })()")
        page.settle()
        self.expect_equal("(control) both frames did post to the page", sorted(page.posted()),
                          sorted(["other:error-iframe", "other:ready-iframe", "other:shown-iframe"] * 2))
        self.expect_equal("messages posted to the page from another origin or window are dropped", page.recorded()[before:], [])
        self.check("the page ignored a shown-iframe from another origin", page.evaluate("KontextCreative.isShown") is False)
        page.evaluate("window.postMessage({type: 'shown-iframe'}, '*'); true")
        page.settle()
        self.check("(control) the same message from the page's own window is heard", page.evaluate("KontextCreative.isShown") is True)
        page.close()

    def error_on_screen(self):
        print("an error once shown")
        ad, page, context = self.open("overlay", "html-error")
        self.expect_equal("it is ready first", page.wait_until_recorded(3), [HELLO, READY, LOADED])
        self.show(page, context)
        self.expect_equal("once shown, its error carries its own code", page.wait_until_recorded(4)[3:], [body("error-iframe", {"code": 501})])
        self.shoot(page, context, "error-on-screen-overlay-320x50", cta=False)
        page.close()

    def never_ready(self):
        print("a page that never reports ready")
        ad, page, context = self.open("overlay", "html-never-ready")
        messages = page.wait_until_recorded(2)
        page.settle()
        self.expect_equal("it says hello and its load event comes, but no ready", page.recorded(), [HELLO, LOADED])
        page.sdk_posts(context["message"])
        self.shoot(page, context, "never-ready-overlay-320x50", cta=False)
        page.close()

    def plain_page(self):
        print("a page without the bridge (the sandbox's landing page)")
        page = Page(self.browser, f"{self.origin}/landing/plain", self.origin, 320, 50)
        self.expect_equal("only the bridge's load event: the SDK's ready for a plain page", page.wait_until_recorded(1), [LOADED])
        page.spy_on_posts()
        page.evaluate("window.postMessage({type: 'click-iframe', data: {area: 'cta'}}, '*'); true")
        page.tap(10, 10)
        self.expect_equal("(control) the page did post it", page.posted(), ["own:click-iframe"])
        self.expect_equal("a click posted without a tap sends nothing", page.recorded()[1:], [])
        page.close()

    # ---- Issue 18: what a real creative or a hostile page can do -----------------------------------

    def user_activation(self):
        """The mode of this run, proven in both worlds rather than assumed."""
        page = Page(self.browser, f"{self.origin}/landing/plain", self.origin, 320, 50)
        expected = "undefined" if Page.without_user_activation else "object"
        mode = "removed (iOS 16.0–16.3)" if Page.without_user_activation else "present (iOS 16.4 and later)"
        print(f"navigator.userActivation {mode}")
        self.expect_equal("the page's own scripts see it so", page.evaluate("typeof navigator.userActivation"), expected)
        self.expect_equal("the bridge script sees it so", page.evaluate("typeof navigator.userActivation", world="kontext"), expected)
        page.close()

    def double_tap(self):
        print("two taps back to back on a busy page")
        ad, page, context = self.open("overlay", "html-cta")
        page.wait_until_recorded(3)
        self.show(page, context)
        # Busy after each click it reports: the second tap's pointerdown reaches the page before the
        # first click's message is delivered to the bridge (a slow device).
        page.evaluate("document.getElementById('cta').addEventListener('click', function () {"
                      " var end = performance.now() + 120; while (performance.now() < end) {} }); true")
        page.spy_on_posts()
        rect = page.rect("#cta")
        page.taps_back_to_back(rect["x"] + rect["width"] / 2, rect["y"] + rect["height"] / 2)
        page.settle()
        self.expect_equal("(control) the page posted a click for each tap", page.posted(), ["own:click-iframe"] * 2)
        self.expect_equal("each tap is one click, numbered with its own tap", page.recorded()[3:],
                          [body("click-iframe", {"area": "cta"}, 1), body("click-iframe", {"area": "cta"}, 2)])
        page.close()

    def load_event_once(self):
        print("load-iframe: once, at the browser's own load event")
        # The banner's image is held, so the page's load event waits until the test lets it go.
        ad, page, context = self.open("overlay", "html", hold="*/images/*")
        page.evaluate("window.__markers = []; window.addEventListener('message', function (e) {"
                      " if (typeof e.data === 'string' && e.data.indexOf('kontext-loaded-') === 0) window.__markers.push(e.data); }); true")
        page.evaluate("window.dispatchEvent(new Event('load')); document.dispatchEvent(new Event('load')); true")
        page.settle()
        self.expect_equal("a load event a page script dispatches sends nothing", page.recorded(), [HELLO])
        page.release()
        self.expect_equal("the real load event sends it, behind ready", page.wait_until_recorded(3), [HELLO, READY, LOADED])
        page.settle()
        self.expect_equal("(control) the page heard the bridge's marker", len(page.evaluate("window.__markers")), 1)
        for value in ("null", "undefined", "''", "0", "false", "window.__markers[0]"):
            page.evaluate(f"window.postMessage({value}, '*'); true")
        page.settle()
        self.expect_equal("posting null, undefined, '', 0, false or the marker itself afterwards sends nothing",
                          page.recorded()[3:], [])
        page.close()

    def kit_calls(self):
        print("kontext-creative.js never throws into the creative")
        ad, page, context = self.open("overlay", "html-never-ready")
        page.wait_until_recorded(2)
        bodies = FIXTURE["pageBodies"]

        def call(expression: str) -> str:
            return page.evaluate(f"(function () {{ try {{ {expression}; return 'returned'; }} catch (e) {{ return 'threw ' + e; }} }})()")

        page.evaluate("window.__image = new Image(); window.__image.addEventListener('error', KontextCreative.error);"
                      " new Promise(function (done) { window.__image.addEventListener('error', function () { setTimeout(done, 0); });"
                      " window.__image.src = '/no-such-image.png'; })")
        page.settle()
        self.expect_equal("an image's error listener: 405 (no valid code), nothing thrown", page.recorded()[2:],
                          [bodies["errorWithAnEvent"]["body"]])
        before = len(page.recorded())
        outcomes = [call(f"KontextCreative.error({argument})") for argument in ("10n", "function () {}", "'403'", "403.5", "99", "Symbol('x')")]
        page.settle()
        self.expect_equal("error(10n), error(a function), error('403'), error(403.5), error(99), error(a symbol) return",
                          outcomes, ["returned"] * 6)
        self.expect_equal("… and each sends an error without a code: 405", page.recorded()[before:], [bodies["errorWithAnEvent"]["body"]] * 6)
        before = len(page.recorded())
        self.expect_equal("error(403) returns", call("KontextCreative.error(403)"), "returned")
        page.settle()
        self.expect_equal("… and sends its code", page.recorded()[before:], [bodies["errorWithACode"]["body"]])

        before = len(page.recorded())
        page.evaluate("window.__outcomes = []; document.addEventListener('click', function () {"
                      " var area = window.__areaNext, url = window.__urlNext;"
                      " try { KontextCreative.click(area, url); window.__outcomes.push('returned'); }"
                      " catch (e) { window.__outcomes.push('threw ' + e); } }, true); true")
        page.evaluate("window.__areaNext = Object.create(null); window.__urlNext = undefined; true")
        page.tap(10, 10)
        page.evaluate("window.__areaNext = 'cta'; window.__urlNext = { href: 'https://example.com' }; true")
        page.tap(10, 10)
        self.expect_equal("click(an object without toString) and click('cta', an object) return", page.evaluate("window.__outcomes"),
                          ["returned", "returned"])
        tap_one = len(page.recorded()) and json.loads(page.recorded()[before]).get("tap")
        self.expect_equal("… and each sends a click the SDK drops as malformed, during its tap", page.recorded()[before:], [
            with_tap(bodies["clickWithAnObjectArea"]["body"], tap_one),
            with_tap(bodies["clickWithAnObjectURL"]["body"], (tap_one or 0) + 1)])

        before = len(page.recorded())
        outcomes = [call("KontextCreative.resize(document.body, 1)"), call("KontextCreative.resize(300, '50')"),
                    call("KontextCreative.resize(NaN, 50)")]
        page.settle()
        self.expect_equal("resize(an element, 1), resize(300, '50'), resize(NaN, 50) return", outcomes, ["returned"] * 3)
        self.expect_equal("… and each sends a resize the SDK drops as malformed", page.recorded()[before:],
                          [bodies["resizeWithAnElement"]["body"]] * 3)

        before = len(page.recorded())
        outcomes = [call("KontextCreative.on('nope', function () {})"), call("KontextCreative.on('shown', 'not a function')"),
                    call("KontextCreative.on(undefined)")]
        self.expect_equal("on() with an unknown name or no function returns, ignored", outcomes, ["returned"] * 3)
        page.sdk_posts(FIXTURE["shown"])
        self.expect_equal("on('shown') once shown calls at once; a handler that throws does not throw at on()",
                          call("var heard = 0; KontextCreative.on('shown', function () { heard += 1; throw new Error('creative bug'); });"
                               " if (heard !== 1) throw new Error('not called at once')"), "returned")
        self.expect_equal("none of this sent anything", page.recorded()[before:], [])

        # The page's own posts the script cannot turn into JSON, or that are too long.
        before = len(page.recorded())
        page.evaluate("window.postMessage({type: 'error-iframe', data: {code: 10n}}, '*'); true")
        page.evaluate("window.postMessage({type: 'ready-iframe', data: null}, '*'); true")
        page.settle()
        self.expect_equal("a BigInt in data: sent with a data the SDK drops as malformed; data: null: sent as is",
                          page.recorded()[before:], [bodies["postedBigInt"]["body"], bodies["readyWithNullData"]["body"]])
        limit = FIXTURE["bridgeConfiguration"]["maximumBytes"]
        for name, text, units in (("12 KB of é (6,000 UTF-16 units)", "'é'.repeat(6000)", 6000),
                                  ("9 KB of ASCII", "'a'.repeat(9000)", 9000),
                                  ("emoji across the limit", "'😀'.repeat(2100)", 4200)):
            before = len(page.recorded())
            page.evaluate(f"window.postMessage({{type: 'error-iframe', data: {{pad: {text}}}}}, '*'); true")
            page.settle()
            sent = page.recorded()[before:]
            size = len(sent[0].encode("utf-8", "surrogatepass")) if sent else 0
            whole = sent and not any(0xD800 <= ord(c) <= 0xDFFF for c in sent[0])
            self.check(f"{name}: cut just past {limit} UTF-8 bytes, no character split", len(sent) == 1 and limit < size <= limit + 4 and whole,
                       f"{len(sent)} bodies, {size} bytes")
        before = len(page.recorded())
        exact = limit - len(body("error-iframe", {"pad": ""}).encode())
        page.evaluate(f"window.postMessage({{type: 'error-iframe', data: {{pad: 'é'.repeat({exact // 2}) + 'a'.repeat({exact % 2})}}}}, '*'); true")
        page.settle()
        sent = page.recorded()[before:]
        self.check(f"a body of exactly {limit} UTF-8 bytes goes whole", len(sent) == 1 and len(sent[0].encode()) == limit,
                   f"{[len(b.encode()) for b in sent]}")
        page.close()

    def timer_click(self):
        print("a click from a timer (CREATIVES.md, Clicks)")
        ad, page, context = self.open("overlay", "html-never-ready")
        page.wait_until_recorded(2)
        page.tap(10, 10)  # the page has no click handler: the tap is unused
        page.evaluate("new Promise(function (done) { setTimeout(function () { KontextCreative.click('timer'); setTimeout(done, 0); }, 200); })")
        page.settle()
        self.expect_equal("a timer within a second of an unused tap: forwarded, as that tap's one click", page.recorded()[2:],
                          [body("click-iframe", {"area": "timer"}, 1)])
        page.evaluate("new Promise(function (done) { setTimeout(function () { KontextCreative.click('again'); setTimeout(done, 0); }, 100); })")
        page.settle()
        self.expect_equal("a second timer click after that tap was used: nothing", page.recorded()[3:], [])
        page.tap(10, 10)
        page.evaluate("new Promise(function (done) { setTimeout(function () { KontextCreative.click('late'); setTimeout(done, 0); }, 1300); })")
        page.settle()
        self.expect_equal("a timer more than a second after the tap lifted: nothing", page.recorded()[3:], [])
        # The one place the two branches differ: a tap whose user activation the page used up
        # (window.open consumes it) before it posted its click.
        page.evaluate("document.addEventListener('click', function () { var popup = window.open('about:blank');"
                      " if (popup) popup.close(); KontextCreative.click('after-open'); }, true); true")
        page.tap(10, 10)
        if Page.without_user_activation:
            self.expect_equal("without navigator.userActivation, a click after the page used up the tap's activation counts"
                              " (the tap and its second are the rule)", page.recorded()[3:], [body("click-iframe", {"area": "after-open"}, 3)])
        else:
            self.expect_equal("with navigator.userActivation, a click after the page used up the tap's activation is dropped",
                              page.recorded()[3:], [])
        page.close()

    def resize_end_to_end(self):
        print("resize-iframe, end to end (render-contexts.json's resize; CreativeBridgeFixtureTests checks the SDK's half)")
        resize = FIXTURE["resize"]
        ad, page, context = self.open("overlay", "html-cta")
        self.expect_equal("hello, ready, load", page.wait_until_recorded(3), [HELLO, READY, LOADED])
        page.sdk_posts(context["message"])
        page.evaluate("KontextCreative.resize(300, 50); true")
        page.settle()
        self.expect_equal("KontextCreative.resize(300, 50) sends the request the SDK accepts", page.recorded()[3:], [resize["request"]])
        page.sdk_posts(resize["context"])
        self.expect_equal("the SDK's answer reaches the page: --kontext-width",
                          page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--kontext-width').trim()"), "300px")
        self.expect_equal("KontextCreative.context is the new one", page.evaluate("KontextCreative.context.size.width"), 300)
        page.close()

    def failed_loads(self):
        print("a page that fails to load (the SDK hears it from the web view's navigation delegate: 502, or 405 once ready)")
        with socket.socket() as closed:
            closed.bind(("127.0.0.1", 0))
            port = closed.getsockname()[1]
        refused = f"http://127.0.0.1:{port}/creative.html"
        page = Page(self.browser, refused, f"http://127.0.0.1:{port}", 320, 50, expect_error=True)
        self.check("before ready: the browser reports the navigation failed", bool(page.error_text), f"{page.error_text}")
        time.sleep(0.3)
        self.expect_equal("… and the bridge sent nothing (no load-iframe from an error page)", self.recorded_anywhere(page), [])
        page.close()
        with TruncatedPageServer() as server:
            page = Page(self.browser, server.url, server.origin, 320, 50, wait_for_load=False)
            messages = page.wait_until_recorded(2)
            self.expect_equal("after ready: the page said hello and ready, then its connection broke", messages, [HELLO, READY])
            self.check("(control) the server cut the page short", server.truncated.wait(5))
            time.sleep(0.5)
            page.settle()
            self.expect_equal("… and no load event came, so no load-iframe either", page.recorded(), [HELLO, READY])
            self.check("… the document never completed", page.evaluate("document.readyState") != "complete")
            page.close()

    def recorded_anywhere(self, page: "Page") -> list[str]:
        """What the bridge recorded in the page now shown, if its world exists there at all."""
        try:
            return page.evaluate("(window.__kontextRecorded || []).slice()", world="kontext")
        except Failure:
            return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--chromium")
    parser.add_argument("--without-user-activation", action="store_true",
                        help="remove navigator.userActivation before any script runs, as on iOS 16.0–16.3")
    options = parser.parse_args(argv)
    Page.without_user_activation = options.without_user_activation
    executable = find_chromium(options.chromium)
    if not executable:
        print("browser tests: NOT RUN — Chromium cannot be had on this machine (no chromium, chromium-browser or "
              "google-chrome on PATH; `apt-get install -y chromium` installs it). The JavaScript half of the creative "
              "bridge is untested here.")
        return 3
    OUT.mkdir(parents=True, exist_ok=True)
    version = subprocess.run([executable, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"browser tests: {version} (headless), screenshots in {OUT.relative_to(ROOT)}")
    try:
        sandbox = Sandbox()
    except (Failure, subprocess.CalledProcessError) as error:
        print(f"  FAIL  the sandbox did not start: {error}")
        print("browser tests: 0 passed, 1 failed")
        return 1
    browser = Browser(executable)
    run = Run(browser, sandbox)
    try:
        browser.send("Browser.getVersion")
        run.banner()
        run.call_to_action("overlay", "cta-overlay-320x50")
        run.other_origins()
        run.error_on_screen()
        run.never_ready()
        run.call_to_action("pause", "cta-pause-300x250")
        run.call_to_action("pause", "cta-full-screen-pause-390x763")
        run.plain_page()
        run.user_activation()
        run.double_tap()
        run.load_event_once()
        run.kit_calls()
        run.timer_click()
        run.resize_end_to_end()
        run.failed_loads()
    except Failure as error:
        run.failed += 1
        print(f"  FAIL  {error}")
    finally:
        browser.close()
        sandbox.stop()
    print(f"browser tests: {run.passed} passed, {run.failed} failed")
    return 0 if run.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
