"""Holds the module map true: every target imports exactly the package modules it declares.

SwiftPM's `--explicit-target-dependency-import-check error` rejects an import outside a target's
dependency closure, but accepts one that is only reachable through another dependency, and says
nothing about a declared dependency nobody imports. This check closes both gaps:

- every package module a target imports is one of its declared dependencies (no transitive edge);
- every declared dependency is imported somewhere in the target (no dead edge);
(The layers are the manifest's own business: `Package.swift` refuses to load with an edge that
points sideways or up, and `Scripts/module-table` writes CONTRIBUTING.md's table from it.)

Its inputs are structured: the targets, their paths and dependencies from `swift package
dump-package`; each target's imports from the compiler (`swiftc -frontend -emit-imported-modules`,
which reads `#if`, comments and strings as Swift does), once for Linux and once for each Apple
platform the manifest declares (at its floor, with the frameworks Tools/AppleSDKStubs/stubs.json
says it has), so an import behind `#if os(iOS)` counts too.

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
from . import swift_facts
from .swiftc import Configuration, apple_configuration, imported_modules

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
    if not any(f.clauses for f in swift_facts.read(files).values()):
        configs = configs[:1]
    found: set[str] = set()
    for configuration in configs:
        found |= imported_modules(files, configuration, repo.settings_flags(target, configuration.name), scratch)
    return found


def find_problems(package: repo.Package, imports: dict[str, set[str]]) -> list[str]:
    """Every finding, from the package and each target's imports."""
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
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--package-dir", default=repo.ROOT, type=Path)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args(argv)
    package_dir = args.package_dir.resolve()

    package = repo.load_package(package_dir)
    configs = configurations(package, package_dir / "Tools" / "AppleSDKStubs")
    names = sorted(package.targets)
    scratch = package_dir / ".build" / "check-module-imports"
    scratch.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=scratch) as work:
        def imports_of(name):
            target = package.targets[name]
            return target_imports(target, target.swift_files(), configs, Path(work))

        imports = dict(zip(names, repo.parallel_map(imports_of, names, args.jobs)))
        problems = find_problems(package, imports)
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
    print(f"check-module-imports: {len(names)} targets import exactly what they declare (on {platforms})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
