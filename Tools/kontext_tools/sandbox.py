"""Talking to `kontext-sandbox` as the SDK does: its base URL from the first line it prints, and a
`POST /video/preload` with the body and headers the SDK sends (PROTOCOL.md)."""
from __future__ import annotations

import json
import urllib.request

TOKEN = "acme-dev"  # the sandbox's default publisher token


def base_url(first_line: str) -> str | None:
    """The `http://…` address in the sandbox's first line (`… listening on http://127.0.0.1:8080`)."""
    return next((word for word in first_line.split() if word.startswith("http://")), None)


def preload_body(format_: str, client: str) -> dict:
    """A `/video/preload` request for `format_` from an app named `client`."""
    return {
        "publisherToken": TOKEN, "format": format_, "playhead": 0, "content": {"id": client, "language": "en"},
        "sdk": {"name": client, "platform": "linux", "version": "0"},
        "app": {"bundleId": f"so.kontext.{client}", "version": "1"}, "device": {"os": "linux"},
        "installId": "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c11", "requestId": "5d0c6f0e-8f7b-4c53-9e1a-0d1f6b7a9c12",
    }


def preload(base: str, format_: str, client: str) -> dict:
    """The sandbox's answer to a `/video/preload` for `format_` (`answer["ad"]`: the ad it serves)."""
    request = urllib.request.Request(f"{base}/video/preload", data=json.dumps(preload_body(format_, client)).encode(),
                                     method="POST", headers={"Content-Type": "application/json", "Accept": "application/json",
                                                             "Kontextso-Publisher-Token": TOKEN})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)
