"""Builds and runs a libFuzzer target of `Fuzz/` for a bounded time.

    Scripts/fuzz vast-parser --seconds 60 [--timeout S] [--jobs N] [-- LIBFUZZER_ARGS...]
    Scripts/fuzz --list

A target is one file, `Fuzz/<name>.swift`, defining `LLVMFuzzerTestOneInput` (with `@_cdecl`), whose
header names what it needs:

    // fuzz-modules: KontextVideoVAST             the package modules it imports (their dependencies follow)
    // fuzz-seeds: Fuzz/seeds/vast-parser         committed seed folders (optional, comma-separated)
    // fuzz-shared-seeds: vast-corpus *.xml       a folder of ../shared and the files to seed from (optional)
    // fuzz-max-len: 81920                        the largest input tried (optional)
    // fuzz-dict: Fuzz/vast-parser.dict           a libFuzzer dictionary: tokens its mutations insert (optional)
    // fuzz-timeout: 1                            seconds one input may take before it is a finding (default 10)

The header is read from the file's leading `//` comments (`swift_facts`). The
modules and their order come from `swift package dump-package`; each is compiled with
`swiftc -sanitize=fuzzer,address` into `.build/fuzz/`, then linked with the target. Shared seeds are
copied from `../shared/<folder>` (beside the repository, as CI lays it out) at run time; when that
folder is absent (a fresh clone) the run says so and goes on with the committed seeds. Findings
(crashes, sanitizer reports, time-outs) are written to `.build/fuzz/<name>/findings/` and the
script exits non-zero. A slow input is a finding too: `-timeout` (the header's `fuzz-timeout`, or
`--timeout`) is set low enough that an input costing far more than its size warrants (a reader
gone quadratic) fails the run, not just slows it.
"""
from __future__ import annotations

import argparse
import fnmatch
import hashlib
import os
import pathlib
import shutil
import subprocess
import sys

from . import repo
from . import swift_facts

ROOT = repo.ROOT
FUZZ = ROOT / "Fuzz"
OUT = ROOT / ".build" / "fuzz"
PACKAGE_NAME = "KontextVideoFuzz"  # any one name: it only has to be the same for every module


def targets():
    return sorted(path.stem for path in FUZZ.glob("*.swift"))


def header(path):
    """The `// fuzz-<key>: value` comments at the top of a target."""
    values = {}
    for line in swift_facts.read([path])[path].header:
        key, _, value = line.strip().partition(":")
        if key.startswith("fuzz-"):
            values[key[len("fuzz-"):]] = value.strip()
    return values


def module_graph():
    """Library module -> (its source directory, the library modules it depends on)."""
    libraries = repo.load_package(ROOT).libraries
    return {name: (t.path, [d for d in t.dependencies if d in libraries]) for name, t in libraries.items()}


def modules_with_resources():
    """The library modules that declare resources: SwiftPM generates their `Bundle.module`, which a
    module compiled here by `swiftc` lacks (`resource_bundle_shim` stands in for it)."""
    return {name for name, t in repo.load_package(ROOT).libraries.items() if t.resources}


# A build without the module's resources, as a lookup in a build that lost them finds: nothing.
RESOURCE_BUNDLE_SHIM = """import Foundation

extension Foundation.Bundle {
    /// The fuzz build has no resource bundle (`Scripts/fuzz` compiles with `swiftc`, not SwiftPM):
    /// every lookup finds nothing, and the module takes the path it documents for a missing resource.
    static let module = Bundle(path: "/nonexistent-kontext-fuzz-resources") ?? Bundle.main
}
"""


def resource_bundle_shim(module):
    """Writes the stand-in for SwiftPM's generated `Bundle.module` of `module`; returns its path."""
    path = OUT / "modules" / f"{module}+ResourceBundle.swift"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text() != RESOURCE_BUNDLE_SHIM:
        path.write_text(RESOURCE_BUNDLE_SHIM)
    return path


def in_build_order(names, graph):
    """`names` and everything they depend on, dependencies first."""
    missing = [name for name in names if name not in graph]
    if missing:
        sys.exit(f"fuzz: {', '.join(missing)} is not a library module of Package.swift")
    return repo.dependency_order(list(names), {name: deps for name, (_, deps) in graph.items()})


def swiftc_flags():
    return ["-sanitize=fuzzer,address", "-O", "-g", "-swift-version", "6", "-package-name", PACKAGE_NAME,
            "-parse-as-library", "-I", str(OUT / "modules")]


def module_stamp(sources, flags, dependency_stamps):
    """What a module's object is compiled from: its sources' names and contents, the flags, and its
    dependencies' stamps. Content, not modification times: a source edited while the compiler was
    reading it leaves an object newer than the edit, compiled from the older text."""
    digest = hashlib.sha256()
    for part in flags + dependency_stamps:
        digest.update(part.encode() + b"\0")
    for source in sources:
        digest.update(str(source).encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()


def build(name, modules, graph):
    """Compiles the modules (when a source changed) and links the target; returns the binary."""
    (OUT / "modules").mkdir(parents=True, exist_ok=True)
    objects, stamps = [], []
    bundled = modules_with_resources()
    for module in in_build_order(modules, graph):
        sources = sorted(graph[module][0].rglob("*.swift"))
        if module in bundled:
            sources.append(resource_bundle_shim(module))
        obj = OUT / "modules" / f"{module}.o"
        interface = OUT / "modules" / f"{module}.swiftmodule"
        stamp_file = OUT / "modules" / f"{module}.stamp"
        # A module is rebuilt when it or anything before it changed.
        stamp = module_stamp(sources, swiftc_flags(), stamps)
        stale = not obj.exists() or not stamp_file.exists() or stamp_file.read_text() != stamp
        if stale:
            print(f"fuzz: compiling {module} ({len(sources)} files)", flush=True)
            stamp_file.unlink(missing_ok=True)
            subprocess.run(["swiftc", *swiftc_flags(), "-module-name", module, "-wmo", "-c", "-emit-module",
                            "-emit-module-path", str(interface), "-o", str(obj), *map(str, sources)], check=True)
            # The stamp of what was read when the compile began: an edit since makes it stale next time.
            stamp_file.write_text(stamp)
        objects.append(obj)
        stamps.append(stamp)
    binary = OUT / name / name
    binary.parent.mkdir(parents=True, exist_ok=True)
    print(f"fuzz: linking {name}", flush=True)
    module_name = "Fuzz" + "".join(part.capitalize() for part in name.split("-"))
    # lld, not the default gold: gold warns about every AddressSanitizer helper it cannot export.
    linker = ["-use-ld=lld"] if shutil.which("ld.lld") else []
    subprocess.run(["swiftc", *swiftc_flags(), *linker, "-module-name", module_name, str(FUZZ / f"{name}.swift"),
                    *map(str, objects), "-o", str(binary)], check=True)
    return binary


def shared_seeds(name, spec):
    """Copies `../shared/<folder>` files matching the pattern into a seed folder; `None` when absent."""
    folder, _, pattern = spec.partition(" ")
    source = ROOT.parent / "shared" / folder
    if folder == "vast-corpus" and os.environ.get("KONTEXT_VAST_CORPUS"):
        source = pathlib.Path(os.environ["KONTEXT_VAST_CORPUS"])
    if not source.is_dir():
        print(f"fuzz: {source} is absent (a fresh clone?): fuzzing from the committed seeds only", flush=True)
        return None
    destination = OUT / name / "seeds-shared"
    shutil.rmtree(destination, ignore_errors=True)
    destination.mkdir(parents=True)
    copied = 0
    for path in sorted(source.rglob("*")):
        if path.is_file() and fnmatch.fnmatch(path.name, pattern or "*"):
            data = path.read_bytes()
            (destination / (hashlib.sha1(data).hexdigest() + path.suffix)).write_bytes(data)
            copied += 1
    print(f"fuzz: {copied} seeds from {source}", flush=True)
    return destination


def libfuzzer_command(binary, settings, arguments, corpus, seeds, findings):
    """The libFuzzer command line: a bounded run whose slow inputs are findings (`-timeout` from
    `--timeout`, else the header's `fuzz-timeout`, else 10 s), with the header's dictionary."""
    timeout = arguments.timeout or int(settings.get("timeout", "10"))
    command = [str(binary), f"-max_total_time={arguments.seconds}", f"-timeout={timeout}", "-rss_limit_mb=2048",
               "-print_final_stats=1", f"-artifact_prefix={findings}/"]
    if "max-len" in settings:
        command.append(f"-max_len={settings['max-len']}")
    if "dict" in settings:
        command.append(f"-dict={ROOT / settings['dict']}")
    if arguments.jobs > 1:
        command += [f"-jobs={arguments.jobs}", f"-workers={arguments.jobs}"]
    return command + arguments.extra + [str(corpus)] + [str(seed) for seed in seeds]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build and run a libFuzzer target of Fuzz/ for a bounded time.")
    parser.add_argument("target", nargs="?", help="a target: the name of a Fuzz/<name>.swift")
    parser.add_argument("--seconds", type=int, default=60, help="how long to fuzz (default 60)")
    parser.add_argument("--jobs", type=int, default=1, help="parallel fuzzing processes (default 1)")
    parser.add_argument("--timeout", type=int, help="seconds one input may take before it is a finding "
                        "(default: the target's fuzz-timeout, else 10)")
    parser.add_argument("--list", action="store_true", help="list the targets")
    parser.add_argument("extra", nargs="*", help="arguments passed to libFuzzer (after --)")
    arguments = parser.parse_args(argv)
    if arguments.list or not arguments.target:
        print("\n".join(targets()))
        return 0 if arguments.list else 2
    source = FUZZ / f"{arguments.target}.swift"
    if not source.exists():
        sys.exit(f"fuzz: no target {arguments.target} (targets: {', '.join(targets())})")
    settings = header(source)
    modules = [module.strip() for module in settings.get("modules", "").split(",") if module.strip()]
    binary = build(arguments.target, modules, module_graph())

    work = OUT / arguments.target
    corpus = work / "corpus"  # grows with what libFuzzer finds; kept between runs
    findings = work / "findings"
    corpus.mkdir(parents=True, exist_ok=True)
    findings.mkdir(parents=True, exist_ok=True)
    seeds = [ROOT / folder.strip() for folder in settings.get("seeds", "").split(",") if folder.strip()]
    if "shared-seeds" in settings:
        shared = shared_seeds(arguments.target, settings["shared-seeds"])
        if shared:
            seeds.append(shared)
    command = libfuzzer_command(binary, settings, arguments, corpus, seeds, findings)
    log = work / "last-run.log"
    print("fuzz: " + " ".join(command), flush=True)
    print(f"fuzz: libFuzzer's output goes to {log}; its last lines follow", flush=True)
    with open(log, "w") as output:
        status = subprocess.run(command, cwd=work, stdout=output, stderr=subprocess.STDOUT).returncode
    found = sorted(path for path in findings.iterdir() if path.is_file())
    lines = log.read_text(errors="replace").splitlines()
    print("\n".join(lines[-(60 if status != 0 or found else 8):]))
    if status != 0 or found:
        print(f"fuzz: {arguments.target} FOUND {len(found)} input(s) in {findings} (exit {status}):", flush=True)
        for path in found:
            print(f"  {path}  (reproduce: {binary} {path})")
        return 1
    print(f"fuzz: {arguments.target}: no findings in {arguments.seconds} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
