"""Type-check the SDK's Apple-only code on Linux, once per Apple platform the package declares.

For each platform (iOS, tvOS, macOS, visionOS) this

1. builds the Apple framework stubs of Tools/AppleSDKStubs for that platform: frameworks the
   platform lacks are left out (so `canImport` is false), and every `@available` attribute is
   rewritten for the platform and its floor (`availability`): unavailable there ->
   `@available(*, unavailable)`, introduced after the floor or deprecated ->
   `@available(*, deprecated, message: …)` with a marker read back from the compiler's warning;
   visionOS takes iOS's attributes where a declaration has none of its own, as Swift does;
2. copies the sources of every SDK module that has Apple-only code, and of the modules they depend
   on, each `#if` evaluated for the platform by the toolchain's own evaluator (`swift_facts`) and
   its condition replaced by that `true` or `false` (lines and columns stay), so the code behind
   `#if os(iOS)` compiles here as it would on the device; a module with resources gets the
   `Bundle.module` accessor SwiftPM would generate;
3. compiles each module with swiftc (Swift 6 language mode, complete concurrency checking), the
   stubs on the import path and the Apple Foundation overlay imported implicitly, and keeps its
   symbol graph (`.build/apple-typecheck/<pass>/symbol-graphs`, read by check-doc-comments); in
   the app passes it type-checks each module's files with Apple-only code once more with an index
   store (`.build/apple-typecheck/<pass>/index`: the references behind `#if os(iOS)`, read by
   test-only-members; a whole-module compile writes the index of one file only);
4. scans the sources' tokens for standard-library and Foundation API newer than the platform's
   floor (Tools/AppleSDKStubs/stdlib-availability.json), since Linux's standard library has no
   availability to check against.

On iOS, tvOS and visionOS it makes a second pass as an app extension target compiles the SDK
(`-application-extension`, APPLICATION_EXTENSION_API_ONLY in Xcode): what Apple marks unavailable
in app extensions (`@available(iOSApplicationExtension, unavailable)`, `UIApplication.shared`)
is unavailable there, so SDK code that uses it fails unless it is marked the same way.

It prints, per pass, how many Apple lines were compiled and which could not be, every
diagnostic, and exits non-zero on any error or on any warning that does not come from the stubs.

Usage: Scripts/apple-typecheck [--platforms ios,tvos,macos,visionos] [--modes app,extension]
                               [--floor ios=16.0 ...] [--root DIR] [--jobs N] [--verbose]
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import repo
from . import swift_facts
from .apple_stubs import StubConfig, configurations
from .availability import (AVAILABILITY_MARKER, PLATFORMS, AvailabilityError, format_version, guard_map, parse_version,
                           rewrite_availability, stdlib_introduced)
from .swift_facts import FactsError, SwiftFile, line_states, matches_at
from .swiftc import Diagnostic, parse_diagnostics, run_swiftc, version as swiftc_version

# Platforms with UIKit, whose app extensions the SDK may be linked into: each gets an app-extension
# pass too, where what Apple marks unavailable in app extensions (`UIApplication.shared`) is.
EXTENSION_PLATFORMS = ("ios", "tvos", "visionos")
# On a stub declaration an app may call and the SDK must not (`AVAudioSession.setCategory`: the
# audio session is the app's): `@available(*, deprecated, message: "KONTEXT-APP-ONLY: ...")`. The
# compiler finds every use; a use in the example app is fine, one in SDK code is an error.
APP_ONLY_MARKER = "KONTEXT-APP-ONLY"
# A module has Apple-only code when it has a `+Apple.swift` file or a `#if` on one of these
# frameworks or an Apple `os(…)`; it is then compiled, with everything it depends on.
APPLE_CODE_FRAMEWORKS = {"UIKit", "AppKit", "WebKit", "AVFoundation", "AVKit", "Combine", "StoreKit",
                         "AppTrackingTransparency", "AdSupport", "CoreMedia", "SwiftUI"}
APPLE_OS_NAMES = {"iOS", "tvOS", "macOS", "OSX", "visionOS", "watchOS"}

# The example apps under Examples/, each compiled as an app on the public API only, and the platforms
# it is for (None: every platform that has the frameworks it imports). The SwiftUI example imports
# no UIKit of its own, but the SDK's SwiftUI host it uses exists only where UIKit does.
EXAMPLE_APPS = {
    "KontextVideoExampleApp": None,
    "KontextVideoSwiftUIExampleApp": ("ios", "tvos", "visionos"),
}
# What makes a compile need Objective-C interop: these attributes and `#selector`, or `dynamic`.
OBJC_ATTRIBUTES = {"@objc", "@objcMembers", "@IBAction", "@IBOutlet", "@IBInspectable", "@NSManaged"}
TOOL_SOURCES = Path(__file__).resolve().parent


def log(message: str = "") -> None:
    print(message, flush=True)


# --------------------------------------------------------------------------------------------
# The modules in scope

@dataclass
class Module:
    name: str
    path: Path
    deps: list[str]
    sources: list[Path] = field(default_factory=list)
    settings: list = field(default_factory=list)
    kind: str = "library"
    has_resources: bool = False
    platforms: tuple[str, ...] | None = None  # an example app's platforms (EXAMPLE_APPS)


def package_modules(package: repo.Package) -> dict[str, Module]:
    """The library modules of the package, their dependencies limited to library modules."""
    libraries = package.libraries
    return {name: Module(name, t.path, [d for d in t.dependencies if d in libraries], t.swift_files(), t.settings,
                         has_resources=bool(t.resources))
            for name, t in libraries.items()}


def has_apple_code(source: SwiftFile, file_name: str) -> bool:
    """A `+Apple.swift` file, or a `#if` on an Apple framework or operating system."""
    return file_name.endswith("+Apple.swift") or any(
        (name == "canImport" and argument in APPLE_CODE_FRAMEWORKS) or (name == "os" and argument in APPLE_OS_NAMES)
        for clause in source.clauses for name, argument in clause["atoms"])


def configuration_names(platform: str) -> dict[str, str]:
    """`line_states`' names for a platform's configurations."""
    return {"real": f"real-{platform}", "sim": f"sim-{platform}", "linux": "linux"}


def decide_conditions(source: SwiftFile, platform: str) -> str:
    """The file as this checker compiles it for `platform`: each `#if`/`#elseif` condition replaced
    by the `true` or `false` it is there (the clauses stay, as the compiler reads an inactive one:
    a variable used only in one is not "never used"), every byte and line kept where it was."""
    configuration = f"sim-{platform}"
    lines = source.text.encode().split(b"\n")
    for clause in (c for c in source.clauses if c["condition"] is not None):
        line = lines[clause["line"] - 1]
        end = line.index(b"#") + (7 if line.lstrip().startswith(b"#elseif") else 3)
        value = b" true" if clause["active"][configuration] else b" false"
        if len(value) > len(line) - end:
            raise FactsError(f"{source.path}:{clause['line']}: a condition shorter than `{value.decode().strip()}` cannot be decided in place")
        lines[clause["line"] - 1] = line[:end] + value.ljust(len(line) - end)
        for i in range(clause["line"], clause["conditionEnd"]):
            lines[i] = b" " * len(lines[i])
    return b"\n".join(lines).decode()


def example_apps(root: Path, order: list[str]) -> list[Module]:
    """The example apps of EXAMPLE_APPS that exist under Examples/, each depending on the modules in
    scope."""
    found = []
    for name, platforms in EXAMPLE_APPS.items():
        directory = root / "Examples" / name
        sources = sorted(directory.rglob("*.swift")) if directory.is_dir() else []
        if sources:
            found.append(Module(name, directory, list(order), sources, [], "app", platforms=platforms))
    return found


def example_skip_reason(example: Module, platform: str, extension: bool, stubbed: set[str],
                        known_frameworks: set[str], files: dict[Path, SwiftFile] | None = None) -> str | None:
    """Why an example app is not built in a pass, or None when it is."""
    if extension:
        return "not built in this pass (an app, not an app extension)"
    if example.platforms is not None and platform not in example.platforms:
        return f"not built for {PLATFORMS[platform]} (an app for {', '.join(PLATFORMS[p] for p in example.platforms)} only)"
    files = files or swift_facts.read(example.sources)
    imported = {module for s in example.sources for module in files[s].imports}
    missing = sorted(i for i in imported if i in known_frameworks and i not in stubbed)
    if missing:
        return f"not built for {PLATFORMS[platform]} (imports {', '.join(missing)}, which it lacks)"
    return None


def modules_in_scope(modules: dict[str, Module], files: dict[Path, SwiftFile]) -> list[str]:
    """Modules with Apple-only code, and everything they depend on, in dependency order."""
    seeds = sorted(m.name for m in modules.values() if any(has_apple_code(files[s], s.name) for s in m.sources))
    return repo.dependency_order(seeds, {n: m.deps for n, m in modules.items()})


def uses_objc(source: SwiftFile) -> bool:
    """Whether compiling the file needs Objective-C interop (`@objc`, `#selector`, `dynamic`)."""
    tokens = source.tokens
    for i, t in enumerate(tokens):
        if t.is_identifier("#selector", *OBJC_ATTRIBUTES):
            return True
        if t.is_identifier("dynamic") and i + 1 < len(tokens) and tokens[i + 1].is_identifier("var", "func", "let"):
            return True
    return False


BUNDLE_ACCESSOR = """import Foundation

// What SwiftPM generates for a module with resources (its resource_bundle_accessor.swift), written
// by Scripts/apple-typecheck so that code using `Bundle.module` compiles here as in the package.
extension Foundation.Bundle {
    static let module: Bundle = Bundle.main
}
"""


# --------------------------------------------------------------------------------------------
# The standard-library scan

def token_uses(source: SwiftFile, sequences: list[list[str]]) -> list[int]:
    """The indexes of the tokens where one of `sequences` starts (`#/…/#` is any regex literal's token)."""
    return [i for i, t in enumerate(source.tokens) if any(matches_at(source.tokens, i, s) for s in sequences)]


def load_stdlib_table(path: Path) -> list[dict]:
    """The entries of stdlib-availability.json, each with its `tokens` (a list of token sequences)."""
    table = json.loads(path.read_text(encoding="utf-8"))
    for entry in table["symbols"]:
        if "pattern" in entry or not entry.get("tokens"):
            raise SystemExit(f"apple-typecheck: {path.name}: '{entry.get('symbol')}' needs `tokens` (token sequences, see the "
                             "file's comment); a regular-expression `pattern` is no longer read")
        if not all(isinstance(s, list) and s and all(isinstance(x, str) for x in s) for s in entry["tokens"]):
            raise SystemExit(f"apple-typecheck: {path.name}: '{entry['symbol']}': `tokens` is a list of lists of token texts")
    return table["symbols"]


# --------------------------------------------------------------------------------------------

@dataclass
class PlatformReport:
    platform: str
    floor: tuple[int, ...]
    errors: list[Diagnostic] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)  # treated as errors
    stub_warnings: list[Diagnostic] = field(default_factory=list)
    guarded: list[Diagnostic] = field(default_factory=list)
    apple_files_lines: int = 0
    apple_region_lines: int = 0
    unchecked: list[list] = field(default_factory=list)  # [path, first line, last line, condition, count]
    sim_only: list[list] = field(default_factory=list)
    scan_hits: list[str] = field(default_factory=list)
    times: dict = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    extension: bool = False  # the app-extension pass: compiled as for an app extension target

    @property
    def key(self) -> str:
        """The pass's name in paths: `ios`, `ios-extension`, ..."""
        return self.platform + ("-extension" if self.extension else "")

    @property
    def title(self) -> str:
        return PLATFORMS[self.platform] + (" app extension" if self.extension else "")

    @property
    def failed(self) -> bool:
        return bool(self.errors or self.warnings or self.scan_hits)


def compiles_beyond_linux(source: SwiftFile, envs: dict[str, str]) -> bool:
    """Whether this pass compiles a line of the file that Linux does not (behind `#if os(iOS)`,
    `#if canImport(os)` …): the files whose references only this pass's index holds."""
    return any(st.sim is True and st.linux is not True for st in line_states(source, envs)[:source.line_count]
               if not st.directive)


def count_apple_lines(source: SwiftFile, rel: str, envs: dict[str, str], whole_file: bool, stats: dict,
                      unchecked: list, sim_only: list) -> None:
    """Counts the Apple lines of a file this compile checks (into `stats`), and records the runs
    of Apple lines it cannot (`unchecked`) and of lines it compiles that the device would not
    (`sim_only`)."""
    states = line_states(source, envs)
    is_apple_file = whole_file or rel.endswith("+Apple.swift")

    def extend(runs: list, line: int, condition: str) -> None:
        """Adds a line to the last run of `runs` when it continues it, else starts a run."""
        last = runs[-1] if runs else None
        if last and last[0] == rel and last[2] == line - 1 and last[3] == condition:
            last[2] = line
            last[4] += 1
        else:
            runs.append([rel, line, line, condition, 1])

    for i, st in enumerate(states[:source.line_count], start=1):
        if st.directive:
            continue
        apple = st.real is not False and (is_apple_file or st.linux is False)
        if apple and st.sim is True:
            stats["files" if is_apple_file else "regions"] += 1
        if apple and st.sim is not True:
            extend(unchecked, i, st.condition)
        if st.sim is True and st.real is False and st.linux is not True:
            extend(sim_only, i, st.condition)


def app_only_use(d: Diagnostic, in_app: bool) -> Diagnostic | None:
    """A use of a KONTEXT-APP-ONLY declaration: nothing in the app, an error in SDK code."""
    if in_app:
        return None
    message = d.msg.replace(f"is deprecated: {APP_ONLY_MARKER}: ", "is the app's to call, not the SDK's: ")
    return Diagnostic(d.path, d.line, d.col, "error", message.replace(" [#DeprecatedDeclaration]", ""), d.notes)


def needed_version(message: str) -> tuple[int, ...] | None:
    """The version in a KONTEXT-AVAILABILITY warning: `… introduced in iOS 17.0; the floor …`."""
    marker = "introduced in "
    at = message.find(marker)
    if at < 0:
        return None
    words = message[at + len(marker):].split()
    return parse_version(words[1].rstrip(";")) if len(words) >= 2 else None


class Checker:
    def __init__(self, root: Path, stubs_dir: Path, out: Path, jobs: int, verbose: bool):
        self.root = root
        self.stubs_dir = stubs_dir
        self.out = out
        self.jobs = jobs
        self.verbose = verbose
        self.stubs = StubConfig(stubs_dir)
        self.version = swiftc_version()
        self.stub_path_maps: dict[str, dict[str, str]] = {}
        self.files: dict[Path, SwiftFile] = {}

    def rel(self, p: Path) -> str:
        try:
            return str(p.relative_to(self.root))
        except ValueError:
            return str(p)

    def read(self, paths: list[Path]) -> dict[Path, SwiftFile]:
        """The facts of files, read once with every configuration."""
        missing = [p for p in paths if p not in self.files]
        if missing:
            self.files.update(swift_facts.read(missing, configurations(self.stubs)))
        return {p: self.files[p] for p in paths}

    # -- stubs ------------------------------------------------------------------------------
    def build_stubs(self, platform: str, floor, report: PlatformReport) -> Path:
        start = time.monotonic()
        mods = self.stubs.modules(platform)
        names = [m["name"] for m in mods]
        outdir = self.out / report.key / "stubs"
        srcdir = self.out / report.key / "stub-src"
        path_map: dict[str, str] = {}
        deps: dict[str, list[str]] = {}
        files: dict[str, list[Path]] = {}
        digest = hashlib.sha256((self.version + report.key + repr(floor)).encode())
        for tool_source in sorted(TOOL_SOURCES.glob("*.py")) + [swift_facts.SOURCE]:
            digest.update(tool_source.read_bytes())
        stub_files = self.read(sorted(self.stubs_dir.rglob("*.swift")))
        for m in mods:
            out_files = []
            imported = set()
            for f in sorted((self.stubs_dir / m["name"]).rglob("*.swift")):
                source = stub_files[f]
                digest.update(str(f).encode() + source.text.encode())
                imported |= set(source.imports)
                rewritten = rewrite_availability(source, platform, floor, report.extension)
                target = srcdir / m["name"] / f.relative_to(self.stubs_dir / m["name"])
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(rewritten, encoding="utf-8")
                path_map[str(target)] = self.rel(f)
                out_files.append(target)
            files[m["name"]] = out_files
            deps[m["name"]] = [i for i in imported if i in names and i != m["name"]]
        self.stub_path_maps[report.key] = path_map
        stamp = outdir / ".stamp"
        if stamp.exists() and stamp.read_text() == digest.hexdigest():
            report.times["stubs"] = time.monotonic() - start
            report.notes.append(f"stubs: {len(names)} modules, unchanged since the last run (cached)")
            return outdir
        if outdir.exists():
            shutil.rmtree(outdir)
        outdir.mkdir(parents=True)
        failures = []
        implicit = self.stubs.implicit(platform)

        def implicit_before(name):
            # Stub modules listed after an implicit module see it too, as the SDK's code does.
            return [i for i in implicit if names.index(i) < names.index(name)]

        for name in names:
            deps[name] = sorted(set(deps[name]) | set(implicit_before(name)))

        def work(name):
            mod = next(m for m in mods if m["name"] == name)
            args = ["-emit-module", "-wmo", "-parse-as-library", "-module-name", name, "-swift-version", "6",
                    "-diagnostic-style=llvm", "-I", str(outdir), "-o", str(outdir / f"{name}.swiftmodule"),
                    "-D", f"KONTEXT_STUBS_{platform.upper()}"]
            if mod.get("objc_interop"):
                args += ["-Xfrontend", "-enable-objc-interop"]
            for imp in implicit_before(name):
                args += ["-Xfrontend", "-import-module", "-Xfrontend", imp]
            rc, output, _ = run_swiftc(args + [str(f) for f in files[name]])
            if rc != 0:
                failures.append((name, output))
            return parse_diagnostics(output, path_map)

        results = repo.run_in_dependency_order(names, deps, work, self.jobs)
        for name in names:
            for d in results.get(name, []):
                (report.errors if d.kind == "error" else report.stub_warnings).append(d)
        if failures:
            for name, output in failures:
                report.notes.append(f"stub module {name} failed to build:\n{output}")
        else:
            stamp.write_text(digest.hexdigest())
        report.times["stubs"] = time.monotonic() - start
        report.notes.append(f"stubs: {len(names)} modules built ({', '.join(names)})")
        return outdir

    # -- SDK modules --------------------------------------------------------------------------
    def check_platform(self, platform: str, floor, modules: dict[str, Module], order: list[str],
                       examples: list[Module], extension: bool = False) -> PlatformReport:
        report = PlatformReport(platform, floor, extension=extension)
        stubdir = self.build_stubs(platform, floor, report)
        if report.errors:
            return report
        stubbed = self.stubs.stubbed(platform)
        implicit = self.stubs.implicit(platform)
        sdk_out = self.out / report.key / "modules"
        src_root = self.out / report.key / "src"
        graphs = self.out / report.key / "symbol-graphs"
        index = self.out / report.key / "index"
        for d in (sdk_out, src_root, graphs, index):
            if d.exists():
                shutil.rmtree(d)
            d.mkdir(parents=True)
        built = []
        for example in examples:
            reason = example_skip_reason(example, platform, extension, set(stubbed), set(self.stubs.known_frameworks()),
                                         self.read(example.sources))
            if reason:
                report.notes.append(f"{example.name}: {reason}")
            else:
                built.append(example)
        all_mods = list(order) + [example.name for example in built]
        mod_by_name = dict(modules)
        for example in built:
            mod_by_name[example.name] = example
        path_map: dict[str, str] = dict(self.stub_path_maps.get(report.key, {}))
        prepared: dict[str, tuple[list[Path], bool, list[Path]]] = {}
        line_stats = {"files": 0, "regions": 0}
        unchecked: list = []
        sim_only: list = []
        for name in all_mods:
            mod = mod_by_name[name]
            out_files, objc, apple_files = [], False, []
            for src, source in self.read(mod.sources).items():
                # The SDK's own `@available(iOSApplicationExtension, unavailable)` (and the like),
                # which Linux ignores: rewritten as the stubs' are, so code that uses what an app
                # extension lacks compiles here only inside a declaration marked the same way.
                new = rewrite_availability(source, platform, floor, extension, unavailable_only=True,
                                           text=decide_conditions(source, platform))
                target = src_root / name / src.relative_to(mod.path)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(new, encoding="utf-8")
                path_map[str(target)] = self.rel(src)
                out_files.append(target)
                if compiles_beyond_linux(source, configuration_names(platform)):
                    apple_files.append(target)
                objc = objc or uses_objc(source)
                count_apple_lines(source, self.rel(src), configuration_names(platform), mod.kind == "app",
                                  line_stats, unchecked, sim_only)
            if mod.has_resources:
                accessor = src_root / name / "resource_bundle_accessor.swift"
                accessor.write_text(BUNDLE_ACCESSOR, encoding="utf-8")
                out_files.append(accessor)
            prepared[name] = (out_files, objc, apple_files)
        report.apple_files_lines = line_stats["files"]
        report.apple_region_lines = line_stats["regions"]
        report.unchecked = unchecked
        report.sim_only = sim_only

        def work(name):
            mod = mod_by_name[name]
            files, objc, apple_files = prepared[name]
            has_main = any(f.name == "main.swift" for f in files)
            args = ["-emit-module", "-wmo", "-module-name", name, "-swift-version", "6",
                    "-strict-concurrency=complete",
                    "-diagnostic-style=llvm", "-I", str(stubdir), "-I", str(sdk_out),
                    "-o", str(sdk_out / f"{name}.swiftmodule"),
                    "-Xfrontend", "-experimental-allow-module-with-compiler-errors"]
            if not has_main:
                args.append("-parse-as-library")
            if mod.kind != "app":
                args += ["-package-name", repo.PACKAGE_NAME]  # an app sees only the public API
                # The declarations as this platform has them, for check-doc-comments.
                args += ["-emit-symbol-graph", "-emit-symbol-graph-dir", str(graphs),
                         "-symbol-graph-minimum-access-level", "package",
                         "-symbol-graph-skip-inherited-docs", "-symbol-graph-skip-synthesized-members"]
            if extension:
                # What Xcode passes for a target with APPLICATION_EXTENSION_API_ONLY; on Linux it
                # checks nothing, the rewritten stubs do.
                args.append("-application-extension")
            for imp in implicit:
                args += ["-Xfrontend", "-import-module", "-Xfrontend", imp]
            if objc:
                args += ["-Xfrontend", "-enable-objc-interop"]
            args += repo.settings_flags(mod, platform)
            rc, output, seconds = run_swiftc(args + [str(f) for f in files])
            if self.verbose:
                log(f"  [{report.title}] swiftc {name}: rc={rc} ({seconds:.1f}s){' objc-interop' if objc else ''}")
            if rc == 0 and apple_files and not extension and mod.kind != "app":
                # The index of the files with Apple-only code (the app-extension passes compile the
                # same code): a type-check with those files as primaries, one unit each.
                index_args = ["-frontend", "-typecheck", "-module-name", name, "-swift-version", "6",
                              "-strict-concurrency=complete", "-I", str(stubdir), "-I", str(sdk_out),
                              "-package-name", repo.PACKAGE_NAME, "-index-store-path", str(index)]
                if not has_main:
                    index_args.append("-parse-as-library")
                for imp in implicit:
                    index_args += ["-import-module", imp]
                if objc:
                    index_args.append("-enable-objc-interop")
                index_args += repo.settings_flags(mod, platform)
                primaries = set(apple_files)
                for f in files:
                    index_args += ["-primary-file", str(f)] if f in primaries else [str(f)]
                for f in files:
                    if f in primaries:
                        index_args += ["-index-unit-output-path", f"{f}.o"]
                index_rc, index_output, index_seconds = run_swiftc(index_args)
                seconds += index_seconds
                if self.verbose:
                    log(f"  [{report.title}] swiftc -frontend -typecheck (index of {len(apple_files)} files) {name}: "
                        f"rc={index_rc} ({index_seconds:.1f}s)")
                if index_rc != 0:
                    rc = index_rc
                    output += f"\n{path_map.get(str(apple_files[0]), name)}:1:1: error: the index type-check failed:\n{index_output}"
            return rc, parse_diagnostics(output, path_map), seconds, output

        results = repo.run_in_dependency_order(all_mods, {n: mod_by_name[n].deps for n in all_mods}, work, self.jobs)
        guards_cache: dict = {}
        for name in all_mods:
            rc, diags, seconds, output = results[name]
            report.times[name] = seconds
            if rc != 0 and not any(d.kind == "error" for d in diags):
                report.errors.append(Diagnostic(name, 0, 0, "error", f"swiftc failed without a diagnostic:\n{output.strip()}"))
            for d in diags:
                if d.path.startswith("Tools/AppleSDKStubs/"):
                    (report.errors if d.kind == "error" else report.stub_warnings).append(d)
                elif d.kind == "error":
                    report.errors.append(d)
                elif APP_ONLY_MARKER in d.msg:
                    error = app_only_use(d, in_app=mod_by_name[name].kind == "app")
                    if error:
                        report.errors.append(error)
                elif AVAILABILITY_MARKER in d.msg:
                    src = self.root / d.path
                    if d.path not in guards_cache:
                        guards_cache[d.path] = guard_map(self.read([src])[src]) if src.exists() else (lambda line, col: {})
                    guard = guards_cache[d.path](d.line, d.col)
                    needed = needed_version(d.msg)
                    if needed and guard.get(platform, ()) >= needed:
                        report.guarded.append(d)
                    else:
                        d.kind = "error"
                        d.msg = d.msg.replace("is deprecated: " + AVAILABILITY_MARKER + ": ", "is ").replace(" [#DeprecatedDeclaration]", "")
                        d.msg += " (use it behind `if #available` or in an `@available` declaration)"
                        report.errors.append(d)
                else:
                    report.warnings.append(d)
        return report

    # -- standard library and Foundation availability scan ------------------------------------
    def scan_newer_api(self, platform: str, floor, modules: dict[str, Module], names: list[str], report: PlatformReport):
        entries = []
        for e in load_stdlib_table(self.stubs_dir / "stdlib-availability.json"):
            introduced = stdlib_introduced(e, platform)
            if introduced and introduced > floor:
                entries.append((e, introduced))
        if not entries:
            return
        for name in names:
            for src, source in self.read(modules[name].sources).items():
                states = None
                guards = None
                for e, introduced in entries:
                    for index in token_uses(source, e["tokens"]):
                        token = source.tokens[index]
                        if states is None:
                            states = line_states(source, configuration_names(platform))
                            guards = guard_map(source)
                        if states[token.line - 1].real is False:
                            continue  # not compiled on this platform
                        if guards(token.line, token.column).get(platform, ()) >= introduced:
                            continue
                        report.scan_hits.append(
                            f"{self.rel(src)}:{token.line}:{token.column}: error: '{e['symbol']}' is only available in "
                            f"{PLATFORMS[platform]} {format_version(introduced)} or newer; the floor is "
                            f"{PLATFORMS[platform]} {format_version(floor)} [{e['doc']}]")


def print_report(r: PlatformReport) -> None:
    name = PLATFORMS[r.platform]
    log("")
    log(f"== {r.title} (floor {name} {format_version(r.floor)}) ==")
    for n in r.notes:
        log(n)
    times = ", ".join(f"{k} {v:.1f}s" for k, v in r.times.items() if k != "total")
    log(f"time: {times}")
    unchecked = sum(u[4] for u in r.unchecked)
    log(f"Apple lines compiled: {r.apple_files_lines + r.apple_region_lines} "
        f"({r.apple_files_lines} in +Apple.swift files and the example apps, {r.apple_region_lines} in Apple-only regions of other files)")
    log(f"Apple lines not compiled: {unchecked}" + (":" if r.unchecked else ""))
    for path, a, b, cond, count in r.unchecked:
        log(f"  {path}:{a}-{b} ({count} lines) behind `#if {cond}`")
    if r.sim_only:
        log(f"lines compiled here that the device would not compile: {sum(s[4] for s in r.sim_only)}")
        for path, a, b, cond, count in r.sim_only:
            log(f"  {path}:{a}-{b} behind `#if {cond}`")
    if r.stub_warnings:
        log(f"warnings from the stubs (not counted): {len(r.stub_warnings)}")
        for d in r.stub_warnings:
            log(f"  {d.render()}")
    if r.guarded:
        log(f"uses of API newer than the floor, guarded by #available/@available: {len(r.guarded)}")
    for title, diagnostics in ((f"errors: {len(r.errors)}", r.errors),
                               (f"warnings (treated as errors): {len(r.warnings)}", r.warnings)):
        if diagnostics:
            log(title)
            for d in diagnostics:
                log(d.render())
                for note in d.notes:
                    log(f"    {note}")
    if r.scan_hits:
        log(f"standard-library/Foundation API newer than the floor, used outside #available/@available: {len(r.scan_hits)}")
        by_message: dict[str, list[str]] = {}
        for h in r.scan_hits:
            where, message = h.split(": error: ", 1)
            by_message.setdefault(message, []).append(where)
        for message, wheres in by_message.items():
            log(f"error: {message} ({len(wheres)} uses)")
            by_file: dict[str, list[str]] = {}
            for w in wheres:
                path, line, col = w.rsplit(":", 2)
                by_file.setdefault(path, []).append(f"{line}:{col}")
            for path, spots in by_file.items():
                log(f"  {path}: {', '.join(spots)}")
    if not r.failed:
        log(f"{r.title}: no errors")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--platforms", default="", help="comma-separated subset of ios,tvos,macos,visionos (default: the manifest's)")
    parser.add_argument("--modes", default="app,extension",
                        help="app: as an app compiles the SDK; extension: as an app extension target does "
                             f"(on {', '.join(PLATFORMS[p] for p in EXTENSION_PLATFORMS)}); default both")
    parser.add_argument("--floor", action="append", default=[], help="override a floor, e.g. ios=16.0")
    parser.add_argument("--root", default=str(repo.ROOT))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args(argv)

    try:
        return check(args)
    except (FactsError, AvailabilityError) as error:
        log(f"apple-typecheck: error: {error}")
        return 1


def check(args: argparse.Namespace) -> int:
    """Every pass the arguments ask for; the exit status."""
    started = time.monotonic()
    root = Path(args.root).resolve()
    stubs_dir = root / "Tools" / "AppleSDKStubs"
    out = root / ".build" / "apple-typecheck"
    out.mkdir(parents=True, exist_ok=True)
    package = repo.load_package(root)
    modules = package_modules(package)
    checker = Checker(root, stubs_dir, out, max(1, args.jobs), args.verbose)
    order = modules_in_scope(modules, checker.read([s for m in modules.values() for s in m.sources]))
    examples = example_apps(root, order)

    floors = {name: parse_version(v) for name, v in package.platforms.items()}
    for f in args.floor:
        k, v = f.split("=", 1)
        floors[k.strip()] = parse_version(v)
    platforms = [p for p in (args.platforms.split(",") if args.platforms else list(PLATFORMS)) if p]
    platforms = [p for p in platforms if p in floors and p in PLATFORMS]
    if not platforms:
        log("apple-typecheck: the manifest declares no iOS, tvOS, macOS or visionOS platform")
        return 1
    modes = {m.strip() for m in args.modes.split(",") if m.strip()}
    passes = [(p, False) for p in platforms if "app" in modes]
    passes += [(p, True) for p in platforms if "extension" in modes and p in EXTENSION_PLATFORMS]

    log(f"apple-typecheck: {checker.version.splitlines()[0]}")
    log(f"modules: {', '.join(order + [f'{e.name} (example app)' for e in examples])}")
    reports = []
    for platform, extension in passes:
        t0 = time.monotonic()
        floor = floors[platform]
        report = checker.check_platform(platform, floor, modules, order, examples, extension)
        checker.scan_newer_api(platform, floor, modules, order, report)
        report.times["total"] = time.monotonic() - t0
        reports.append(report)
        print_report(report)

    log("")
    log("== summary ==")
    failed = False
    for r in reports:
        status = "FAIL" if r.failed else "ok"
        failed |= r.failed
        unchecked = sum(u[4] for u in r.unchecked)
        log(f"{r.title:22} floor {format_version(r.floor):5} {status:4}  "
            f"{len(r.errors)} errors, {len(r.warnings)} warnings, {len(r.scan_hits)} newer-API uses; "
            f"Apple lines checked {r.apple_files_lines + r.apple_region_lines}, not checked {unchecked}; "
            f"{r.times.get('total', 0):.0f}s")
    log(f"total time: {time.monotonic() - started:.0f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
