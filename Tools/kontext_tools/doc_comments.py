"""Every public or package declaration of the SDK's modules has a doc comment (`///`), and every
public function says what it takes, throws and returns.

1. Every `public`, `open` or `package` declaration has a doc comment: types, members, the
   requirements of a public protocol and the cases of a public enum alike.
2. A public function, initializer or subscript (a requirement of a public protocol too) documents
   - every parameter: `- Parameter name:`, or `- Parameters:` with a `- name:` item each;
   - what it throws, when it throws (`throws`, `throws(E)`, `rethrows`): `- Throws:`;
   - what it returns, when it returns something (a function or subscript not returning `Void`):
     `- Returns:`.
   A parameter documented that the declaration does not have is an error too (DocC warns on it).
   `package` declarations need only the summary of rule 1.

The declarations are the compiler's, not a reading of the text: symbol graphs of every module of
`Modules/*/Sources`, extracted from the debug build (`swift-symbolgraph-extract -minimum-access-level
package -skip-inherited-docs -skip-synthesized-members`, so a declaration does not borrow the doc
comment of the requirement it implements), and the graphs `Scripts/apple-typecheck` keeps of each
Apple platform it compiles (`.build/apple-typecheck/<pass>/symbol-graphs`), which hold the
declarations behind `#if os(iOS)` that Linux does not compile. Each graph gives a declaration's
access level, its doc comment, its parameters, whether it throws and what it returns. Only
declarations written in the sources count (an implicit `init(rawValue:)` has no source).

Usage: python3 Scripts/check-doc-comments.py [--require-apple] [--jobs N]
Exits 1 and lists the places when anything is missing; 2 when the build or the Apple graphs it
needs are missing or older than the sources (`swift build`; `Scripts/apple-typecheck`).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from . import repo

FUNCTION_KINDS = {"swift.func", "swift.func.op", "swift.method", "swift.type.method", "swift.init", "swift.subscript",
                  "swift.type.subscript"}
PUBLIC = ("public", "open")
APPLE_TYPECHECK = Path(".build") / "apple-typecheck"


@dataclass
class Declaration:
    """One declaration as a symbol graph describes it."""
    path: str  # relative to the repository
    line: int  # 1-based
    title: str  # `VideoAd.show(in:insets:)`
    kind: str  # the symbol kind: swift.method, swift.enum.case …
    access: str  # public, open, package
    doc: list[str] | None  # the doc comment's lines, without `///`
    parameters: list[str] = field(default_factory=list)  # the names a `- Parameter` names (internal names)
    throws: bool = False
    returns: bool = False

    @property
    def is_function(self) -> bool:
        return self.kind in FUNCTION_KINDS


def _source_path(uri: str) -> str:
    return unquote(urlparse(uri).path)


def declarations_from_graph(graph: dict, place) -> list[Declaration]:
    """The declarations of a symbol graph written in the SDK's sources: `place(path)` maps a
    source path of the graph to the repository-relative one, or None for a file that is not
    one of ours (generated code, another module's)."""
    found = []
    for symbol in graph.get("symbols", []):
        location = symbol.get("location")
        if not location:
            continue  # implicit: `init(rawValue:)`, a memberwise initializer
        path = place(_source_path(location["uri"]))
        if path is None:
            continue
        signature = symbol.get("functionSignature") or {}
        parameters = [p.get("internalName") or p["name"] for p in signature.get("parameters", [])]
        fragments = symbol.get("declarationFragments", [])
        throws = any(f.get("kind") == "keyword" and f.get("spelling") in ("throws", "rethrows") for f in fragments)
        result = "".join(f.get("spelling", "") for f in signature.get("returns", [])).strip()
        doc = symbol.get("docComment")
        found.append(Declaration(
            path=path, line=location["position"]["line"] + 1, title=".".join(symbol.get("pathComponents", [])),
            kind=symbol["kind"]["identifier"], access=symbol.get("accessLevel", ""),
            doc=[line.get("text", "") for line in doc["lines"]] if doc else None,
            parameters=parameters, throws=throws,
            returns=symbol["kind"]["identifier"] != "swift.init" and result not in ("", "()", "Void")))
    return found


# -- the doc comment's Markdown ------------------------------------------------------------------

def _item(line: str) -> str | None:
    """A list item's text (`- x`, `* x`, `+ x`), or None."""
    stripped = line.strip()
    if len(stripped) >= 2 and stripped[0] in "-*+" and stripped[1] == " ":
        return stripped[2:].lstrip()
    return None


def _field(text: str, name: str) -> str | None:
    """`Name: rest` (case-insensitive) -> rest; `Name name: rest` for `Parameter` -> `name`."""
    head, colon, _ = text.partition(":")
    if not colon:
        return None
    words = head.split()
    if not words or words[0].lower() != name.lower():
        return None
    if name.lower() == "parameter":
        return words[1].strip("`") if len(words) == 2 else None
    return "" if len(words) == 1 else None


def parse_doc(lines: list[str]) -> tuple[list[str], bool, bool]:
    """(documented parameter names, has `- Throws:`, has `- Returns:`) of a doc comment."""
    params: list[str] = []
    throws = returns = False
    in_parameters = None  # the indentation of a `- Parameters:` line while reading its items
    for line in lines:
        text = _item(line)
        indent = len(line) - len(line.lstrip())
        if text is None:
            continue
        if in_parameters is not None:
            if indent > in_parameters:
                name, colon, _ = text.partition(":")
                if colon and len(name.split()) == 1:
                    params.append(name.strip().strip("`"))
                continue
            in_parameters = None
        single = _field(text, "Parameter")
        if single:
            params.append(single)
        elif _field(text, "Parameters") is not None:
            in_parameters = indent
        elif _field(text, "Throws") is not None:
            throws = True
        elif _field(text, "Returns") is not None:
            returns = True
    return params, throws, returns


# -- the rules ----------------------------------------------------------------------------------

def check(declarations: list[Declaration]) -> tuple[list[str], list[str], dict]:
    """(declarations without a doc comment, public functions with an incomplete one, counts),
    each declaration once however many graphs hold it."""
    missing: list[str] = []
    incomplete: list[str] = []
    counts = {"declarations": 0, "functions": 0, "parameters": 0, "throwing": 0}
    seen = set()
    for d in sorted(declarations, key=lambda d: (d.path, d.line, d.title)):
        key = (d.path, d.line, d.title)
        if key in seen:
            continue
        seen.add(key)
        counts["declarations"] += 1
        where = f"{d.path}:{d.line}: {d.access} {d.title}"
        if not d.doc or not any(line.strip() for line in d.doc):
            missing.append(where)
            continue
        if d.access not in PUBLIC or not d.is_function:
            continue
        counts["functions"] += 1
        counts["parameters"] += len(d.parameters)
        counts["throwing"] += int(d.throws)
        documented, doc_throws, doc_returns = parse_doc(d.doc)
        problems = [f"parameter `{name}` undocumented" for name in d.parameters if name not in documented]
        problems += [f"documents `{name}`, which is no parameter" for name in documented if name not in d.parameters]
        if d.throws and not doc_throws:
            problems.append("throws, without `- Throws:`")
        if d.returns and not doc_returns:
            problems.append("returns a value, without `- Returns:`")
        if problems:
            incomplete.append(f"{where}\n    " + "; ".join(problems))
    return missing, incomplete, counts


# -- where the graphs come from -------------------------------------------------------------------

class Stale(Exception):
    pass


def sdk_targets(package: repo.Package) -> dict[str, repo.Target]:
    """The modules of `Modules/*/Sources`: libraries and the tools' executables."""
    modules = package.root / "Modules"
    return {name: t for name, t in package.targets.items()
            if t.kind in ("regular", "executable") and t.path.parent.parent == modules and t.path.name == "Sources"}


def newest_source(target: repo.Target) -> float:
    return max((p.stat().st_mtime for p in target.swift_files()), default=0)


def linux_graphs(package: repo.Package, out: Path, jobs: int, names: list[str] | None = None) -> list[Path]:
    """Symbol graphs of every SDK module (or of `names`), from the debug build's modules."""
    targets = {name: t for name, t in sdk_targets(package).items() if names is None or name in names}
    binaries = repo.bin_path(package.root)
    modules = binaries / "Modules"
    for name, target in sorted(targets.items()):
        built = modules / f"{name}.swiftmodule"
        if not built.exists():
            raise Stale(f"{built} is missing: build first (swift build)")
        # What the build wrote for the module: a doc comment edit rewrites the .swiftdoc and the
        # dependency files, not the .swiftmodule.
        outputs = list(modules.glob(f"{name}.*")) + list((binaries / f"{name}.build").glob("*"))
        if max(p.stat().st_mtime for p in outputs) < newest_source(target):
            raise Stale(f"{built.name} is older than its sources: build first (swift build)")
    triple = json.loads(repo.run(["swiftc", "-print-target-info"], check=True).stdout)["target"]["triple"]

    def extract(name):
        proc = repo.run(["swift-symbolgraph-extract", "-module-name", name, "-I", modules, "-target", triple,
                         "-output-dir", out, "-minimum-access-level", "package", "-skip-inherited-docs",
                         "-skip-synthesized-members"], cwd=package.root)
        if proc.returncode != 0:
            raise Stale(f"swift-symbolgraph-extract -module-name {name} failed:\n{proc.stderr.strip()}")

    repo.parallel_map(extract, sorted(targets), jobs)
    return sorted(out.glob("*.symbols.json"))


def apple_graphs(root: Path, targets: dict[str, repo.Target]) -> tuple[list[Path], list[str], list[str]]:
    """The symbol graphs of each Apple pass that is fresh; those passes; the passes that are stale."""
    passes = apple_passes(root)
    fresh = [key for key in passes if apple_pass_fresh(root, key, targets)]
    paths = [p for key in fresh for p in sorted((root / APPLE_TYPECHECK / key / "symbol-graphs").glob("*.symbols.json"))]
    return paths, fresh, sorted(set(passes) - set(fresh))


def apple_passes(root: Path) -> list[str]:
    """The passes of Scripts/apple-typecheck whose symbol graphs are here."""
    base = root / APPLE_TYPECHECK
    return sorted(p.parent.name for p in base.glob("*/symbol-graphs") if any(p.glob("*.symbols.json"))) if base.is_dir() else []


def apple_pass_fresh(root: Path, key: str, targets: dict[str, repo.Target]) -> bool:
    """The graphs of a pass are newer than the sources of every module it compiled, and than the stubs."""
    graphs = sorted((root / APPLE_TYPECHECK / key / "symbol-graphs").glob("*.symbols.json"))
    oldest = min(p.stat().st_mtime for p in graphs)
    compiled = {p.name.split(".")[0].split("@")[0] for p in graphs}
    newest = max((newest_source(targets[n]) for n in compiled if n in targets), default=0)
    stubs = root / "Tools" / "AppleSDKStubs"
    newest = max([newest] + [p.stat().st_mtime for p in stubs.rglob("*.swift")])
    return oldest >= newest


def placer(root: Path, targets: dict[str, repo.Target]):
    """Maps a graph's source path to the repository-relative path of the SDK source it is, or
    None; apple-typecheck's compiled copies (`<pass>/src/<Module>/<path>`) map to their originals."""
    apple = str(root / APPLE_TYPECHECK) + os.sep
    roots = {str(t.path) + os.sep: t for t in targets.values()}

    def place(path: str) -> str | None:
        if path.startswith(apple):
            parts = Path(path[len(apple):]).parts  # <pass>, "src", <Module>, rest…
            if len(parts) < 4 or parts[1] != "src" or parts[2] not in targets:
                return None
            original = targets[parts[2]].path.joinpath(*parts[3:])
            return str(original.relative_to(root))
        for prefix in roots:
            if path.startswith(prefix):
                return str(Path(path).relative_to(root))
        return None

    return place


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--require-apple", action="store_true",
                        help="fail unless Scripts/apple-typecheck's graphs are here and fresh (CI)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args(argv)
    package = repo.load_package(repo.ROOT)
    root = package.root
    targets = sdk_targets(package)
    place = placer(root, targets)
    declarations: list[Declaration] = []
    notes = []
    try:
        (root / ".build").mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(dir=root / ".build") as work:
            for path in linux_graphs(package, Path(work), args.jobs):
                declarations += declarations_from_graph(json.loads(path.read_text(encoding="utf-8")), place)
    except Stale as error:
        print(f"check-doc-comments: {error}")
        return 2
    apple, fresh, stale = apple_graphs(root, targets)
    for path in apple:
        declarations += declarations_from_graph(json.loads(path.read_text(encoding="utf-8")), place)
    if stale or not fresh:
        notes.append("Apple-only declarations not checked: " + (f"the graphs of {', '.join(stale)} are older than the sources"
                     if stale else "no graphs of Scripts/apple-typecheck") + " (run Scripts/apple-typecheck first)")
        if args.require_apple:
            print(f"check-doc-comments: {notes[-1]}")
            return 2
    missing, incomplete, counts = check(declarations)
    for note in notes:
        print(f"check-doc-comments: note: {note}")
    if missing:
        print(f"{len(missing)} public/package declarations without a doc comment:")
        print("\n".join(missing))
    if incomplete:
        print(f"{len(incomplete)} public functions with incomplete documentation:")
        print("\n".join(incomplete))
    if missing or incomplete:
        return 1
    platforms = "Linux" + (f" and {', '.join(fresh)}" if fresh else "")
    print(f"doc comments: all {counts['declarations']} public and package declarations ({platforms}) have one; "
          f"{counts['functions']} public functions document their {counts['parameters']} parameters, "
          f"{counts['throwing']} throwing ones what they throw, and every return value")
    return 0


if __name__ == "__main__":
    sys.exit(main())
