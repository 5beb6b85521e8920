"""The Swift compiler as the tools use it: its version, running it, reading its diagnostics."""
from __future__ import annotations

import os
import re
import subprocess
import time
from dataclasses import dataclass, field

# A compiler diagnostic line (`-diagnostic-style=llvm`): compiler output, not Swift source.
DIAGNOSTIC_LINE = re.compile(r"^(?P<path>[^:\n]+\.swift):(?P<line>\d+):(?P<col>\d+): (?P<kind>error|warning|note|remark): (?P<msg>.*)$")


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
