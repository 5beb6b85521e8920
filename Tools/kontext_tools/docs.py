"""Builds the SDK's documentation with the toolchain's DocC, with no warning, and type-checks the
Swift samples of its articles.

1. Symbol graphs, Linux: `swift build --target KontextVideoTesting` in a scratch path of its own
   (`.build/docs/scratch`, so the normal build is not invalidated) with `-emit-symbol-graph`. A
   module's graph emitted during a build holds the symbols of the modules it `@_exported import`s
   (`swift package dump-symbol-graph`, which runs `swift-symbolgraph-extract`, drops them), so
   `KontextVideo.symbols.json` is the product as a publisher imports it: the facade and the public
   types of Models, Labels, Presentation and PlayerTracking. The script checks that every public
   symbol of those four modules is in it.
2. Symbol graphs, iOS: the UIKit and AVFoundation spellings of the API (`show(in: UIView, insets:
   UIEdgeInsets)`, `show(from: UIViewController?)`, `track(_: AVPlayer)`, `isPlayingPublisher`)
   exist only on Apple platforms. `Scripts/apple-typecheck` compiles the SDK for iOS against the
   stubs of Tools/AppleSDKStubs (CI runs it just before this script; it is run here when its output
   is missing or older than the sources); `swift-symbolgraph-extract` reads the five modules back
   and they are merged into one `KontextVideo` graph for the platform iOS. DocC merges the two
   graphs by symbol: each declaration page lists the platforms it exists on.
3. `KontextVideoTesting`: its graph holds everything it re-exports; the facade's symbols are
   removed (they are documented in the facade's archive), `TestClock` and `HeadlessPlayer` are
   documented as the classes their typealiases name, and `KontextVideo.resetForTesting()` is shown
   as an extension of the facade's class.
4. `docc convert` per catalog (`Modules/<Module>/Sources/<Module>.docc`), `--warnings-as-errors`;
   the archives go to `.build/docs/<Module>.doccarchive`, and `docc merge` combines them into
   `.build/docs/KontextVideoSDK.doccarchive` (one site, two modules).
5. Samples: every ```swift block of the catalogs' Markdown, of README.md and of CONTRIBUTING.md
   (`PAGES_OUTSIDE_CATALOGS`: what a publisher pastes from the repository's front page) is preceded
   by an HTML comment that says how it is checked (DocC and GitHub do not show HTML comments):

       <!-- check: linux -->                     a whole file, type-checked on Linux
       <!-- check: ios -->                       a whole file, type-checked against the iOS stubs
       <!-- check: ios (ads: VideoAds) async throws
       final class Context {}                     optional lines: declarations the sample may use
       -->                                        statements, wrapped in a @MainActor function
       <!-- check: none: <why> -->                not checked, counted and listed with the reason
       <!-- check: ios, deprecated -->           deprecation warnings expected (the previous API)

   DocC reads a line starting with `@` as a directive even inside an HTML comment, so a context
   line may start with `~`, which is dropped: `~@MainActor final class Player {}`.

   Every snippet, checked or not, and every code block of the modules' doc comments also keeps
   the rules of `snippet_problems` (no `destroy()` in `viewDidDisappear` without the leaving
   guard; no host view made in the `show(in:)` call).

   A sample that is not a whole file imports `KontextVideo` (and `UIKit` for iOS) implicitly; one
   that imports `KontextVideoTesting` or `Testing` gets them. Errors and warnings fail the build,
   except warnings about values a fragment declares and never uses.

Usage: Scripts/build-docs [--skip-samples] [--jobs N]
Prints what it built, the sample counts and the time each step took; exits non-zero on any
DocC warning, a sample that does not compile or a symbol graph that is missing symbols.
"""
from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from .apple_stubs import StubConfig
from .markdown import code_blocks
from .repo import ROOT
from . import swift_facts
from .swift_facts import closing_index

OUT = ROOT / ".build" / "docs"
SCRATCH = OUT / "scratch"
LINUX_GRAPHS = SCRATCH / "symbol-graphs"
DOCC = Path("/opt/swift/usr/bin/docc") if Path("/opt/swift/usr/bin/docc").exists() else Path(shutil.which("docc") or "docc")
FACADE = "KontextVideo"
TESTING = "KontextVideoTesting"
# The modules the facade re-exports (the `@_exported import`s of Modules/KontextVideo/Sources/KontextVideo.swift).
REEXPORTED = ["KontextVideoModels", "KontextVideoLabels", "KontextVideoPresentation", "KontextVideoPlayerTracking",
              "KontextVideoDiagnostics"]
# Markdown outside the catalogs whose Swift samples are checked like the catalogs' own.
PAGES_OUTSIDE_CATALOGS = ["README.md", "CONTRIBUTING.md"]
# The test kit's typealiases of KontextVideoTestSupport's classes (Modules/KontextVideoTesting/Sources/Exports.swift).
TEST_SUPPORT = "KontextVideoTestSupport"
APPLE_PLATFORM = "ios"
# Apple frameworks whose types the facade extends publicly, documented as extended modules.
APPLE_EXTENDED_MODULES = {"SwiftUI"}
APPLE_MINIMUM = {"major": 16, "minor": 0, "patch": 0}  # Package.swift: .iOS(.v16)
# The platform the iOS graphs are written for (they were extracted with the host's triple).
IOS_PLATFORM = {"architecture": "arm64", "vendor": "apple",
                "operatingSystem": {"name": APPLE_PLATFORM, "minimumVersion": APPLE_MINIMUM}}

timings: list[tuple[str, float]] = []


def log(message: str = "") -> None:
    print(message, flush=True)


def fail(message: str) -> None:
    log(f"build-docs: {message}")
    sys.exit(1)


def run(args: list, cwd: Path = ROOT, quiet: bool = False) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0 and not quiet:
        log(proc.stdout[-6000:])
        log(proc.stderr[-6000:])
        fail(f"`{' '.join(str(a) for a in args[:4])} …` failed ({proc.returncode})")
    return proc


class Step:
    def __init__(self, name: str):
        self.name = name

    def __enter__(self):
        self.start = time.monotonic()
        return self

    def __exit__(self, *exc):
        timings.append((self.name, time.monotonic() - self.start))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def write(path: Path, graph: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(graph), encoding="utf-8")


class SymbolGraphError(ValueError):
    """A symbol graph the script cannot use as it is."""


def usr(symbol: dict) -> str:
    """A symbol's USR (`identifier.precise`), the key every merge and filter of the graphs uses.
    A symbol without one is refused: as the empty string, it would be the same symbol as any other
    without one, and one of them would be dropped or filtered out unseen."""
    identifier = symbol.get("identifier")
    precise = identifier.get("precise") if isinstance(identifier, dict) else None
    if not isinstance(precise, str) or not precise.strip():
        where = ".".join(symbol.get("pathComponents") or []) or symbol.get("names", {}).get("title") or repr(symbol)[:120]
        raise SymbolGraphError(f"a symbol graph has a symbol without a USR (identifier.precise): {where}")
    return precise


# ----------------------------------------------------------------------------------------------
# 1. Linux symbol graphs

def build_linux_graphs() -> None:
    if not (LINUX_GRAPHS / f"{TESTING}.symbols.json").exists() and SCRATCH.exists():
        # Graphs are written when a module compiles: without them, start over so every module does.
        shutil.rmtree(SCRATCH)
    args = ["swift", "build", "--target", TESTING, "--scratch-path", SCRATCH]
    for flag in ("-emit-symbol-graph", "-emit-symbol-graph-dir", LINUX_GRAPHS):
        args += ["-Xswiftc", flag]
    proc = run(args)
    last = [l for l in proc.stdout.splitlines() if l.strip()][-1:] or [""]
    log(f"swift build (symbol graphs): {last[0].strip()}")


def check_reexports(facade: dict) -> int:
    """Every public symbol of a re-exported module is in the facade's graph."""
    have = {usr(s) for s in facade["symbols"]}
    missing, total = [], 0
    for module in REEXPORTED:
        for path in sorted(LINUX_GRAPHS.glob(f"{module}*.symbols.json")):
            for symbol in load(path)["symbols"]:
                total += 1
                if usr(symbol) not in have:
                    missing.append(f"{module}: {'.'.join(symbol['pathComponents'])}")
    if missing:
        fail("the facade's symbol graph lacks symbols of the modules it re-exports:\n  " + "\n  ".join(missing))
    return total


# ----------------------------------------------------------------------------------------------
# 2. iOS symbol graphs, from Scripts/apple-typecheck's compile against the Apple SDK stubs

def apple_outputs() -> tuple[Path, Path]:
    base = ROOT / ".build" / "apple-typecheck" / APPLE_PLATFORM
    return base / "modules", base / "stubs"


def apple_outputs_fresh() -> bool:
    modules, _ = apple_outputs()
    built = modules / f"{FACADE}.swiftmodule"
    if not built.exists():
        return False
    # The modules apple-typecheck compiled (it writes one .swiftmodule each), and the stubs.
    compiled = [m.stem for m in modules.glob("*.swiftmodule")]
    sources = [p for name in compiled for p in (ROOT / "Modules" / name / "Sources").rglob("*.swift")]
    sources += list((ROOT / "Tools" / "AppleSDKStubs").rglob("*.swift"))
    newest = max((p.stat().st_mtime for p in sources), default=0)
    return built.stat().st_mtime >= newest


def point_at_sources(symbol: dict, src_prefix: str) -> None:
    """apple-typecheck compiled copies of the sources with rewritten `#if`s (under `src_prefix`):
    point a symbol's location and doc comment back at the originals."""
    for holder in (symbol.get("location"), symbol.get("docComment")):
        if holder and holder.get("uri", "").startswith("file://" + src_prefix):
            module_name, _, rest = holder["uri"][len("file://" + src_prefix):].partition("/")
            holder["uri"] = "file://" + str(ROOT / "Modules" / module_name / "Sources" / rest)


def build_apple_graph(target: Path) -> int:
    if not apple_outputs_fresh():
        log(f"Scripts/apple-typecheck --platforms {APPLE_PLATFORM} (its output is missing or older than the sources)")
        run([ROOT / "Scripts" / "apple-typecheck", "--platforms", APPLE_PLATFORM, "--modes", "app"])
    modules, stubs = apple_outputs()
    raw = OUT / "graphs" / f"{APPLE_PLATFORM}-raw"
    if raw.exists():
        shutil.rmtree(raw)
    raw.mkdir(parents=True)
    triple = json.loads(run(["swiftc", "-print-target-info"]).stdout)["target"]["triple"]
    for module in [FACADE] + REEXPORTED:
        run(["swift-symbolgraph-extract", "-module-name", module, "-I", modules, "-I", stubs, "-target", triple,
             "-output-dir", raw, "-minimum-access-level", "public"])
    wanted = {FACADE, *REEXPORTED}
    merged = {"symbols": [], "relationships": []}
    seen, relations = set(), set()
    src_prefix = str(ROOT / ".build" / "apple-typecheck" / APPLE_PLATFORM / "src") + "/"
    for path in sorted(raw.glob("*.symbols.json")):
        name = path.name[: -len(".symbols.json")]
        module, _, extended = name.partition("@")
        if module not in wanted or (extended and extended not in wanted):
            continue  # an extension of a type outside the product (SwiftUI's: below)
        graph = load(path)
        merged.setdefault("metadata", graph["metadata"])
        for symbol in graph["symbols"]:
            if usr(symbol) in seen:
                continue
            seen.add(usr(symbol))
            point_at_sources(symbol, src_prefix)
            merged["symbols"].append(symbol)
        for relation in graph["relationships"]:
            key = (relation["source"], relation["target"], relation["kind"])
            if key not in relations:
                relations.add(key)
                merged["relationships"].append(relation)
    merged["module"] = {"name": FACADE, "platform": IOS_PLATFORM}
    write(target, merged)
    # The facade's extensions of Apple frameworks' types (`View.videoAdHost(_:insets:)`): DocC
    # lists them under the extended module only from extension-block symbols, extracted apart so
    # the merged graph above keeps its format.
    blocks = OUT / "graphs" / f"{APPLE_PLATFORM}-extension-blocks"
    if blocks.exists():
        shutil.rmtree(blocks)
    blocks.mkdir(parents=True)
    run(["swift-symbolgraph-extract", "-module-name", FACADE, "-I", modules, "-I", stubs, "-target", triple,
         "-output-dir", blocks, "-minimum-access-level", "public", "-emit-extension-block-symbols"])
    for framework in sorted(APPLE_EXTENDED_MODULES):
        path = blocks / f"{FACADE}@{framework}.symbols.json"
        if not path.exists():
            continue
        graph = load(path)
        for symbol in graph["symbols"]:
            point_at_sources(symbol, src_prefix)
        graph["module"]["platform"] = IOS_PLATFORM
        write(target.parent / path.name, graph)
    return len(merged["symbols"])


# ----------------------------------------------------------------------------------------------
# 3. The graphs each catalog is converted with

def facade_graphs() -> tuple[Path, dict]:
    directory = OUT / "graphs" / FACADE
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    facade = load(LINUX_GRAPHS / f"{FACADE}.symbols.json")
    shutil.copy(LINUX_GRAPHS / f"{FACADE}.symbols.json", directory)
    for extension in LINUX_GRAPHS.glob(f"{FACADE}@*.symbols.json"):
        shutil.copy(extension, directory)
    counts = {"linux": len(facade["symbols"]), "reexported": check_reexports(facade)}
    counts["ios"] = build_apple_graph(directory / f"{FACADE}-{APPLE_PLATFORM}.symbols.json")
    return directory, counts


def testing_graphs(facade: dict) -> tuple[Path, dict]:
    directory = OUT / "graphs" / TESTING
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    graph = load(LINUX_GRAPHS / f"{TESTING}.symbols.json")
    facade_usrs = {usr(s) for s in facade["symbols"]}
    support = load(LINUX_GRAPHS / f"{TEST_SUPPORT}.symbols.json")
    support_roots = {s["pathComponents"][0] for s in support["symbols"] if len(s["pathComponents"]) == 1}
    by_usr = {usr(s): s for s in graph["symbols"]}
    kept, orphans = [], []
    for symbol in graph["symbols"]:
        if usr(symbol) in facade_usrs:
            continue
        if symbol["kind"]["identifier"] == "swift.typealias" and symbol["pathComponents"] in ([r] for r in support_roots):
            continue  # documented as the class it names, below
        kept.append(symbol)
    kept_usrs = {usr(s) for s in kept}
    relationships = []
    for relation in graph["relationships"]:
        if relation["source"] not in kept_usrs:
            continue
        if relation["kind"] == "memberOf" and relation["target"] in facade_usrs:
            orphans.append((relation, by_usr[relation["source"]]))
            continue
        relationships.append(relation)
    graph["symbols"] = kept + support["symbols"]
    graph["relationships"] = relationships + support["relationships"]
    # Members the test kit adds to the facade's types: an extension graph, as
    # `-emit-extension-block-symbols` writes one for a module that is not re-exported.
    extension = {"metadata": graph["metadata"], "module": graph["module"], "symbols": [], "relationships": []}
    blocks: dict[str, str] = {}
    for relation, member in orphans:
        graph["symbols"].remove(member)
        parent = facade_by_usr(facade)[relation["target"]]
        block = blocks.get(relation["target"])
        if block is None:
            block = f"s:e:{usr(member)}"
            blocks[relation["target"]] = block
            fragments = [{"kind": "keyword", "spelling": "extension"}, {"kind": "text", "spelling": " "},
                         {"kind": "typeIdentifier", "spelling": parent["names"]["title"], "preciseIdentifier": relation["target"]}]
            extension["symbols"].append({
                "kind": {"identifier": "swift.extension", "displayName": "Extension"},
                "identifier": {"precise": block, "interfaceLanguage": "swift"},
                "pathComponents": parent["pathComponents"],
                "names": {"title": parent["names"]["title"], "subHeading": fragments},
                "swiftExtension": {"extendedModule": FACADE, "typeKind": parent["kind"]["identifier"]},
                "declarationFragments": fragments, "accessLevel": "public",
            })
            extension["relationships"].append({"kind": "extensionTo", "source": block, "target": relation["target"],
                                               "targetFallback": f"{FACADE}.{parent['names']['title']}"})
        extension["symbols"].append(member)
        extension["relationships"].append({"kind": "memberOf", "source": usr(member), "target": block,
                                           "targetFallback": relation.get("targetFallback")})
    write(directory / f"{TESTING}.symbols.json", graph)
    if extension["symbols"]:
        write(directory / f"{TESTING}@{FACADE}.symbols.json", extension)
    return directory, {"symbols": len(graph["symbols"]) + len(orphans), "removed": sum(1 for s in load(LINUX_GRAPHS / f"{TESTING}.symbols.json")["symbols"] if usr(s) in facade_usrs)}


_facade_index: dict = {}


def facade_by_usr(facade: dict) -> dict:
    if not _facade_index:
        _facade_index.update({usr(s): s for s in facade["symbols"]})
    return _facade_index


# ----------------------------------------------------------------------------------------------
# 4. DocC

def convert(module: str, graphs: Path, extra: list | None = None) -> tuple[Path, int]:
    catalog = ROOT / "Modules" / module / "Sources" / f"{module}.docc"
    archive = OUT / f"{module}.doccarchive"
    if archive.exists():
        shutil.rmtree(archive)
    args = [DOCC, "convert", catalog, "--additional-symbol-graph-dir", graphs, "--output-path", archive,
            "--warnings-as-errors", "--enable-experimental-external-link-support", "--diagnostic-filter", "warning"]
    proc = run(args + (extra or []), quiet=True)
    output = proc.stdout + proc.stderr
    problems = [l for l in output.splitlines() if re.match(r"^(warning|error):", l)]
    if proc.returncode != 0 or problems:
        log(output[-20000:])
        fail(f"docc convert {module}: {len(problems)} warnings or errors (above); the documentation builds with none")
    pages = sum(1 for _ in (archive / "data" / "documentation").rglob("*.json"))
    return archive, pages


def merge(archives: list[Path]) -> Path:
    combined = OUT / "KontextVideoSDK.doccarchive"
    if combined.exists():
        shutil.rmtree(combined)
    run([DOCC, "merge", *archives, "--output-path", combined, "--synthesized-landing-page-name", "Kontext Video SDK",
         "--synthesized-landing-page-kind", "SDK"])
    return combined


# ----------------------------------------------------------------------------------------------
# 5. Samples

# Compiler output, not Swift: the warnings a sample may have about values it declares and never uses.
UNUSED_WARNING = re.compile(r"(was never used|was never mutated|is unused|never used)")
PLATFORMS = ("linux", "ios", "none")


@dataclass
class CheckSpec:
    """A `<!-- check: … -->` comment: how a sample is checked."""
    platform: str  # linux, ios or none
    allows_deprecated: bool = False
    why: str = ""  # `none: <why>`
    wrap: str = ""  # `(ads: VideoAds) async throws`: the sample is statements of such a function
    context: str = ""  # the comment's other lines: declarations the sample may use


class CheckSpecError(ValueError):
    pass


def parse_check(spec: str) -> CheckSpec:
    """The comment's text after `check:`: `linux`, `ios`, `none: why`, `ios, deprecated`, each
    optionally followed by a wrapping signature, then lines of context (`~` at the start of one is
    dropped: DocC reads a line that starts with `@` as a directive, even inside an HTML comment)."""
    first, _, rest = spec.strip().partition("\n")
    first = first.strip()
    platform = next((p for p in PLATFORMS if first.startswith(p) and not first[len(p):len(p) + 1].isalnum()), None)
    if platform is None:
        raise CheckSpecError(f"cannot read `<!-- check: {first} -->` (linux, ios or none: why)")
    remainder = first[len(platform):].lstrip()
    result = CheckSpec(platform)
    if remainder.startswith(","):
        flag = remainder[1:].lstrip()
        if not flag.startswith("deprecated"):
            raise CheckSpecError(f"cannot read `<!-- check: {first} -->` (the only option is `deprecated`)")
        result.allows_deprecated = True
        remainder = flag[len("deprecated"):].lstrip()
    if remainder.startswith(":"):
        result.why = remainder[1:].strip()
        remainder = ""
    if remainder.startswith("("):
        result.wrap = remainder
    elif remainder:
        raise CheckSpecError(f"cannot read `<!-- check: {first} -->`: {remainder!r}")
    if result.platform == "none" and not result.why:
        raise CheckSpecError("`check: none` needs a reason (`check: none: why`)")
    context_lines = []
    for line in rest.strip().splitlines():
        body = line.lstrip()
        context_lines.append(line[:len(line) - len(body)] + (body[1:] if body.startswith("~") else body))
    result.context = "\n".join(context_lines)
    return result


class Sample:
    def __init__(self, path: Path, line: int, spec: str, code: str):
        self.path, self.line, self.code = path, line, code
        try:
            check = parse_check(spec)
        except CheckSpecError as error:
            fail(f"{self.where}: {error}")
        self.platform = check.platform
        self.allows_deprecated = check.allows_deprecated
        self.why = check.why
        self.wrap = check.wrap
        self.context = check.context

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    def source(self) -> str:
        return sample_source(self.code, self.platform, self.context, self.wrap)


def sample_source(code: str, platform: str, context: str = "", wrap: str = "") -> str:
    """The file a sample is compiled as: the imports it lacks (`Foundation`, the facade unless it
    imports the test kit, `UIKit` on iOS), its context, and its code, wrapped in a `@MainActor`
    function when the comment gives one's signature."""
    imported = set(swift_facts.parse(code).imports)
    lines = []
    for module in (["UIKit"] if platform == "ios" else []) + ["Foundation", FACADE]:
        if module not in imported and not (module == FACADE and TESTING in imported):
            lines.append(f"import {module}")
    if context:
        lines.append(context)
    if wrap:
        lines.append(f"@MainActor func sample{wrap} {{")
        lines.append(code)
        lines.append("}")
    else:
        lines.append(code)
    return "\n".join(lines) + "\n"


def sample_pages() -> list[Path]:
    """Every Markdown file of the catalogs, then the pages outside them that exist."""
    pages = [path for catalog in sorted((ROOT / "Modules").glob("*/Sources/*.docc")) for path in sorted(catalog.rglob("*.md"))]
    return pages + [ROOT / name for name in PAGES_OUTSIDE_CATALOGS if (ROOT / name).exists()]


def find_samples() -> tuple[list[Sample], list[str]]:
    """The Swift samples of every page, and the places of those without a check comment."""
    samples, unmarked = [], []
    for path in sample_pages():
        for block in code_blocks(path.read_text(encoding="utf-8")):
            if block.language != "swift":
                continue
            if block.check is None:
                unmarked.append(f"{path.relative_to(ROOT)}:{block.line}")
            else:
                samples.append(Sample(path, block.line, block.check, block.code))
    return samples, unmarked


# -- Rules every Swift snippet keeps, compiled or not (DocC articles, README.md, CONTRIBUTING.md and
# the doc comments of the modules' sources): what compiles can still be what a publisher must not copy.

# A view controller's view also disappears when it presents a full-screen view controller (the
# linear ad's own screen) or is covered by another tab: only these say the screen is leaving.
LEAVING_GUARDS = ("isBeingDismissed", "isMovingFromParent")


def snippet_problems(code: str | swift_facts.SwiftFile) -> list[tuple[int, str]]:
    """What a Swift snippet does that a publisher must not copy, each with its line in `code` (1-based):

    - `destroy()` in `viewDidDisappear` without `isBeingDismissed` or `isMovingFromParent` before
      it in the method: the view disappears under the ad's own full-screen presentation too, and
      the ad on screen would end with `.destroyed`;
    - `show(in:)` given a host made in the call (`show(in: HeadlessView())`): the SDK holds the
      host view weakly, so a temporary one is gone at once and the ad ends with `.interrupted`.
    """
    tokens = (swift_facts.parse(code) if isinstance(code, str) else code).tokens
    problems = []
    for i, token in enumerate(tokens):
        if token.is_identifier("func") and i + 1 < len(tokens) and tokens[i + 1].is_identifier("viewDidDisappear"):
            opening = next((j for j in range(i + 2, len(tokens)) if tokens[j].is_punctuation("{")), None)
            if opening is None:
                continue
            body = tokens[opening:closing_index(tokens, opening) + 1]
            guarded = False
            for k, inner in enumerate(body):
                if inner.is_identifier(*LEAVING_GUARDS):
                    guarded = True
                if (inner.is_identifier("destroy") and k + 1 < len(body) and body[k + 1].is_punctuation("(")
                        and not guarded):
                    problems.append((inner.line, "destroy() in viewDidDisappear without "
                                     "`guard isBeingDismissed || isMovingFromParent` before it (the view also "
                                     "disappears under the linear ad's own screen)"))
        if (token.is_identifier("show") and i > 0 and tokens[i - 1].text == "." and i + 4 < len(tokens)
                and tokens[i + 1].is_punctuation("(") and tokens[i + 2].is_identifier("in") and tokens[i + 3].is_punctuation(":")):
            host = tokens[i + 4:i + 7]
            made_here = (not host[0].literal and host[0].text[:1].isupper() and len(host) > 1 and host[1].is_punctuation("(")) \
                or (len(host) > 2 and host[0].text == "." and host[1].is_identifier("init") and host[2].is_punctuation("("))
            if made_here:
                problems.append((host[0].line, "show(in:) given a host view made in the call; the SDK holds it "
                                               "weakly, so keep it in a constant or property that outlives the ad"))
    return problems


def doc_comment_blocks(swift: str) -> list[tuple[int, str]]:
    """The Swift code blocks of a source file's `///` doc comments: (the line of the opening fence
    in the file, 1-based; the code)."""
    found = []
    lines = swift.split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].lstrip().startswith("///"):
            i += 1
            continue
        start = i
        comment = []
        while i < len(lines) and lines[i].lstrip().startswith("///"):
            text = lines[i].lstrip()[3:]
            comment.append(text[1:] if text.startswith(" ") else text)
            i += 1
        for block in code_blocks("\n".join(comment)):
            if block.language in ("swift", ""):
                found.append((start + block.line, block.code))
    return found


def snippet_rule_problems(root: Path = ROOT) -> list[str]:
    """Every snippet of the guide, of README.md and CONTRIBUTING.md, and of the modules' doc
    comments that breaks a rule of `snippet_problems`, with its file and line."""
    snippets = []  # (file, line of the fence, code)
    pages = [path for catalog in sorted((root / "Modules").glob("*/Sources/*.docc")) for path in sorted(catalog.rglob("*.md"))]
    pages += [root / name for name in PAGES_OUTSIDE_CATALOGS if (root / name).exists()]
    for path in pages:
        snippets += [(path, block.line, block.code) for block in code_blocks(path.read_text(encoding="utf-8"))
                     if block.language == "swift"]
    for path in sorted((root / "Modules").glob("*/Sources/**/*.swift")):
        snippets += [(path, fence, code) for fence, code in doc_comment_blocks(path.read_text(encoding="utf-8"))]
    parsed = swift_facts.parse_texts([code for _, _, code in snippets])
    return [f"{path.relative_to(root)}:{fence + line}: {p}"
            for (path, fence, _), source in zip(snippets, parsed) for line, p in snippet_problems(source)]


def check_samples(jobs: int) -> dict:
    samples, unmarked = find_samples()
    if unmarked:
        fail("Swift code blocks without a `<!-- check: … -->` comment before them:\n  " + "\n  ".join(unmarked))
    broken_rules = snippet_rule_problems()
    if broken_rules:
        fail("Swift snippets a publisher must not copy:\n  " + "\n  ".join(broken_rules))
    work = OUT / "samples"
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    linux_modules = SCRATCH / "debug" / "Modules"
    if not linux_modules.exists():
        linux_modules = next((p for p in SCRATCH.glob("*/debug/Modules")), linux_modules)
    apple_modules, apple_stubs = apple_outputs()
    implicit = StubConfig().implicit(APPLE_PLATFORM)

    def compile_one(index_sample):
        index, sample = index_sample
        file = work / f"sample-{index:03d}-{sample.platform}.swift"
        file.write_text(sample.source(), encoding="utf-8")
        args = ["swiftc", "-typecheck", "-swift-version", "6", "-strict-concurrency=complete", "-parse-as-library",
                "-diagnostic-style=llvm", file]
        if sample.platform == "linux":
            args += ["-I", linux_modules]
        else:
            args += ["-I", apple_stubs, "-I", apple_modules]
            for module in implicit:
                args += ["-Xfrontend", "-import-module", "-Xfrontend", module]
        proc = run(args, quiet=True)
        output = proc.stdout + proc.stderr
        diagnostics = [l for l in output.splitlines() if re.search(r": (error|warning): ", l)]
        # KONTEXT-APP-ONLY marks stub API an app may call and the SDK may not (see
        # Scripts/apple-typecheck): a sample is app code.
        serious = [l for l in diagnostics if ": error: " in l or not (
            UNUSED_WARNING.search(l) or (sample.allows_deprecated and "deprecated" in l) or "KONTEXT-APP-ONLY" in l)]
        return sample, file, proc.returncode, serious, output

    checked = [s for s in samples if s.platform != "none"]
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for sample, file, rc, serious, output in pool.map(compile_one, enumerate(checked)):
            if rc != 0 or serious:
                failures.append(f"{sample.where} ({sample.platform}, compiled as {file.relative_to(ROOT)}):\n{output.strip()}")
    if failures:
        log("\n\n".join(failures))
        fail(f"{len(failures)} code samples of the articles, README.md or CONTRIBUTING.md do not compile (above)")
    counts = {"linux": sum(1 for s in checked if s.platform == "linux"),
              "ios": sum(1 for s in checked if s.platform == "ios"),
              "none": [s for s in samples if s.platform == "none"]}
    return counts


# ----------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip-samples", action="store_true", help="do not type-check the articles' samples")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args(argv)
    started = time.monotonic()
    OUT.mkdir(parents=True, exist_ok=True)

    with Step("swift build with symbol graphs"):
        build_linux_graphs()
    with Step("symbol graphs (iOS surface, test kit)"):
        try:
            facade_dir, facade_counts = facade_graphs()
            facade = load(facade_dir / f"{FACADE}.symbols.json")
            testing_dir, testing_counts = testing_graphs(facade)
        except SymbolGraphError as error:
            fail(str(error))
    log(f"symbol graphs: {FACADE} {facade_counts['linux']} symbols on Linux (all {facade_counts['reexported']} of the "
        f"re-exported modules among them), {facade_counts['ios']} on iOS; {TESTING} {testing_counts['symbols']} "
        f"({testing_counts['removed']} of the facade's left to its archive)")
    with Step("docc convert"):
        facade_archive, facade_pages = convert(FACADE, facade_dir)
        testing_archive, testing_pages = convert(TESTING, testing_dir, ["--dependency", facade_archive])
        combined = merge([facade_archive, testing_archive])
    log(f"docc: {facade_archive.relative_to(ROOT)} ({facade_pages} pages), {testing_archive.relative_to(ROOT)} "
        f"({testing_pages} pages), combined in {combined.relative_to(ROOT)}; no warnings")
    if not args.skip_samples:
        with Step("samples"):
            counts = check_samples(max(1, args.jobs))
        unchecked = counts["none"]
        log(f"samples: {counts['linux'] + counts['ios']} compiled ({counts['linux']} on Linux, {counts['ios']} against "
            f"the iOS stubs), {len(unchecked)} not checked" + (":" if unchecked else ""))
        for sample in unchecked:
            log(f"  {sample.where}: {sample.why}")
    log("time: " + ", ".join(f"{name} {seconds:.0f}s" for name, seconds in timings) + f"; total {time.monotonic() - started:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
