"""Holds the SDK's cost in CI: runs `kontext-video-bench sdk` (release build) and fails when one of
its figures passes its ceiling in Tools/KontextVideoBenchmarks/thresholds.json.

Each figure is a ratio to a floor measured in the same run (so it carries over from one machine to
another: Tools/KontextVideoBenchmarks/FIGURES.md), or heap bytes per object; all are smaller when
better. The machine is shared and noisy, so a failing run is run again (up to --runs times) and
each figure's best over the runs is what is checked: noise only ever makes a figure worse, a real
regression makes every run worse.

    Scripts/bench-check [--runs N] [--thresholds FILE] [--bench PATH] [-- BENCH-ARGUMENTS…]
        run the benchmark (built already: `swift build -c release --product kontext-video-bench`)
        until its best figures pass, at most N times (3)
    Scripts/bench-check --figures FILE…
        check figures already written by `kontext-video-bench sdk --figures FILE`

Exit status: 0 when every figure is within its ceiling; 1 naming each one that is not (its best
figure, its ceiling, the figure thresholds.json says was measured when it was set) or was not
measured; 2 when the benchmark could not run. Standard library only.
"""
from __future__ import annotations

import argparse
import json
import math
import subprocess
import tempfile
from pathlib import Path

from .repo import ROOT

THRESHOLDS = ROOT / "Tools/KontextVideoBenchmarks/thresholds.json"
BENCH = ROOT / ".build/release/kontext-video-bench"
# The kinds of figure a figures file holds, each with how it is printed.
UNITS = {"ratios": "×", "bytes": " B"}


def load_thresholds(path: Path) -> dict[tuple[str, str], dict]:
    """The ceilings of thresholds.json, by (kind, name): each a dict with `max` and, for the reader,
    `measured` (what it was when the ceiling was set) and `why`."""
    document = json.loads(path.read_text(encoding="utf-8"))
    ceilings = {}
    for kind in UNITS:
        for name, entry in document.get(kind, {}).items():
            if not isinstance(entry, dict) or not isinstance(entry.get("max"), (int, float)):
                raise ValueError(f"{path}: {kind}.{name} needs a numeric \"max\"")
            ceilings[(kind, name)] = entry
    return ceilings


def best_of(runs: list[dict]) -> dict[tuple[str, str], float]:
    """Each figure's smallest value over the runs' figures files (a figure missing from a run, or
    not a finite number, does not count)."""
    best: dict[tuple[str, str], float] = {}
    for figures in runs:
        for kind in UNITS:
            for name, value in figures.get(kind, {}).items():
                if isinstance(value, (int, float)) and math.isfinite(value):
                    key = (kind, name)
                    best[key] = min(best.get(key, value), value)
    return best


def failures(best: dict[tuple[str, str], float], ceilings: dict[tuple[str, str], dict]) -> list[str]:
    """One line per figure over its ceiling or not measured, in thresholds.json's order."""
    lines = []
    for (kind, name), entry in ceilings.items():
        unit = UNITS[kind]
        value = best.get((kind, name))
        if value is None:
            lines.append(f"{name}: not measured (its ceiling is {entry['max']:g}{unit})")
        elif value > entry["max"]:
            measured = f"; {entry['measured']} when the ceiling was set" if "measured" in entry else ""
            lines.append(f"{name}: {value:.2f}{unit}, over its ceiling of {entry['max']:g}{unit}{measured}")
    return lines


def report(best: dict[tuple[str, str], float], ceilings: dict[tuple[str, str], dict]) -> str:
    """Every held figure beside its ceiling, one line each."""
    lines = []
    for (kind, name), entry in ceilings.items():
        value = best.get((kind, name))
        shown = "—" if value is None else f"{value:.2f}{UNITS[kind]}"
        lines.append(f"  {name:<20} {shown:>12}   ceiling {entry['max']:g}{UNITS[kind]}")
    return "\n".join(lines)


def run_bench(bench: Path, arguments: list[str], figures: Path) -> bool:
    """One `sdk` run writing `figures`; its output goes to this one's. Whether it succeeded."""
    command = [str(bench), "sdk", *arguments, "--figures", str(figures)]
    print("bench-check: " + " ".join(command), flush=True)
    return subprocess.run(command, cwd=ROOT).returncode == 0 and figures.exists()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs at most, until the best figures pass (3)")
    parser.add_argument("--thresholds", type=Path, default=THRESHOLDS)
    parser.add_argument("--bench", type=Path, default=BENCH, help="the release build's kontext-video-bench")
    parser.add_argument("--figures", type=Path, nargs="+", help="check these figures files; run nothing")
    parser.add_argument("bench_arguments", nargs="*", help="passed to `kontext-video-bench sdk` (after --)")
    options = parser.parse_args(argv)
    ceilings = load_thresholds(options.thresholds)

    runs: list[dict] = []
    if options.figures:
        runs = [json.loads(path.read_text(encoding="utf-8")) for path in options.figures]
    else:
        if not options.bench.exists():
            print(f"bench-check: {options.bench} is not built (swift build -c release --product kontext-video-bench)")
            return 2
        with tempfile.TemporaryDirectory() as directory:
            for attempt in range(1, options.runs + 1):
                figures = Path(directory) / f"figures-{attempt}.json"
                if not run_bench(options.bench, options.bench_arguments, figures):
                    print(f"bench-check: run {attempt} of kontext-video-bench sdk failed")
                    return 2
                runs.append(json.loads(figures.read_text(encoding="utf-8")))
                if not failures(best_of(runs), ceilings):
                    break
                print(f"bench-check: after run {attempt}, over a ceiling: " + "; ".join(failures(best_of(runs), ceilings)), flush=True)

    best = best_of(runs)
    print(f"bench-check: the best of {len(runs)} run(s), against {options.thresholds.relative_to(ROOT) if options.thresholds.is_relative_to(ROOT) else options.thresholds}:")
    print(report(best, ceilings))
    over = failures(best, ceilings)
    for line in over:
        print(f"bench-check: FAILED {line}")
    return 1 if over else 0
