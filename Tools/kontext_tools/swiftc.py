"""The Swift compiler as the tools use it: its version, running it, reading its diagnostics, and
asking it which modules a set of files imports on a platform (`-emit-imported-modules`, which
evaluates every `#if` as that platform's compiler does)."""
from __future__ import annotations

import os
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

# A compiler diagnostic line (`-diagnostic-style=llvm`): compiler output, not Swift source.
DIAGNOSTIC_LINE = re.compile(r"^(?P<path>[^:\n]+\.swift):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|warning|note|remark): (?P<msg>.*)$")

# The Apple platforms, as SwiftPM names them, and the target triple of each at a version.
APPLE_TRIPLES = {"ios": "arm64-apple-ios{}", "tvos": "arm64-apple-tvos{}", "macos": "arm64-apple-macosx{}",
                 "visionos": "arm64-apple-xros{}"}
# Modules every Apple SDK has besides its frameworks.
APPLE_SYSTEM_MODULES = ("Darwin", "ObjectiveC", "os")
# Clang modules the toolchain itself defines (lib/swift/*/module.modulemap): a placeholder for one
# would be a second definition. `canImport` finds the toolchain's.
TOOLCHAIN_CLANG_MODULES = frozenset({"CoreFoundation", "Dispatch", "Foundation", "XCTest", "Testing"})


@dataclass
class Diagnostic:
    path: str
    line: int
    col: int
    kind: str
    msg: str
    notes: list[str] = field(default_factory=list)

    def render(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.kind}: {self.msg}"


def parse_diagnostics(output: str, path_map: dict[str, str] | None = None) -> list[Diagnostic]:
    """The errors and warnings of a compiler's output (notes attached to the one before), each
    once, with paths mapped back through `path_map` (a compiled copy -> its original)."""
    path_map = path_map or {}
    diagnostics: list[Diagnostic] = []
    for raw in output.splitlines():
        m = DIAGNOSTIC_LINE.match(raw)
        if not m:
            continue
        path = m.group("path")
        real = path_map.get(path) or path_map.get(os.path.realpath(path)) or path
        d = Diagnostic(real, int(m.group("line")), int(m.group("col")), m.group("kind"), m.group("msg"))
        if d.kind == "note" and diagnostics:
            diagnostics[-1].notes.append(d.render())
        elif d.kind in ("error", "warning"):
            diagnostics.append(d)
    # The same diagnostic can be printed twice (emit-module and type-check); keep one.
    seen, unique = set(), []
    for d in diagnostics:
        key = (d.path, d.line, d.col, d.kind, d.msg)
        if key not in seen:
            seen.add(key)
            unique.append(d)
    return unique


def version() -> str:
    return subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout.strip()


def run_swiftc(arguments: list[str]) -> tuple[int, str, float]:
    """(exit status, stdout and stderr, seconds)."""
    start = time.monotonic()
    proc = subprocess.run(["swiftc", *[str(a) for a in arguments]], capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr, time.monotonic() - start


@dataclass(frozen=True)
class Configuration:
    """A platform as the compiler sees it when it evaluates `#if`: the host (Linux), or an Apple
    platform at its floor, with the frameworks that platform has (so `canImport(UIKit)` is true
    where UIKit exists)."""
    name: str  # "linux", "ios", …
    triple: str | None = None  # None: the host's
    frameworks: tuple[str, ...] = ()

    def arguments(self, framework_directory: Path | None) -> list[str]:
        arguments = []
        if self.triple:
            arguments += ["-target", self.triple]
        if framework_directory is not None:
            arguments += ["-I", str(framework_directory)]
        return arguments


def apple_configuration(platform: str, floor: str, frameworks: set[str]) -> Configuration:
    names = (set(frameworks) | set(APPLE_SYSTEM_MODULES)) - TOOLCHAIN_CLANG_MODULES
    return Configuration(platform, APPLE_TRIPLES[platform].format(floor), tuple(sorted(names)))


def framework_placeholders(configuration: Configuration, directory: Path) -> Path | None:
    """A directory whose module map declares an empty module for each framework of the
    platform: enough for `canImport` (nothing is imported, only the imports are read)."""
    if not configuration.frameworks:
        return None
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "module.modulemap").write_text(
        "".join(f"module {name} {{}}\n" for name in configuration.frameworks), encoding="utf-8")
    return directory


class ImportsError(RuntimeError):
    pass


def imported_modules(files: list[Path], configuration: Configuration, flags: list[str] | None = None,
                     scratch: Path | None = None) -> set[str]:
    """The modules `files` import when compiled for `configuration` (with `flags`, `-D X` …), as
    the compiler reads them: every `#if` evaluated, comments and strings not code. Parsing only:
    nothing is type-checked, no module needs to exist."""
    if not files:
        return set()
    with tempfile.TemporaryDirectory(dir=scratch) as work:
        work_path = Path(work)
        placeholders = framework_placeholders(configuration, work_path / "frameworks")
        output = work_path / "imports.txt"
        proc = subprocess.run(["swiftc", "-frontend", "-emit-imported-modules", *configuration.arguments(placeholders),
                               *(flags or []), "-o", str(output), *[str(f) for f in files]],
                              capture_output=True, text=True)
        if proc.returncode != 0 or not output.exists():
            raise ImportsError(f"swiftc -emit-imported-modules ({configuration.name}) failed:\n{proc.stderr.strip()}")
        return {line.strip() for line in output.read_text(encoding="utf-8").splitlines() if line.strip()}
