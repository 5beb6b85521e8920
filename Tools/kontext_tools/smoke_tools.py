"""Smoke test of the command-line tools as a person uses them: `kontext-sandbox` serves a linear
ad, `kontext-vast inspect` resolves its VAST tag over HTTP, the tool's sample tag and a file from
the corpus (when present); the sandbox names the configuration to paste, listens where `--host`
says (loopback addresses only: nothing here talks to the network) and says plainly when its port
is busy; `kontext-video-demo` ends against a dead server, and `--inspect` prints the ad inspector's model
of the episode. Exits non-zero on the first thing that does not work. Expects the products built (`swift build`)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from . import sandbox as sandbox_client
from .repo import ROOT, bin_path

root = ROOT
bin_dir: Path = ROOT  # set by main: where `swift build` put the products


# The line `kontext-video-demo --inspect` prints before the inspector's model.
INSPECTOR_HEADING = "── Ad inspector "


def fail(message):
    print(f"smoke-tools: {message}")
    sys.exit(1)


def inspect(target):
    out = subprocess.run([bin_dir / "kontext-vast", "inspect", target], capture_output=True, text=True, timeout=60)
    try:
        return json.loads(out.stdout)
    except json.JSONDecodeError:
        fail(f"kontext-vast inspect {target} did not print JSON:\n{out.stdout[:500]}{out.stderr[:500]}")


def start_sandbox(*arguments):
    """A started `kontext-sandbox` and its base URL, from its first line; its next lines are read
    up to the one that says how to stop it (returned too)."""
    process = subprocess.Popen([bin_dir / "kontext-sandbox", "--port", "0", *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline()
    base = sandbox_client.base_url(first)
    if not base:
        process.kill()
        fail(f"kontext-sandbox {' '.join(arguments)} printed no base URL: {first!r}{process.stderr.read()[:500]}")
    banner = [first]
    while not banner[-1].startswith("Ctrl-C stops"):
        banner.append(process.stdout.readline())
        if not banner[-1]:
            fail(f"kontext-sandbox stopped early:\n{''.join(banner)}")
    return process, base, "".join(banner)


def main(argv: list[str] | None = None) -> int:
    """Runs every check in order; exits 1 at the first that fails."""
    global bin_dir
    bin_dir = bin_path(ROOT)
    sandbox, base, banner = start_sandbox()
    try:
        expected = f'KontextVideo.Configuration(publisherToken: "acme-dev", serverURL: URL(string: "{base}")!)'
        if expected not in banner:
            fail(f"kontext-sandbox's hint does not name the configuration to paste ({expected}):\n{banner}")
        answer = sandbox_client.preload(base, "linear", "smoke")
        tag = answer["ad"]["creative"]["url"]
        resolved = inspect(tag)
        ad = resolved["resolution"]["ads"][0]
        if ad["duration"] != 15 or not ad["mediaFile"]["url"].endswith(".mp4") or "firstQuartile" not in ad["tracking"]:
            fail(f"unexpected resolution of {tag}: {json.dumps(ad)[:400]}")
        print(f"smoke-tools: kontext-sandbox served {tag}; kontext-vast inspect resolved it ({ad['duration']} s, {len(ad['tracking'])} tracking events)")
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=10)

    # --host: the loopback addresses only (IPv4 beyond 127.0.0.1 is loopback on Linux only).
    for host, url in [("127.0.0.1", "http://127.0.0.1:"), ("::1", "http://[::1]:")]:
        try:
            process, base, banner = start_sandbox("--host", host)
        except SystemExit:
            if host == "::1":
                print("smoke-tools: no IPv6 loopback here; --host ::1 skipped")
                continue
            raise
        process.terminate()
        process.wait(timeout=10)
        warned = process.stderr.read()
        if not base.startswith(url) or "warning" in warned:
            fail(f"kontext-sandbox --host {host} listened on {base} (expected {url}…), warning: {warned!r}")
    print("smoke-tools: kontext-sandbox --host 127.0.0.1 and ::1 listen there, without the network warning")

    # SIGTERM the moment "Ctrl-C stops" is read: it stops every time (a signal sent before a dispatch
    # signal source was registered used to be ignored, in 23 of 150 starts on a busy machine).
    for attempt in range(20):
        process, _, _ = start_sandbox()
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            fail(f"kontext-sandbox ignored a SIGTERM sent as it said \"Ctrl-C stops\" (start {attempt + 1} of 20)")
    print("smoke-tools: kontext-sandbox stops on a SIGTERM sent as soon as it says how to stop it (20 starts)")

    # A busy port: said plainly, with what to do, and exit status 1.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = subprocess.run([bin_dir / "kontext-sandbox", "--port", str(port)], capture_output=True, text=True, timeout=30)
    if busy.returncode != 1 or f"port {port} is busy" not in busy.stderr or "--port 0" not in busy.stderr:
        fail(f"kontext-sandbox on a busy port (exit {busy.returncode}) did not say so:\n{busy.stdout}{busy.stderr}")
    print(f"smoke-tools: kontext-sandbox on a busy port: {busy.stderr.splitlines()[0]}")

    # The tool's sample (Tools/KontextVASTTool/Samples, shown in Tools/README.md): a wrapper whose tag is the in-line ad beside it.
    sample = inspect(str(root / "Tools" / "KontextVASTTool" / "Samples" / "wrapper.xml"))["resolution"]["ads"][0]
    if sample["duration"] != 15 or len(sample["wrapperChain"]) != 1 or sample["mediaFile"]["id"] != "sample-ad-hls":
        fail(f"unexpected resolution of the sample tag: {json.dumps(sample)[:400]}")
    print("smoke-tools: kontext-vast inspect Tools/KontextVASTTool/Samples/wrapper.xml: 15 s, one wrapper, the HLS file chosen")

    corpus = root.parent / "shared" / "vast-corpus" / "iab-vast-samples" / "VAST 4.2 Samples" / "Inline_Linear_Tag-test.xml"
    if corpus.exists():
        ad = inspect(str(corpus))["resolution"]["ads"][0]
        if ad["duration"] != 16:
            fail(f"unexpected duration for {corpus.name}: {ad['duration']}")
        print(f"smoke-tools: kontext-vast inspect {corpus.name}: {ad['duration']} s, media {ad['mediaFile']['url']}")
    else:
        print("smoke-tools: VAST corpus absent; file inspection skipped")

    # The demo against a server that is not there, on the real clock: every call answers within its
    # budget, each failure is printed as an outcome, and the episode ends (before: it hung forever).
    storage = Path(tempfile.mkdtemp(prefix="kontext-smoke-"))
    demo = subprocess.run([bin_dir / "kontext-video-demo", "--server", "http://127.0.0.1:9", "--inspect"], capture_output=True,
                          text=True, timeout=120, env={**os.environ, "XDG_DATA_HOME": str(storage), "HOME": str(storage)})
    episode, _, inspection = demo.stdout.partition(INSPECTOR_HEADING)
    outcomes = [line for line in episode.splitlines() if "outcome" in line]
    if demo.returncode != 0 or len(outcomes) != 4 or "Summary" not in episode:
        fail(f"kontext-video-demo --server (dead) did not end with four outcomes:\n{demo.stdout[-1500:]}{demo.stderr[-500:]}")
    print(f"smoke-tools: kontext-video-demo against a dead server ended on the real clock with {len(outcomes)} outcomes")
    check_dead_server_inspection(inspection)

    # --inspect on the embedded sandbox: the inspector's model of the whole episode, as text.
    demo = subprocess.run([bin_dir / "kontext-video-demo", "--inspect"], capture_output=True, text=True, timeout=120)
    episode, heading, inspection = demo.stdout.partition(INSPECTOR_HEADING)
    if demo.returncode != 0 or not heading:
        fail(f"kontext-video-demo --inspect printed no inspection:\n{demo.stdout[-1500:]}{demo.stderr[-500:]}")
    check_sandbox_inspection(inspection)
    return 0


def check_dead_server_inspection(inspection: str) -> None:
    """--inspect against a dead server: the ad inspector saw initialization fail and says so for
    each ad asked for."""
    failed = [line for line in inspection.splitlines() if line.startswith("Ad ") and line.endswith("· request failed")]
    if "  initialization: failed" not in inspection or len(failed) != 4:
        fail(f"kontext-video-demo --server (dead) --inspect did not show a failed initialization and four failed requests:\n{inspection[:3000]}")
    print(f"smoke-tools: kontext-video-demo --server (dead) --inspect: initialization failed, {len(failed)} requests failed")


# The six ads of the demo's episode, as the inspector ends them.
SANDBOX_EPISODE_ADS = ["Ad 1 · overlay · ended (completed)", "Ad 2 · pause · ended (closed)", "Ad 3 · overlay · invalidated (rejected)",
                       "Ad 4 · linear · ended (skipped)", "Ad 5 · linear · ended (closed)", "Ad 6 · pause · invalidated (destroyed)"]
# Lines the inspection of that episode shows: the session, the VAST chain, the media file's reason, deliveries.
SANDBOX_EPISODE_LINES = ["  initialization: enabled", "  event queue: 0 waiting", "labels dropped", "    0 tag http://",
                         "  media file: http://", "    why: 1 of 1 files playable", "pixel firstQuartile · sent (HTTP 200)",
                         "event impression · sent", "event reject · sent", "event dropped · sent"]


def check_sandbox_inspection(inspection: str) -> None:
    """--inspect on the embedded sandbox: six ads from request to end, every delivery sent."""
    ads = [line for line in inspection.splitlines() if line.startswith("Ad ")]
    if ads != SANDBOX_EPISODE_ADS:
        fail(f"kontext-video-demo --inspect: the ads are {ads}, not {SANDBOX_EPISODE_ADS}")
    for line in SANDBOX_EPISODE_LINES:
        if line not in inspection:
            fail(f"kontext-video-demo --inspect did not show {line!r}:\n{inspection[:4000]}")
    tallies = [line for line in inspection.splitlines() if "deliveries (" in line]
    unsent = [line for line in tallies if not line.endswith(f"{line.split('(')[1].split(')')[0]} sent")]
    if len(tallies) != 6 or unsent:
        fail(f"kontext-video-demo --inspect: every delivery of the six ads should be sent: {tallies}")
    print(f"smoke-tools: kontext-video-demo --inspect: six ads from request to end, {len(tallies)} with every delivery sent")


if __name__ == "__main__":
    sys.exit(main())
