"""The repository and the toolchain: where the root is, running commands, and the package as
SwiftPM describes it (`swift package dump-package`: targets, their kinds, paths, dependencies,
resources and settings), never as `Package.swift`'s text spells it."""
from __future__ import annotations

import concurrent.futures
import json
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE_NAME = "kontextvideo"  # any one name, the same for every module of a compile by hand


def run(arguments: list, cwd: Path = ROOT, check: bool = False, **options) -> subprocess.CompletedProcess:
    """A command's result, output captured as text."""
    return subprocess.run([str(a) for a in arguments], cwd=cwd, capture_output=True, text=True, check=check, **options)


@dataclass
class Target:
    """One target of the manifest."""
    name: str
    kind: str  # "regular" (a library module), "test", "executable", "plugin", …
    path: Path
    dependencies: list[str]  # target and product names, in the manifest's order
    exclude: list[str] = field(default_factory=list)
    resources: list[dict] = field(default_factory=list)  # [{"rule": {"copy": {}}, "path": "Resources/x.js"}]
    settings: list[dict] = field(default_factory=list)

    def swift_files(self) -> list[Path]:
        """The target's Swift sources: every `.swift` file under its path but the excluded ones."""
        excluded = [self.path / e for e in self.exclude]
        return sorted(p for p in self.path.rglob("*.swift")
                      if not any(p == e or e in p.parents for e in excluded))


@dataclass
class Package:
    """The manifest as SwiftPM evaluates it."""
    name: str
    root: Path
    targets: dict[str, Target]
    products: list[dict]
    platforms: dict[str, str]  # "ios" -> "16.0"

    def of_kind(self, kind: str) -> dict[str, Target]:
        return {n: t for n, t in self.targets.items() if t.kind == kind}

    @property
    def libraries(self) -> dict[str, Target]:
        return self.of_kind("regular")

    def library_products(self) -> list[str]:
        """The modules of the library products, in the manifest's order."""
        return [t for p in self.products if "library" in p["type"] for t in p["targets"]]


def dependency_names(target: dict) -> list[str]:
    """The names a dump-package target depends on (`.target`, `.product`, by name)."""
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("target", "byName", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def package_from_dump(dump: dict, root: Path) -> Package:
    targets = {}
    for t in dump["targets"]:
        targets[t["name"]] = Target(
            name=t["name"], kind=t["type"], path=root / (t.get("path") or f"Sources/{t['name']}"),
            dependencies=dependency_names(t), exclude=list(t.get("exclude", [])),
            resources=list(t.get("resources", [])), settings=list(t.get("settings", [])))
    platforms = {p["platformName"]: p["version"] for p in dump.get("platforms", [])}
    return Package(dump["name"], root, targets, list(dump.get("products", [])), platforms)


@lru_cache(maxsize=None)
def load_package(root: Path = ROOT) -> Package:
    """`swift package dump-package` of the package at `root`; exits with SwiftPM's message when
    the manifest does not load (it refuses an edge against its layer table, for one)."""
    proc = run(["swift", "package", "--package-path", root, "dump-package"], cwd=root)
    if proc.returncode != 0:
        sys.exit(f"`swift package dump-package` failed:\n{proc.stderr.strip()}")
    return package_from_dump(json.loads(proc.stdout), root)


def bin_path(root: Path = ROOT, configuration: str = "debug") -> Path:
    """Where `swift build` puts the products."""
    proc = run(["swift", "build", "-c", configuration, "--show-bin-path"], cwd=root, check=True)
    return Path(proc.stdout.strip())


def settings_flags(target: Target, platform: str) -> list[str]:
    """The manifest's Swift settings of a target that affect compiling it for `platform` (a
    SwiftPM platform name: "ios", "linux" …)."""
    flags = []
    for s in target.settings:
        if s.get("tool") != "swift":
            continue
        condition = s.get("condition") or {}
        platforms = condition.get("platformNames")
        if platforms and platform not in platforms:
            continue
        if condition.get("config") == "release":
            continue
        kind = s.get("kind", {})
        if "define" in kind:
            flags += ["-D", kind["define"]["_0"]]
        elif "enableUpcomingFeature" in kind:
            flags += ["-enable-upcoming-feature", kind["enableUpcomingFeature"]["_0"]]
        elif "enableExperimentalFeature" in kind:
            flags += ["-enable-experimental-feature", kind["enableExperimentalFeature"]["_0"]]
        elif "unsafeFlags" in kind:
            flags += list(kind["unsafeFlags"]["_0"])
        elif "swiftLanguageMode" in kind:
            flags += ["-swift-version", str(kind["swiftLanguageMode"]["_0"]).lstrip("v")]
    return flags


def dependency_order(names: list[str], dependencies: dict[str, list[str]]) -> list[str]:
    """`names` and everything they depend on, each after its dependencies; a name missing from
    `dependencies` raises KeyError."""
    ordered: list[str] = []
    seen: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        if name in path:
            raise ValueError("dependency cycle: " + " -> ".join(path + (name,)))
        if name in seen:
            return
        for dependency in dependencies[name]:
            visit(dependency, path + (name,))
        seen.add(name)
        ordered.append(name)

    for name in names:
        visit(name, ())
    return ordered


def run_in_dependency_order(names: list[str], dependencies: dict[str, list[str]], work, jobs: int) -> dict:
    """Runs `work(name)` for each name once its dependencies (those among `names`) are done, up to
    `jobs` at a time; returns each result by name. A dependency outside `names` is not waited for.
    An exception in `work` propagates once the running ones are done."""
    wanted = set(names)
    waits = {n: [d for d in dependencies.get(n, []) if d in wanted and d != n] for n in names}
    dependency_order(list(names), waits)  # raises on a cycle, which would wait forever
    results: dict = {}
    remaining = list(names)
    lock = threading.Lock()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        running: dict = {}
        while remaining or running:
            with lock:
                ready = [n for n in remaining if all(d in results for d in waits[n])]
            for n in ready[: max(0, jobs - len(running))]:
                remaining.remove(n)
                running[pool.submit(work, n)] = n
            if not running:
                break
            done, _ = concurrent.futures.wait(running, return_when=concurrent.futures.FIRST_COMPLETED)
            for future in done:
                results[running.pop(future)] = future.result()
    return results


def parallel_map(function, items: list, jobs: int) -> list:
    """`function` over `items`, `jobs` at a time, results in the items' order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(function, items))
