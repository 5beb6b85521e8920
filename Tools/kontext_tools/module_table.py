"""The module table of CONTRIBUTING.md, written from the manifest, never by hand.

`Package.swift` holds the layer table (`modules`: each library module's `name` and `layer`) and
refuses to load with an edge that points sideways or up. This tool prints that table as the
compiler evaluates the manifest: the manifest is compiled as SwiftPM compiles it, against
PackageDescription, with one statement more that prints each entry (`name`, `layer`);
`dump-package` says nothing of the layers, and the manifest cannot read them from a file of the
repository (SwiftPM evaluates a dependency's manifest from the Git objects, with no checkout beside
it). Each module's dependencies come from `swift package dump-package`, its description from its
card (`Modules/<Module>/README.md`), to which the table links.

    Scripts/module-table           rewrite the table between its two marker comments
    Scripts/module-table --check   exit 1 when the table is not what the manifest says (CI)
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from . import repo

DOCUMENT = "CONTRIBUTING.md"
BEGIN = "<!-- module-table: written by Scripts/module-table from Package.swift; edit the manifest, not these lines -->"
END = "<!-- end of module-table -->"
# The shared prefix of the SDK's module names, left out of the "depends on" column.
PREFIX = "KontextVideo"

MANIFEST = "Package.swift"
# Package.swift's layer table: a top-level `modules`, each entry with a `name` and a `layer`.
MANIFEST_TABLE = "modules"
LAYER_LINE = "KONTEXT-LAYER"
# What the manifest is compiled with to print its table (Swift's own `print`, one line an entry).
MANIFEST_TRAILER = f"""

// Scripts/module-table: the layer table, as this manifest evaluates it.
for entry in {MANIFEST_TABLE} {{ print("{LAYER_LINE}", entry.name, entry.layer) }}
"""


class ManifestError(ValueError):
    """Package.swift's layer table could not be had."""


def layer_lines(output: str) -> dict[str, int]:
    """The layer table from the evaluated manifest's output (`KONTEXT-LAYER <module> <layer>`
    lines; any other line is the manifest's own): module -> layer."""
    layers: dict[str, int] = {}
    for line in output.splitlines():
        words = line.split()
        if not words or words[0] != LAYER_LINE:
            continue
        if len(words) != 3 or not words[2].lstrip("-").isdigit():
            raise ManifestError(f"{MANIFEST}: cannot read the layer table's line {line!r}")
        if words[1] in layers:
            raise ManifestError(f"{MANIFEST}: the layer table lists {words[1]} twice")
        layers[words[1]] = int(words[2])
    if not layers:
        raise ManifestError(f"{MANIFEST}: its layer table (`{MANIFEST_TABLE}`) is empty")
    return layers


def manifest_layers(package_dir: Path, scratch: Path) -> dict[str, int]:
    """`Package.swift`'s layer table as the manifest evaluates it: module -> layer. The manifest
    is compiled as SwiftPM compiles it (PackageDescription, the language mode and API version of
    its tools version) with `MANIFEST_TRAILER` appended, in `scratch`, and run."""
    tools = repo.run(["swift", "package", "--package-path", package_dir, "tools-version"], cwd=package_dir)
    if tools.returncode != 0:
        raise ManifestError(f"`swift package tools-version` failed: {tools.stderr.strip()}")
    tools_version = tools.stdout.strip()
    info = repo.run(["swiftc", "-print-target-info"], cwd=package_dir)
    if info.returncode != 0:
        raise ManifestError(f"`swiftc -print-target-info` failed: {info.stderr.strip()}")
    api = Path(json.loads(info.stdout)["paths"]["runtimeResourcePath"]) / "pm" / "ManifestAPI"
    if not api.is_dir():
        raise ManifestError(f"the toolchain has no PackageDescription where SwiftPM keeps it ({api})")
    source = scratch / "manifest.swift"
    source.write_text((package_dir / MANIFEST).read_text(encoding="utf-8") + MANIFEST_TRAILER, encoding="utf-8")
    binary = scratch / "manifest"
    language_mode = "6" if int(tools_version.split(".")[0]) >= 6 else "5"
    compiled = repo.run(["swiftc", "-L", api, "-lPackageDescription", "-Xlinker", "-rpath", "-Xlinker", api, "-I", api,
                         "-swift-version", language_mode, "-package-description-version", tools_version,
                         source, "-o", binary], cwd=scratch)
    if compiled.returncode != 0:
        raise ManifestError(f"{MANIFEST} did not compile with its layer table printed (it needs a top-level "
                            f"`{MANIFEST_TABLE}` whose entries have `name` and `layer`):\n{compiled.stderr.strip()}")
    evaluated = repo.run([binary], cwd=scratch)
    if evaluated.returncode != 0:
        raise ManifestError(f"{MANIFEST}, evaluated, failed:\n{(evaluated.stderr or evaluated.stdout).strip()}")
    return layer_lines(evaluated.stdout)


def short(name: str) -> str:
    """A module as the "depends on" column names it: without the shared prefix."""
    return name[len(PREFIX):] if name.startswith(PREFIX) and len(name) > len(PREFIX) else name


def render(layers: dict[str, int], dependencies: dict[str, list[str]]) -> str:
    """The Markdown table: one row per module of the layer table, by layer (the manifest's order
    within a layer), with its card linked and its library dependencies."""
    rows = ["| module | layer | depends on |", "|---|---|---|"]
    for name in sorted(layers, key=lambda n: layers[n]):
        uses = ", ".join(short(d) for d in dependencies.get(name, []) if d in layers) or "—"
        rows.append(f"| [`{name}`](Modules/{name}/README.md) | {layers[name]} | {uses} |")
    return "\n".join(rows) + "\n"


def replace_table(document: str, table: str) -> str:
    """`document` with the lines between `BEGIN` and `END` replaced by `table`."""
    head, begin, rest = document.partition(BEGIN + "\n")
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"{DOCUMENT} has no module table markers ({BEGIN!r} … {END!r})")
    return head + begin + table + end + tail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the table is out of date; write nothing")
    parser.add_argument("--package-dir", default=repo.ROOT, type=Path)
    args = parser.parse_args(argv)
    package_dir = args.package_dir.resolve()
    scratch = package_dir / ".build" / "module-table"
    scratch.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory(dir=scratch) as work:
            layers = manifest_layers(package_dir, Path(work))
    except ManifestError as error:
        print(f"module-table: {error}")
        return 1
    package = repo.load_package(package_dir)
    table = render(layers, {name: t.dependencies for name, t in package.targets.items()})
    path = package_dir / DOCUMENT
    current = path.read_text(encoding="utf-8")
    try:
        wanted = replace_table(current, table)
    except ValueError as error:
        print(f"module-table: {error}")
        return 1
    if wanted == current:
        print(f"module-table: {DOCUMENT}'s module table is the manifest's ({len(layers)} modules)")
        return 0
    if args.check:
        print(f"module-table: {DOCUMENT}'s module table is not the manifest's: run Scripts/module-table and commit the result")
        return 1
    path.write_text(wanted, encoding="utf-8")
    print(f"module-table: wrote {DOCUMENT}'s module table ({len(layers)} modules)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
