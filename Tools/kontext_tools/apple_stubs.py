"""Tools/AppleSDKStubs/stubs.json: which stub modules exist, on which platforms, and which Apple
frameworks each platform has without a stub."""
from __future__ import annotations

import json
from pathlib import Path

from .repo import ROOT

STUBS = ROOT / "Tools" / "AppleSDKStubs"
# Modules a Linux toolchain has that an Apple SDK does not: their `canImport` is false in the
# Apple passes (the stubs' Foundation overlay re-exports what FoundationNetworking and FoundationXML
# hold, as Apple's Foundation contains URLSession and XMLParser).
LINUX_ONLY_MODULES = frozenset({"Glibc", "Musl", "Bionic", "Android", "FoundationNetworking", "FoundationXML",
                                "WASILibc", "WinSDK", "ucrt", "CRT"})
# Modules both have (the toolchain's own and Foundation).
COMMON_MODULES = frozenset({"Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
                            "Dispatch", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation",
                            "Synchronization", "Distributed", "XCTest", "Testing"})


class StubConfig:
    def __init__(self, directory: Path = STUBS):
        self.directory = directory
        self.raw = json.loads((directory / "stubs.json").read_text(encoding="utf-8"))

    def modules(self, platform: str) -> list[dict]:
        """The stub modules built for `platform`, in build order."""
        return [m for m in self.raw["modules"] if platform in m["platforms"]]

    def stubbed(self, platform: str) -> set[str]:
        return {m["name"] for m in self.modules(platform)}

    def implicit(self, platform: str) -> list[str]:
        """The stub modules every compile imports implicitly (the Foundation overlay)."""
        return [m["name"] for m in self.modules(platform) if m.get("implicit")]

    def unmodelled(self, platform: str) -> set[str]:
        """Frameworks the platform has that no stub models there."""
        out = {m["name"] for m in self.raw["modules"] if platform in m.get("unmodelled", [])}
        return out | set(self.raw.get("unmodelled_frameworks", {}).get(platform, []))

    def known_frameworks(self) -> set[str]:
        """Every Apple framework the stubs know of, on any platform."""
        known = {m["name"] for m in self.raw["modules"]}
        for names in self.raw.get("unmodelled_frameworks", {}).values():
            if isinstance(names, list):
                known |= set(names)
        return known - COMMON_MODULES

    def frameworks(self, platform: str) -> set[str]:
        """What the platform's SDK has, stubbed or not (the overlay aside: it is no framework)."""
        return (self.stubbed(platform) - set(self.implicit(platform))) | self.unmodelled(platform)
