"""A DevTools protocol client for Chromium on a pipe (`--remote-debugging-pipe`): JSON messages,
each ended by NUL, on file descriptors 3 (to the browser) and 4 (from it). Standard library only."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

TIMEOUT = 15.0


class Failure(Exception):
    """A command without an answer, an answer with an error, an event that never came."""


def split_messages(buffer: bytes) -> tuple[list[dict], bytes]:
    """The whole messages at the front of what the browser sent, and the part of the next one."""
    messages = []
    while b"\0" in buffer:
        raw, buffer = buffer.split(b"\0", 1)
        if raw.strip():
            messages.append(json.loads(raw))
    return messages, buffer


def find_chromium(given: str | None) -> str | None:
    """`given`, else the first Chromium or Chrome on the PATH."""
    for candidate in ([given] if given else []) + ["chromium", "chromium-browser", "google-chrome", "chrome"]:
        path = shutil.which(candidate) if candidate else None
        if path:
            return path
    return None


class Browser:
    """Chromium with `--remote-debugging-pipe`: JSON messages, each ended by NUL, on fds 3 and 4."""

    def __init__(self, executable: str):
        self.profile = tempfile.mkdtemp(prefix="kontext-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def wire_fds():
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check", "--hide-scrollbars", "--mute-audio",
             "--disable-extensions", "--disable-background-networking", "--font-render-hinting=none",
             f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=wire_fds)
        os.close(to_child_r)
        os.close(from_child_w)
        self._next_id = 0
        self._lock = threading.Condition()
        self._responses: dict[int, dict] = {}
        self.events: list[dict] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        buffer = b""
        while True:
            chunk = os.read(self._from_child, 1 << 16)
            if not chunk:
                break
            messages, buffer = split_messages(buffer + chunk)
            for message in messages:
                with self._lock:
                    if "id" in message:
                        self._responses[message["id"]] = message
                    else:
                        self.events.append(message)
                    self._lock.notify_all()
        with self._lock:
            self._lock.notify_all()

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        return self.answer(self.post(method, params, session), method)

    def post(self, method: str, params: dict | None = None, session: str | None = None) -> int:
        """Sends a command without waiting for its answer; `answer` waits for it."""
        with self._lock:
            self._next_id += 1
            number = self._next_id
        message = {"id": number, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        return number

    def answer(self, number: int, method: str) -> dict:
        deadline = time.monotonic() + TIMEOUT
        with self._lock:
            while number not in self._responses:
                left = deadline - time.monotonic()
                if left <= 0 or self.process.poll() is not None:
                    raise Failure(f"no answer to {method}")
                self._lock.wait(left)
            answer = self._responses.pop(number)
        if "error" in answer:
            raise Failure(f"{method}: {answer['error']}")
        return answer.get("result", {})

    def wait_for_event(self, method: str, session: str, since: int) -> dict:
        deadline = time.monotonic() + TIMEOUT
        with self._lock:
            while True:
                for event in self.events[since:]:
                    if event.get("method") == method and event.get("sessionId") == session:
                        return event
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Failure(f"no {method} event")
                self._lock.wait(left)

    def close(self):
        try:
            self.send("Browser.close")
        except Failure:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
