"""Tools/AppleSDKStubs/stubs.json: which stub modules exist, on which platforms, and which Apple
frameworks each platform has without a stub."""
from __future__ import annotations

import json
import os
from pathlib import Path

from . import swiftc
from .repo import ROOT

STUBS = ROOT / "Tools" / "AppleSDKStubs"
# Modules a Linux toolchain has that an Apple SDK does not: their `canImport` is false in the
# Apple passes (the stubs' Foundation overlay re-exports what FoundationNetworking and FoundationXML
# hold, as Apple's Foundation contains URLSession and XMLParser).
# swift-foundation's FoundationEssentials and FoundationInternationalization are Linux's too: on
# Apple platforms Foundation is the only module (`#if canImport(FoundationEssentials)` is false there).
LINUX_ONLY_MODULES = frozenset({"Glibc", "Musl", "Bionic", "Android", "FoundationNetworking", "FoundationXML",
                                "FoundationEssentials", "FoundationInternationalization",
                                "WASILibc", "WinSDK", "ucrt", "CRT"})
# Modules both have (the toolchain's own and Foundation).
COMMON_MODULES = frozenset({"Swift", "Foundation",
                            "Dispatch", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation",
                            "Synchronization", "Distributed", "XCTest", "Testing"})


# `arch(…)` spells a machine as Swift does, not as `uname -m` does (`aarch64` is `arm64`).
SWIFT_ARCHITECTURES = {"aarch64": "arm64", "amd64": "x86_64", "i686": "i386", "armv7l": "arm", "ppc64le": "powerpc64le"}


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


def configurations(stubs: StubConfig, compiler: str | None = None, machine: str | None = None) -> dict[str, dict]:
    """The configurations every `#if` is evaluated in (swift_facts): for each Apple platform the
    real device (`real-ios`: a custom flag, the architecture or the environment depends on the
    build, so null) and this checker's compile of it (`sim-ios`: the stubs and the toolchain's
    modules, nothing else), and the Linux build (`linux`)."""
    compiler = compiler or swiftc.version().split("version ", 1)[-1].split()[0]
    machine = machine or os.uname().machine
    machine = SWIFT_ARCHITECTURES.get(machine, machine)
    known = stubs.known_frameworks() | {"Darwin", "ObjectiveC"}
    found = {"linux": {"os": "Linux", "modules": sorted(LINUX_ONLY_MODULES | COMMON_MODULES), "absent": sorted(known),
                       "arch": machine, "environments": [], "runtime": "_Native", "compiler": compiler}}
    for platform, name in {"ios": "iOS", "tvos": "tvOS", "macos": "macOS", "visionos": "visionOS"}.items():
        present = stubs.stubbed(platform) | COMMON_MODULES
        found[f"real-{platform}"] = {"os": name, "modules": sorted(present | stubs.unmodelled(platform)), "runtime": "_ObjC",
                                     "absent": sorted(LINUX_ONLY_MODULES | known - stubs.unmodelled(platform) - present),
                                     "compiler": compiler}
        found[f"sim-{platform}"] = {"os": name, "modules": sorted(present), "flags": [], "arch": machine, "environments": [],
                                    "runtime": "_Native", "compiler": compiler}
    return found
