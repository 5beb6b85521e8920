"""Holds the module map true: every target imports exactly the package modules it declares.

SwiftPM's `--explicit-target-dependency-import-check error` rejects an import outside a target's
dependency closure, but accepts one that is only reachable through another dependency, and says
nothing about a declared dependency nobody imports. This check closes both gaps:

- every package module a target imports is one of its declared dependencies (no transitive edge);
- every declared dependency is imported somewhere in the target (no dead edge);
- every library module's dependencies sit on a lower layer of CONTRIBUTING.md's module table;
- that table lists exactly the library modules of the manifest;
- it gives each module the layer `Package.swift`'s own layer table gives it (the table the manifest
  checks its edges against when it loads), and lists the same modules.

Its inputs are structured: the targets, their paths and dependencies from `swift package
dump-package`; each target's imports from the compiler (`swiftc -frontend -emit-imported-modules`,
which reads `#if`, comments and strings as Swift does), once for Linux and once for each Apple
platform the manifest declares (at its floor, with the frameworks Tools/AppleSDKStubs/stubs.json
says it has), so an import behind `#if os(iOS)` counts too; the layers from the Markdown table,
and `Package.swift`'s from the manifest as the compiler evaluates it: the manifest is compiled as
SwiftPM compiles it, against PackageDescription, with one statement more that prints each entry
of its `modules` table (`name`, `layer`). `dump-package` says nothing of that table, and the
manifest cannot read the layers from a file of the repository: SwiftPM evaluates a dependency's
manifest from the Git objects, with no checkout beside it, so a publisher's resolution would fail.

Usage: Scripts/check-module-imports [--package-dir DIR] [--jobs N]    (exit 1 on any finding)
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from . import repo
from .apple_stubs import StubConfig
from .markdown import table_rows
from .swift_source import SwiftSource
from .swiftc import Configuration, apple_configuration, imported_modules

TABLE_DOCUMENT = "CONTRIBUTING.md"
TABLE_HEADER = ("module", "layer")
MANIFEST = "Package.swift"
# Package.swift's layer table: a top-level `modules`, each entry with a `name` and a `layer`.
MANIFEST_TABLE = "modules"
LAYER_LINE = "KONTEXT-LAYER"
# What the manifest is compiled with to print its table (Swift's own `print`, one line an entry).
MANIFEST_TRAILER = f"""

// Scripts/check-module-imports: the layer table, as this manifest evaluates it.
for entry in {MANIFEST_TABLE} {{ print("{LAYER_LINE}", entry.name, entry.layer) }}
"""


class ManifestError(ValueError):
    """Package.swift's layer table could not be had."""


def module_table(markdown: str) -> dict[str, int]:
    """The module table of CONTRIBUTING.md (`| module | layer | what |`): module -> layer."""
    layers: dict[str, int] = {}
    for row in table_rows(markdown, TABLE_HEADER):
        name = row["module"].strip().strip("`")
        try:
            layers[name] = int(row["layer"].strip())
        except ValueError:
            raise ValueError(f"{TABLE_DOCUMENT}: the layer of {name} is not a number: {row['layer']!r}") from None
    return layers


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


def layer_table_problems(manifest: dict[str, int], documented: dict[str, int]) -> list[str]:
    """Where CONTRIBUTING.md's module table and Package.swift's layer table disagree: a module at
    another layer, or in one table only."""
    problems = []
    for module in sorted(set(manifest) | set(documented)):
        if module not in documented:
            problems.append(f"{MANIFEST}'s layer table puts {module} at layer {manifest[module]}; "
                            f"{TABLE_DOCUMENT}'s module table does not list it")
        elif module not in manifest:
            problems.append(f"{TABLE_DOCUMENT}'s module table puts {module} at layer {documented[module]}; "
                            f"{MANIFEST}'s layer table does not list it")
        elif manifest[module] != documented[module]:
            problems.append(f"{module} is at layer {manifest[module]} in {MANIFEST}'s layer table but at layer "
                            f"{documented[module]} in {TABLE_DOCUMENT}'s module table: the two tables must agree")
    return problems


def configurations(package: repo.Package, stubs_directory: Path) -> list[Configuration]:
    """Linux, and every Apple platform the manifest declares, at its floor, with the frameworks
    the stubs' table says it has."""
    found = [Configuration("linux")]
    apple = [p for p in ("ios", "tvos", "macos", "visionos") if p in package.platforms]
    stubs = StubConfig(stubs_directory) if apple else None
    for platform in apple:
        found.append(apple_configuration(platform, package.platforms[platform], stubs.frameworks(platform)))
    return found


def target_imports(target: repo.Target, files: list[Path], configs: list[Configuration], scratch: Path) -> set[str]:
    """What `files` of `target` import on any of the platforms. Files without a `#if` import the
    same everywhere: they are read once."""
    if not any(SwiftSource.read(f).directives for f in files):
        configs = configs[:1]
    found: set[str] = set()
    for configuration in configs:
        found |= imported_modules(files, configuration, repo.settings_flags(target, configuration.name), scratch)
    return found


def find_problems(package: repo.Package, imports: dict[str, set[str]], layers: dict[str, int]) -> list[str]:
    """Every finding, from the package, each target's imports and the documented layers."""
    targets = package.targets
    problems: list[str] = []
    for name, target in sorted(targets.items()):
        package_imports = {m for m in imports.get(name, set()) if m in targets and m != name}
        declared = set(target.dependencies)
        for module in sorted(package_imports - declared):
            problems.append(f"{name}: imports {module} without declaring it")
        for module in sorted(declared - package_imports):
            # A test may depend on an executable to have it built and run it as a child process.
            if target.kind == "test" and targets.get(module) is not None and targets[module].kind == "executable":
                continue
            problems.append(f"{name}: declares {module} but no file imports it")
        if target.kind == "regular":
            if name not in layers:
                continue  # reported below, with the table
            for module in sorted(declared):
                if module in layers and layers[module] >= layers[name]:
                    problems.append(f"{name} (layer {layers[name]}) depends on {module} (layer {layers[module]}): edges point down only")
    libraries = set(package.libraries)
    for module in sorted(libraries - set(layers)):
        problems.append(f"{TABLE_DOCUMENT}: the module table does not list {module}")
    for module in sorted(set(layers) - libraries):
        problems.append(f"{TABLE_DOCUMENT}: the module table lists {module}, which the manifest does not have")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package-dir", default=repo.ROOT, type=Path)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args(argv)
    package_dir = args.package_dir.resolve()

    package = repo.load_package(package_dir)
    layers = module_table((package_dir / TABLE_DOCUMENT).read_text(encoding="utf-8"))
    configs = configurations(package, package_dir / "Tools" / "AppleSDKStubs")
    names = sorted(package.targets)
    scratch = package_dir / ".build" / "check-module-imports"
    scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch) as work:
        def imports_of(name):
            target = package.targets[name]
            return target_imports(target, target.swift_files(), configs, Path(work))

        imports = dict(zip(names, repo.parallel_map(imports_of, names, args.jobs)))
        problems = find_problems(package, imports, layers)
        try:
            problems += layer_table_problems(manifest_layers(package_dir, Path(work)), layers)
        except ManifestError as error:
            problems.append(str(error))
        # Name the files of an undeclared import (only then: a compile per file).
        for i, problem in enumerate(problems):
            name, _, rest = problem.partition(": imports ")
            if not rest:
                continue
            module = rest.split()[0]
            target = package.targets[name]
            files = [f for f in target.swift_files() if module in target_imports(target, [f], configs, Path(work))]
            problems[i] += " (" + ", ".join(str(f.relative_to(target.path)) for f in files) + ")"

    for problem in problems:
        print(f"check-module-imports: {problem}")
    platforms = ", ".join(c.name for c in configs)
    if problems:
        print(f"check-module-imports: {len(problems)} finding(s) in {len(names)} targets")
        return 1
    print(f"check-module-imports: {len(names)} targets import exactly what they declare (on {platforms}); "
          f"the {len(package.libraries)} modules of {TABLE_DOCUMENT}'s module table, at the layers {MANIFEST}'s "
          f"layer table gives them, depend only on lower layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
