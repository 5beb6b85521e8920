"""The size the SDK adds to an app: two small release executables, identical but for the facade
calls of the one that links the SDK, built in a scratch package under .build/sdk-size, stripped,
compared. Foundation and the Swift runtime are shared libraries on Linux, so the difference is the
SDK's own code and data; then where the bytes are, per module (symbol sizes of the unstripped
executable), and the unwind tables, which Linux keeps in .eh_frame where Apple platforms use a
compact __unwind_info.

Usage: Scripts/sdk-size
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

from .repo import ROOT, bin_path

WORK = ROOT / ".build" / "sdk-size"
GOAL_MB = 1.5

MANIFEST = """// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "SDKSize",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "{root}")],
    targets: [
        .executableTarget(name: "WithSDK", dependencies: [.product(name: "KontextVideo", package: "{identity}")]),
        .executableTarget(name: "WithoutSDK"),
    ],
    swiftLanguageModes: [.v6]
)
"""

# An app's use of the facade: initialize, an episode, a pause ad loaded, shown and destroyed.
WITH_SDK = """import Foundation
import KontextVideo

@MainActor func episode(in view: any VideoAdHostView) async {
    _ = await KontextVideo.shared.initialize(with: .init(publisherToken: CommandLine.arguments.last ?? "x"))
    let ads = VideoAds(content: .init(id: "episode-1", language: "en"), labels: ["stage": "first"])
    if let ad = try? await ads.format(.pause) {
        try? await ad.load()
        try? ad.show(in: view)
        try? ad.dismiss()
    }
    ads.destroy()
    print("done")
}
if CommandLine.arguments.count > 5 { Task { @MainActor in await episode(in: CommandLine.arguments as! any VideoAdHostView) } }
print(CommandLine.arguments.count)
"""

WITHOUT_SDK = """import Foundation

@MainActor func episode() async {
    print("done", CommandLine.arguments.last ?? "x")
}
if CommandLine.arguments.count > 5 { Task { @MainActor in await episode() } }
print(CommandLine.arguments.count)
"""


def module_of_symbol(mangled: str) -> str:
    """The module a Swift symbol belongs to, from its mangling (`$s12KontextVideo…`: the length
    and the name after the prefix); `(other)` for the rest."""
    name = mangled[1:] if mangled.startswith("_") else mangled
    if not name.startswith("$s"):
        return "(other)"
    digits = ""
    for c in name[2:]:
        if not c.isdigit():
            break
        digits += c
    if not digits:
        return "(other)"
    start = 2 + len(digits)
    module = name[start:start + int(digits)]
    return module if module.startswith("KontextVideo") else "(other)"


def sizes_by_module(nm_output: str) -> Counter:
    """Bytes per module from `nm -S --size-sort` (address, size, type, name)."""
    sizes: Counter = Counter()
    for line in nm_output.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        sizes[module_of_symbol(fields[3])] += int(fields[1], 16)
    return sizes


def unwind_bytes(size_output: str) -> int:
    """The bytes of .eh_frame and .eh_frame_hdr in `size -A` output."""
    total = 0
    for line in size_output.splitlines():
        fields = line.split()
        if len(fields) >= 2 and fields[0] in (".eh_frame", ".eh_frame_hdr"):
            total += int(fields[1])
    return total


def write_package(work: Path) -> None:
    (work / "Sources" / "WithSDK").mkdir(parents=True, exist_ok=True)
    (work / "Sources" / "WithoutSDK").mkdir(parents=True, exist_ok=True)
    (work / "Package.swift").write_text(MANIFEST.format(root=ROOT, identity=ROOT.name), encoding="utf-8")
    (work / "Sources" / "WithSDK" / "main.swift").write_text(WITH_SDK, encoding="utf-8")
    (work / "Sources" / "WithoutSDK" / "main.swift").write_text(WITHOUT_SDK, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)
    write_package(WORK)
    log = WORK / "build.log"
    with log.open("w") as output:
        for product in ("WithoutSDK", "WithSDK"):
            if subprocess.run(["swift", "build", "-c", "release", "--product", product], cwd=WORK, stdout=output,
                              stderr=subprocess.STDOUT).returncode != 0:
                print(log.read_text())
                return 1
    binaries = bin_path(WORK, "release")
    stripped = {}
    for name in ("WithSDK", "WithoutSDK"):
        stripped[name] = WORK / f"{name}.stripped"
        shutil.copy(binaries / name, stripped[name])
        subprocess.run(["strip", str(stripped[name])], check=True)
    with_sdk, without = (stripped[n].stat().st_size for n in ("WithSDK", "WithoutSDK"))
    added = with_sdk - without
    print("SDK size in a stripped release executable (Linux x86_64; Foundation and the Swift runtime are shared libraries)")
    print(f"  with the facade:     {with_sdk:9d} bytes")
    print(f"  without:             {without:9d} bytes")
    print(f"  the SDK adds:        {added:9d} bytes ({added / 1048576:.2f} MB; goal ≤ {GOAL_MB} MB)")
    print("  by module (symbol sizes, unstripped):")
    nm = subprocess.run(["nm", "-S", "--size-sort", str(binaries / "WithSDK")], capture_output=True, text=True, check=True)
    for module, size in sizes_by_module(nm.stdout).most_common():
        print(f"    {module:28} {size / 1024:7.0f} KB")
    sections = subprocess.run(["size", "-A", str(stripped["WithSDK"])], capture_output=True, text=True, check=True)
    print(f"  unwind tables (.eh_frame, .eh_frame_hdr): {unwind_bytes(sections.stdout) / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
