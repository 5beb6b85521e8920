"""Holds the module map true: every target imports exactly the package modules it declares.

SwiftPM's `--explicit-target-dependency-import-check error` rejects an import outside a target's
dependency closure, but accepts one that is only reachable through another dependency, and says
nothing about a declared dependency nobody imports. This check closes both gaps:

- every package module a target imports is one of its declared dependencies (no transitive edge);
- every declared dependency is imported somewhere in the target (no dead edge);
- every library module's dependencies sit on a lower layer of CONTRIBUTING.md's module table;
- that table lists exactly the library modules of the manifest.

Its inputs are structured: the targets, their paths and dependencies from `swift package
dump-package`; each target's imports from the compiler (`swiftc -frontend -emit-imported-modules`,
which reads `#if`, comments and strings as Swift does), once for Linux and once for each Apple
platform the manifest declares (at its floor, with the frameworks Tools/AppleSDKStubs/stubs.json
says it has), so an import behind `#if os(iOS)` counts too; the layers from the Markdown table.
`Package.swift` refuses an edge against its own copy of the layer table when it loads.

Usage: Scripts/check-module-imports [--package-dir DIR] [--jobs N]    (exit 1 on any finding)
"""
from __future__ import annotations

import argparse
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
          f"the {len(package.libraries)} modules of {TABLE_DOCUMENT}'s module table depend only on lower layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
