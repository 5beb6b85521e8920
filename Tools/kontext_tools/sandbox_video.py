"""Makes the sandbox's linear-ad video, `Modules/KontextVideoSandbox/Sources/Resources/sandbox-ad.mp4`,
with Debian's `ffmpeg` (run once by hand; the file is committed, so nothing else needs ffmpeg).

What it is, and why each setting:

    15 s          the sandbox's default ad `duration` (SandboxAd), long enough for the quartiles
                  and the Skip button at 5 s (the VAST's skipoffset)
    640×360, 24 fps  FFmpeg's `testsrc` pattern: colour bars and a counter of the seconds, so a
                  viewer sees the video advance; the size the sandbox's VAST has always stated
    H.264 Main, level 3.0, yuv420p   plays with AVPlayer on every iPhone and Apple TV the SDK
                  supports (iOS 16 / tvOS 16), and in browsers
    CRF 30, keyframe every 2 s       small enough to commit (about 150 KB)
    AAC-LC mono 32 kb/s, 44.1 kHz    a 440 Hz tone with a higher beep each second (`sine`,
                  beep_factor 2), so sound and mute are audible
    +faststart    the `moov` box before the media data: playback starts before the whole file
                  has arrived (progressive download)

Its duration, size and bitrate are stated in `SandboxVideo.swift` and in every VAST document the
sandbox serves; `SandboxVideoTests` parses the file's boxes and fails when they disagree.

Usage: Scripts/make-sandbox-video [--output PATH]
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from .repo import ROOT

OUTPUT = ROOT / "Modules" / "KontextVideoSandbox" / "Sources" / "Resources" / "sandbox-ad.mp4"
DURATION_SECONDS = 15
WIDTH, HEIGHT, FRAME_RATE = 640, 360, 24


def ffmpeg_arguments(output: Path) -> list[str]:
    """The whole `ffmpeg` command line, from its settings (the module docstring says why each)."""
    video = f"testsrc=size={WIDTH}x{HEIGHT}:rate={FRAME_RATE}:duration={DURATION_SECONDS}"
    audio = f"sine=frequency=440:beep_factor=2:sample_rate=44100:duration={DURATION_SECONDS}"
    return [
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
        "-f", "lavfi", "-i", video,
        "-f", "lavfi", "-i", audio,
        "-c:v", "libx264", "-profile:v", "main", "-level:v", "3.0", "-pix_fmt", "yuv420p",
        "-preset", "veryslow", "-crf", "30", "-g", str(2 * FRAME_RATE),
        "-c:a", "aac", "-b:a", "32k", "-ac", "1",
        # Reproducible bytes: no encoder version string or creation time in the file.
        "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact",
        "-movflags", "+faststart", "-shortest",
        str(output),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=OUTPUT)
    arguments = parser.parse_args(argv)
    if shutil.which("ffmpeg") is None:
        print("make-sandbox-video: ffmpeg is missing (apt-get install ffmpeg)")
        return 1
    subprocess.run(ffmpeg_arguments(arguments.output), check=True)
    size = arguments.output.stat().st_size
    kilobits_per_second = round(size * 8 / DURATION_SECONDS / 1000)
    print(f"make-sandbox-video: {arguments.output} ({size} bytes, {DURATION_SECONDS} s, {WIDTH}x{HEIGHT}, "
          f"{kilobits_per_second} kb/s): state these in SandboxVideo.swift")
    return 0


if __name__ == "__main__":
    sys.exit(main())
