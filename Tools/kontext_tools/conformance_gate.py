"""The conformance gate: runs the KontextVideoConformanceTests suite and prints, for every clause of
ConformanceTests/catalogue.json, the tests that prove it and PASS / FAIL / NO TEST (`conformance`).
Exits non-zero when any clause fails or has no test, a test names an unknown clause id, or a
catalogue quote no longer occurs in the API reference. The contract is the catalogue, which is in
the repository: on a fresh clone, where the reference beside it (../shared/seed/) is absent, the
quote check is skipped with a note and the gate runs on the tests. See ConformanceTests/README.md.

  Scripts/conformance                      build, run the suite, report
  Scripts/conformance --report-only FILE   report on an existing event stream
  Scripts/conformance --list-only          build, list the suite's tests without running them, report
                                           (every test NOT RUN: which clauses have a test at all)
Options passed through to the report: --allow-missing, --failures-only, --json FILE,
  --reference PATH (api-reference.md; default $KONTEXT_API_REFERENCE, then ../shared/seed/).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from . import conformance, repo

OUT = repo.ROOT / ".build" / "conformance"
SUITE = conformance.SUITE_MODULE
EVENT_STREAM = ["--experimental-event-stream-output", "{}", "--experimental-event-stream-version", "0"]


def event_stream_arguments(path: Path) -> list[str]:
    return [a.format(path) for a in EVENT_STREAM]


def logged(arguments: list, console: Path) -> int:
    """Runs a command, its output appended to `console`; its exit status."""
    with console.open("a", encoding="utf-8") as output:
        return subprocess.run([str(a) for a in arguments], cwd=repo.ROOT, stdout=output, stderr=subprocess.STDOUT).returncode


def run_suite(console: Path, events: Path) -> int:
    """`swift test --filter` the suite, its output to `console`, its event stream to `events`."""
    return logged(["swift", "test", "--filter", SUITE, *event_stream_arguments(events)], console)


def list_suite(console: Path, events: Path) -> int:
    """Builds the tests and has the test product list them (Swift Testing's `--list-tests`): the
    event stream then holds a `test` record per test, and nothing runs."""
    status = logged(["swift", "build", "--build-tests"], console)
    if status != 0:
        return status
    product = repo.bin_path() / f"{repo.load_package().name}PackageTests.xctest"
    if not product.is_file():
        print(f"conformance: {product} is no executable here (on macOS, run the suite instead)")
        return 2
    return logged([product, "--testing-library", "swift-testing", "--list-tests", *event_stream_arguments(events)], console)


def build_failure_excerpt(console_text: str) -> str:
    """The build's errors, each once, or the log's end."""
    errors = list(dict.fromkeys(line for line in console_text.splitlines() if "error:" in line))
    return "\n".join(errors[:40]) if errors else "\n".join(console_text.splitlines()[-40:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], add_help=True,
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n", 1)[1])
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--report-only", metavar="FILE", help="report on a saved event stream")
    mode.add_argument("--list-only", action="store_true", help="list the suite's tests without running them")
    mode.add_argument("--static-only", dest="list_only", action="store_true", help=argparse.SUPPRESS)  # its old name
    parser.add_argument("--verbose", action="store_true", help="print the suite's console output")
    parser.add_argument("--json", metavar="FILE")
    parser.add_argument("--reference", metavar="PATH")
    parser.add_argument("--allow-missing", action="store_true")
    parser.add_argument("--failures-only", action="store_true")
    args = parser.parse_args(argv)

    report = ["--repo", str(repo.ROOT)]
    for option in ("json", "reference"):
        if getattr(args, option):
            report += [f"--{option}", getattr(args, option)]
    report += [f"--{flag.replace('_', '-')}" for flag in ("allow_missing", "failures_only") if getattr(args, flag)]
    if args.report_only:
        return conformance.main(report + ["--results", args.report_only])

    OUT.mkdir(parents=True, exist_ok=True)
    console, events = OUT / "console.txt", OUT / "events.jsonl"
    for stale in (console, events):
        stale.unlink(missing_ok=True)
    what = "listing" if args.list_only else "running"
    print(f"conformance: building and {what} {SUITE} (log: {console.relative_to(repo.ROOT)})", flush=True)
    status = (list_suite if args.list_only else run_suite)(console, events)
    text = console.read_text(encoding="utf-8", errors="replace")
    if args.verbose:
        print(text)
    ran = events.exists() and events.stat().st_size > 0
    if status != 0 and not ran:
        print(f"conformance: the suite did not run (exit status {status}); the build said:")
        print(build_failure_excerpt(text))
    results = events if ran else console
    if args.list_only:
        return conformance.main(report + ["--results", str(results), "--listing"])
    return conformance.main(report + ["--results", str(results), "--swift-test-status", str(status)])


if __name__ == "__main__":
    sys.exit(main())
