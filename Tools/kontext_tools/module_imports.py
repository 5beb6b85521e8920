"""Holds the module map true: every target imports exactly the package modules it declares.

SwiftPM's `--explicit-target-dependency-import-check error` rejects an import outside a target's
dependency closure, but accepts one that is only reachable through another dependency, and says
nothing about a declared dependency nobody imports. This check closes both gaps:

- every package module a target imports is one of its declared dependencies (no transitive edge);
- every declared dependency is imported somewhere in the target (no dead edge);
- no file imports, where an Apple platform compiles it, a module only Linux has
  (`FoundationNetworking`, `FoundationEssentials`, `Glibc`…): the Apple passes of
  `Scripts/apple-typecheck` compile with Linux's toolchain, which has them, so only this sees it;
(The layers are the manifest's own business: `Package.swift` refuses to load with an edge that
points sideways or up, and `Scripts/module-table` writes CONTRIBUTING.md's table from it.)

Its inputs are structured: the targets, their paths and dependencies from `swift package
dump-package`; each file's imports as the toolchain's parser reads them (`swift_facts`: comments
and strings are not code), each behind its `#if` clauses evaluated for Linux and for each Apple
platform the manifest declares (with the frameworks Tools/AppleSDKStubs/stubs.json says it has),
so an import behind `#if os(iOS)` counts too, and so does one behind a custom flag.

Usage: Scripts/check-module-imports [--package-dir DIR]    (exit 1 on any finding)
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from . import repo, swift_facts
from .apple_stubs import LINUX_ONLY_MODULES, STUBS, StubConfig, configurations

APPLE_PLATFORMS = ("ios", "tvos", "macos", "visionos")


def file_imports(files: list[Path], package: repo.Package, stubs_directory: Path) -> dict[Path, set[str]]:
    """What each file imports on Linux or on any Apple platform the manifest declares: an import
    counts where the clauses around it are compiled, or may be (a custom flag)."""
    return {path: set(by_platform) for path, by_platform in imports_by_platform(files, package, stubs_directory).items()}


def imports_by_platform(files: list[Path], package: repo.Package, stubs_directory: Path) -> dict[Path, dict[str, set[str]]]:
    """Each file's imports, each with the platforms that compile it, or may ("linux", "ios" …)."""
    platforms = ["linux"] + [p for p in APPLE_PLATFORMS if p in package.platforms]
    names = {p: p if p == "linux" else f"real-{p}" for p in platforms}
    found = {}
    stubs = StubConfig(stubs_directory if stubs_directory.exists() else STUBS)
    for path, source in swift_facts.read(files, configurations(stubs)).items():
        states = swift_facts.line_states(source, {n: n for n in names.values()})
        found[path] = {}
        for module, line in source.import_lines:
            where = {p for p, n in names.items() if states[line - 1].states[n] is not False}
            if where:
                found[path].setdefault(module, set()).update(where)
    return found


def linux_only_imports(by_platform: dict[Path, dict[str, set[str]]]) -> list[str]:
    """Every import of a module only Linux has, in a file an Apple platform compiles."""
    return [f"{path.name}: imports {module} on {', '.join(sorted(where - {'linux'}))}, whose SDK has no such module "
            f"(put it behind `#if canImport({module})`)"
            for path, modules in sorted(by_platform.items()) for module, where in sorted(modules.items())
            if module in LINUX_ONLY_MODULES and where - {"linux"}]


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
    package_dir = parser.parse_args(argv).package_dir.resolve()

    package = repo.load_package(package_dir)
    targets = package.targets
    files = {f: name for name, target in targets.items() for f in target.swift_files()}
    by_platform = imports_by_platform(list(files), package, package_dir / "Tools" / "AppleSDKStubs")
    by_file = {path: set(modules) for path, modules in by_platform.items()}
    imports = {name: set() for name in targets}
    for path, modules in by_file.items():
        imports[files[path]] |= modules
    problems = find_problems(package, imports)
    for i, problem in enumerate(problems):  # an undeclared import: name its files
        name, _, rest = problem.partition(": imports ")
        if rest:
            module = rest.split()[0]
            paths = [str(f.relative_to(targets[name].path)) for f in targets[name].swift_files() if module in by_file[f]]
            problems[i] += " (" + ", ".join(paths) + ")"
    problems += linux_only_imports(by_platform)

    for problem in problems:
        print(f"check-module-imports: {problem}")
    platforms = ", ".join(["linux"] + [p for p in APPLE_PLATFORMS if p in package.platforms])
    if problems:
        print(f"check-module-imports: {len(problems)} finding(s) in {len(targets)} targets")
        return 1
    print(f"check-module-imports: {len(targets)} targets import exactly what they declare (on {platforms})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
