"""The house's folders: no source folder of a module holds more than 25 Swift files, and the
facade's root folder is its public face.

1. **Folder size** (fails): every folder under `Modules/*/Sources` holds at most `LIMIT` Swift files
   of its own (its subfolders count apart). A folder named in `Tools/check-folders.pending` is being
   given folders: it is reported, not failed, and an entry that no longer needs to be there (the
   folder is within the limit, or gone) fails, so the list only shrinks.
2. **The facade's face** (reported; `--strict-facade` fails on it): every Swift file directly in
   `Modules/KontextVideo/Sources` declares public API, and no file under its `Internal/` folder
   does. Which file declares what is the compiler's word, not a reading of the text: the facade's
   symbol graph from the debug build (`swift-symbolgraph-extract -minimum-access-level public`) and,
   when `Scripts/apple-typecheck` has run, the facade's graphs of each Apple platform it compiled
   (the `+Apple.swift` files Linux does not compile), read as `check-doc-comments.py` reads them.
   A public member in an extension counts for the extension's file.

Usage: Scripts/check-folders [--strict-facade] [--skip-facade]
Exits 1 on a finding that fails; 2 when the build the facade rule reads is missing (`swift build`).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from . import repo
from .doc_comments import PUBLIC, Stale, apple_graphs, declarations_from_graph, linux_graphs, placer, sdk_targets

LIMIT = 25
PENDING = Path("Tools") / "check-folders.pending"
FACADE = "KontextVideo"
INTERNAL = "Internal"


# -- rule 1: folder size ------------------------------------------------------------------------

def folder_counts(root: Path) -> dict[str, int]:
    """Every folder under `Modules/*/Sources` (repository-relative) -> the Swift files directly in it."""
    counts = {}
    for sources in sorted((root / "Modules").glob("*/Sources")):
        for folder in [sources, *sorted(p for p in sources.rglob("*") if p.is_dir())]:
            counts[str(folder.relative_to(root))] = sum(1 for p in folder.glob("*.swift") if p.is_file())
    return counts


def read_pending(text: str) -> list[str]:
    """The folders of the pending list: one a line, `#` starts a comment; a folder listed twice is refused."""
    folders = []
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip()
        if not entry:
            continue
        if entry in folders:
            raise ValueError(f"{PENDING} lists {entry} twice")
        folders.append(entry)
    return folders


def folder_findings(counts: dict[str, int], pending: list[str]) -> tuple[list[str], list[str]]:
    """(failures, reports): each folder over the limit, failed unless pending; each pending entry
    that no longer applies, failed."""
    failures, reports = [], []
    for folder, count in sorted(counts.items()):
        if count > LIMIT:
            line = f"{folder}: {count} Swift files (at most {LIMIT}; give it folders by concern)"
            (reports if folder in pending else failures).append(line)
    for folder in pending:
        if folder not in counts:
            failures.append(f"{PENDING}: {folder} is no source folder: remove the entry")
        elif counts[folder] <= LIMIT:
            failures.append(f"{PENDING}: {folder} holds {counts[folder]} Swift files now: remove the entry")
    return failures, reports


# -- rule 2: the facade's face ------------------------------------------------------------------

def facade_findings(files: list[str], public_files: set[str], sources: str) -> list[str]:
    """Each root file of the facade (`sources`, repository-relative) that declares no public API, and
    each file under its `Internal/` that declares some. `files`: every Swift file of the facade."""
    findings = []
    internal = f"{sources}/{INTERNAL}/"
    for path in sorted(files):
        relative = path[len(sources) + 1:]
        if "/" not in relative and path not in public_files:
            findings.append(f"{path}: in the facade's root but declares no public API (move it under {INTERNAL}/)")
        elif path.startswith(internal) and path in public_files:
            findings.append(f"{path}: under {INTERNAL}/ but declares public API (move it to the root)")
    return findings


def public_files_from_graphs(graphs: list[dict], place) -> set[str]:
    """The files (repository-relative) where a public or open declaration of the graphs is written."""
    found = set()
    for graph in graphs:
        found |= {d.path for d in declarations_from_graph(graph, place) if d.access in PUBLIC}
    return found


def facade_graphs(package: repo.Package, out: Path) -> tuple[list[dict], list[str]]:
    """The facade's symbol graphs (Linux, and each fresh Apple pass), and notes on what was not read."""
    paths = linux_graphs(package, out, 1, names=[FACADE])
    apple, fresh, _ = apple_graphs(package.root, sdk_targets(package))
    paths += [p for p in apple if p.name.split(".")[0].split("@")[0] == FACADE]
    notes = [] if fresh else ["the +Apple.swift files were read from no graph (run Scripts/apple-typecheck first): "
                              "a file of Apple-only public API shows as declaring none"]
    return [json.loads(p.read_text(encoding="utf-8")) for p in paths], notes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strict-facade", action="store_true", help="fail on the facade rule too (once the facade is moved)")
    parser.add_argument("--skip-facade", action="store_true", help="the folder sizes only (no build needed)")
    args = parser.parse_args(argv)
    root = repo.ROOT
    pending_path = root / PENDING
    try:
        pending = read_pending(pending_path.read_text(encoding="utf-8")) if pending_path.exists() else []
    except ValueError as error:
        print(f"check-folders: {error}")
        return 1
    counts = folder_counts(root)
    failures, reports = folder_findings(counts, pending)
    for line in reports:
        print(f"check-folders: pending: {line}")

    facade = []
    if not args.skip_facade:
        package = repo.load_package(root)
        sources = package.targets[FACADE].path
        try:
            (root / ".build").mkdir(exist_ok=True)
            with tempfile.TemporaryDirectory(dir=root / ".build") as work:
                graphs, notes = facade_graphs(package, Path(work))
        except Stale as error:
            print(f"check-folders: {error}")
            return 2
        for note in notes:
            print(f"check-folders: note: {note}")
        public = public_files_from_graphs(graphs, placer(root, sdk_targets(package)))
        files = [str(p.relative_to(root)) for p in sorted(sources.rglob("*.swift"))]
        facade = facade_findings(files, public, str(sources.relative_to(root)))
        label = "" if args.strict_facade else "facade (reported, not failed): "
        for line in facade:
            print(f"check-folders: {label}{line}")
        if args.strict_facade:
            failures += facade

    for line in failures:
        print(f"check-folders: {line}")
    if failures:
        return 1
    print(f"check-folders: {len(counts)} source folders, the largest not pending {max((c for f, c in counts.items() if f not in pending), default=0)} "
          f"Swift files (at most {LIMIT}); {len(reports)} pending" + ("" if args.skip_facade else
          f"; the facade: {len(facade)} file(s) on the wrong side of its root/{INTERNAL} line"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
