"""No production member exists only for tests: lists every declaration of the SDK's modules that
only test code refers to.

The references are the compiler's, not a reading of the text: the index store the debug build
writes (`swift build --build-tests` passes `-index-store-path .build/debug/index/store`), read
with the toolchain's `libIndexStore.so` (`index_store`), and, when they are there, the stores
`Scripts/apple-typecheck` writes for each Apple platform it compiles
(`.build/apple-typecheck/<pass>/index`), which hold the references behind `#if os(iOS)` that Linux
does not compile.

Where a file is:
- *production*: the library modules of `Modules/*/Sources`, and the programs a person runs
  (`kontext-sandbox`, `kontext-vast`, the demo of `Examples/KontextVideoDemo`);
- *test*: the test targets (`Modules/*/Tests`, `ConformanceTests`), the test-support modules
  `KontextVideoTestSupport` and `KontextVideoTesting` (their purpose is tests), and the two
  programs that exist to measure or to be tested, `kontext-video-probe` (run by the process-level
  tests) and `kontext-video-bench` (a member only the benchmark reaches is no more the SDK's than
  one only a test reaches).
Only the libraries' declarations are candidates: a program's own code has no tests that import it.

A declaration is **test-only** when it is defined in a production library, at least one reference
to it is in test code, and none is in production code, where
- a reference is an occurrence with the `reference` role (a call, read, write, a type named, a
  key path, an implicit call the compiler inserts: a literal's initializer, a property wrapper);
  naming a type in an extension or in an inheritance clause is not a use;
- a reference from within the declaration itself (recursion, a type's own members) does not
  count, nor one from a declaration found test-only (so a helper used only by a test-only helper
  is found in the same run: "reached only through …");
- a witness or override counts as used when what it implements is: a requirement of a protocol
  declared outside the production libraries (`Equatable`, `Codable`, `Sendable`, UIKit's
  delegates: the standard library or the system calls them), or a production requirement that is
  used in production;
- an enum case of an enum production can make without naming the case (a raw value,
  `CaseIterable`, `Decodable`) counts as used when the enum is;
- a stored property of an `Encodable` type counts as used when the type is (the synthesized
  `encode(to:)` reads it without a reference in the index).
Not candidates: public and open declarations (the API publishers call; `Scripts/api-guard` holds
it, read from the symbol graphs), implicit ones (a memberwise initializer), accessors (their
property is the candidate), parameters, locals, extensions. A declaration that no one references
at all is dead code, not test-only, and is not listed.

Known limits (each would show as a listing to look at, or a miss, never as a silent pass of a
listed one):
- what the index does not see: a use through a string (`NSSelectorFromString`, KVC, `Mirror`), from
  Objective-C, or by the fuzz targets (`Fuzz/*.swift`, compiled outside the package): a member so
  used that tests also name is listed (the allow-list says why it stays);
- without the Apple stores a member used only by Apple-only code and by tests is listed (a note
  says the Apple passes were not read; `--require-apple` refuses to run then); the app-extension
  passes are not indexed, as they compile the same code;
- a witness of an outside protocol (`description`, `==`) is never listed, even when only tests
  call it directly; nor is public API.
The allow-list (`Tools/test-only-members.allow`: `Module Qualified.name  reason`, a reason
required) names the declarations that stay: they are listed as allowed, what they use counts as
used, and an entry that matches nothing fails the run, so the list only shrinks.

Usage: Scripts/test-only-members [--json] [--require-apple] [--report-only] [--allow FILE]
Exit 0 when nothing but allowed entries is found; 1 with findings (0 with --report-only); 2 when
the index store is missing or older than the sources (build first), or the allow-list is malformed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from . import repo
from .index_store import IndexStore, IndexStoreError, Occurrence, Unit

TEST_SUPPORT_TARGETS = ("KontextVideoTestSupport", "KontextVideoTesting")
# Programs whose purpose is to test or measure the SDK: their references are test code's.
HARNESS_PROGRAMS = ("kontext-video-probe", "kontext-video-bench")
APPLE_TYPECHECK = Path(".build") / "apple-typecheck"
ALLOW_LIST = Path("Tools") / "test-only-members.allow"

PRODUCTION, TEST = "production", "test"
# Kinds of symbol that can be test-only (not modules, extensions, parameters, comment tags …).
CANDIDATE_KINDS = frozenset({
    "enum", "struct", "class", "protocol", "type-alias", "function", "variable", "field", "enum-constant",
    "instance-method", "class-method", "static-method", "instance-property", "class-property", "static-property",
    "constructor", "conversion-function",
})
NOT_CANDIDATE_SUBKINDS = frozenset({"generic-type-param", "associated-type"})
# Relations that make a reference a mention, not a use: `extension T`, `struct S: P`.
MENTION_RELATIONS = frozenset({"extended-by", "base-of"})
# Standard-library protocols (by USR) through which production reaches members the index shows no
# reference to.
ENCODABLE = frozenset({"s:SE", "s:s7Codablea"})  # Encodable, Codable
CASES_WITHOUT_NAMES = frozenset({"s:Se", "s:s7Codablea", "s:s12CaseIterableP", "s:SY"})  # Decodable, Codable, CaseIterable, RawRepresentable
TYPE_KINDS = frozenset({"enum", "struct", "class"})


@dataclass(frozen=True)
class Place:
    """Where a source file is: its side (`production` or `test`), its module, whether its
    declarations are candidates, and its path relative to the repository."""
    side: str
    module: str
    path: str
    declares: bool = False


@dataclass(frozen=True)
class Finding:
    """A test-only declaration."""
    module: str
    path: str  # relative to the repository
    line: int
    column: int
    name: str  # qualified: `EventPipeline.flush()`
    kind: str  # the index's symbol kind: instance-method, struct …
    usr: str
    through: tuple[str, ...] = ()  # the test-only declarations that are its only production users
    allowed: str = ""  # the allow-list's reason, when it is allowed

    @property
    def key(self) -> str:
        """How the allow-list names it: `Module Qualified.name`."""
        return f"{self.module} {self.name}"

    def render(self) -> str:
        text = f"{self.module}  {self.path}:{self.line}  {self.name}  ({self.kind})"
        if self.through:
            text += "  reached only through " + ", ".join(self.through)
        if self.allowed:
            text += f"  [allowed: {self.allowed}]"
        return text

    def as_json(self) -> dict:
        value = {"module": self.module, "path": self.path, "line": self.line, "column": self.column,
                 "symbol": self.name, "kind": self.kind, "usr": self.usr}
        if self.through:
            value["reachedOnlyThrough"] = list(self.through)
        if self.allowed:
            value["allowed"] = self.allowed
        return value


@dataclass
class _Reference:
    side: str
    container: str | None  # the USR of the declaration the reference is in


@dataclass
class _Facts:
    """What the classification needs, gathered from every occurrence."""
    definitions: dict[str, tuple[Place, Occurrence]] = field(default_factory=dict)
    references: dict[str, list[_Reference]] = field(default_factory=lambda: defaultdict(list))
    parent: dict[str, str] = field(default_factory=dict)  # member -> its type (an extension resolved to its type)
    accessor_of: dict[str, str] = field(default_factory=dict)  # getter/setter -> property
    overrides: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # witness -> requirements
    conforms: dict[str, set[tuple[str, str]]] = field(default_factory=lambda: defaultdict(set))  # type -> (USR, kind) of its protocols and bases
    tested: set[str] = field(default_factory=set)  # referenced from test code, itself or a member
    implicit_accessors: dict[str, bool] = field(default_factory=dict)  # property -> all its accessors implicit (stored)


def _is_accessor(occurrence: Occurrence) -> bool:
    return occurrence.symbol.subkind.startswith("accessor-")


def gather(occurrences: Iterable[tuple[Place, Occurrence]]) -> _Facts:
    """The definitions, references and relations of `occurrences` (each with the place of its file)."""
    facts = _Facts()
    extension_of: dict[str, str] = {}
    raw_references: list[tuple[str, str, str | None]] = []
    for place, occurrence in occurrences:
        if place.side not in (PRODUCTION, TEST):
            raise ValueError(f"{place.path}: side {place.side!r} is neither {PRODUCTION!r} nor {TEST!r}")
        symbol, roles = occurrence.symbol, occurrence.roles
        if "definition" in roles or "declaration" in roles:
            for relation in occurrence.relations:
                if "child-of" in relation.roles:
                    facts.parent.setdefault(symbol.usr, relation.symbol.usr)
                if "accessor-of" in relation.roles:
                    facts.accessor_of[symbol.usr] = relation.symbol.usr
                    facts.implicit_accessors[relation.symbol.usr] = (
                        facts.implicit_accessors.get(relation.symbol.usr, True) and "implicit" in roles)
                if "override-of" in relation.roles:
                    facts.overrides[symbol.usr].add(relation.symbol.usr)
            if "definition" in roles and "implicit" not in roles:
                known = facts.definitions.get(symbol.usr)
                if known is None or (place.path, occurrence.line) < (known[0].path, known[1].line):
                    facts.definitions[symbol.usr] = (place, occurrence)
            continue
        if "reference" not in roles:
            continue
        mention = False
        for relation in occurrence.relations:
            if "extended-by" in relation.roles:
                extension_of[relation.symbol.usr] = symbol.usr
                mention = True
            if "base-of" in relation.roles:
                facts.conforms[relation.symbol.usr].add((symbol.usr, symbol.kind))
                mention = True
        if mention:
            continue
        container = next((r.symbol.usr for r in occurrence.relations if r.roles & {"called-by", "contained-by"}), None)
        raw_references.append((symbol.usr, place.side, container))
    # A member of an extension belongs to the extended type; a conformance declared on an
    # extension is the type's.
    for member, parent in list(facts.parent.items()):
        if parent in extension_of:
            facts.parent[member] = extension_of[parent]
    for extension, protocols in list(facts.conforms.items()):
        if extension in extension_of:
            facts.conforms[extension_of[extension]] |= protocols
    for usr, side, container in raw_references:
        if usr not in facts.definitions:
            usr = _same_declaration_on_linux(usr, facts.definitions)
        usr = facts.accessor_of.get(usr, usr)
        if container is not None:
            container = facts.accessor_of.get(container, container)
        facts.references[usr].append(_Reference(side, container))
        if side == TEST:
            # A test that uses a member uses its type.
            seen = set()
            while usr is not None and usr not in seen:
                seen.add(usr)
                facts.tested.add(usr)
                usr = facts.parent.get(usr)
    return facts


# How `PlatformView` (KontextVideoCreatives) is spelled in a USR: `UIView` where UIKit exists, what
# an Apple pass compiles; `AnyObject` elsewhere, what Linux compiles and defines. A declaration
# whose signature names it has one USR per spelling, so an Apple file's call of it names a USR
# that Linux's index never defines.
PLATFORM_VIEW_IN_USR = {"5UIKit6UIViewC": "yXl"}


def _same_declaration_on_linux(usr: str, definitions: dict) -> str:
    """The USR Linux defines for the declaration an Apple compile's `usr` names, when they differ
    only in how `PlatformView` is spelled; `usr` itself otherwise."""
    for apple, linux in PLATFORM_VIEW_IN_USR.items():
        if apple in usr:
            respelled = usr.replace(apple, linux)
            if respelled in definitions:
                return respelled
    return usr


def _candidate(place: Place, occurrence: Occurrence, exempt: frozenset[str]) -> bool:
    symbol = occurrence.symbol
    return (place.declares and symbol.kind in CANDIDATE_KINDS and symbol.subkind not in NOT_CANDIDATE_SUBKINDS
            and not _is_accessor(occurrence) and "local" not in symbol.properties
            and symbol.access not in ("public", "open") and symbol.usr not in exempt)


def classify(occurrences: Iterable[tuple[Place, Occurrence]], exempt: frozenset[str] = frozenset(),
             allowed: dict[str, str] | None = None) -> list[Finding]:
    """The test-only declarations among the definitions of `occurrences`, each paired with the
    place of its file; `exempt` holds USRs that are never candidates (the public API). Sorted by
    module, path and line; a member of a test-only type is not listed beside its type.

    `allowed` (the allow-list: `Module Qualified.name` -> reason) names declarations that stay:
    each found is listed with its reason, and counts as a production user of what it uses."""
    allowed = allowed or {}
    facts = gather(occurrences)
    defined_in_production = {usr for usr, (place, _) in facts.definitions.items() if place.side == PRODUCTION}
    candidates = {usr for usr, (place, occurrence) in facts.definitions.items() if _candidate(place, occurrence, exempt)}

    def ancestors(usr: str) -> list[str]:
        chain, seen = [], {usr}
        while usr in facts.parent and facts.parent[usr] not in seen:
            usr = facts.parent[usr]
            seen.add(usr)
            chain.append(usr)
        return chain

    test_only: dict[str, tuple[str, ...]] = {}
    kept: dict[str, tuple[str, ...]] = {}  # test-only, but allowed

    def within(container: str, usr: str) -> bool:
        return container == usr or usr in ancestors(container)

    def discounted_by(container: str | None) -> str | None:
        """The test-only declaration a reference from `container` is in, if any."""
        if container is None:
            return None
        for usr in [container] + ancestors(container):
            if usr in test_only:
                return usr
        return None

    def used_in_production(usr: str, through: set[str], seen: set[str]) -> bool:
        if usr in seen:
            return False
        seen.add(usr)
        for reference in facts.references.get(usr, []):
            if reference.side != PRODUCTION:
                continue
            if reference.container is not None and within(reference.container, usr):
                continue  # its own body
            by = discounted_by(reference.container)
            if by is not None:
                through.add(by)
                continue
            return True
        for requirement in facts.overrides.get(usr, ()):
            if requirement not in defined_in_production:
                return True  # the standard library's, the system's: called from outside
            if used_in_production(requirement, through, seen):
                return True
        parent = facts.parent.get(usr)
        kind = facts.definitions[usr][1].symbol.kind if usr in facts.definitions else ""
        if parent is not None and parent not in test_only:
            conforms = {u for u, _ in facts.conforms.get(parent, set())}
            parent_kind = facts.definitions[parent][1].symbol.kind if parent in facts.definitions else ""
            made_without_names = parent_kind == "enum" and (
                conforms & CASES_WITHOUT_NAMES
                or any(k in TYPE_KINDS for _, k in facts.conforms.get(parent, set())))  # a raw type: String, Int …
            if kind == "enum-constant" and made_without_names and used_in_production(parent, through, seen):
                return True
            stored = facts.implicit_accessors.get(usr, False)
            if kind == "instance-property" and stored and conforms & ENCODABLE and used_in_production(parent, through, seen):
                return True
        return False

    def qualified(usr: str) -> str:
        names = []
        for u in [usr] + ancestors(usr):
            if u in facts.definitions:
                names.append(facts.definitions[u][1].symbol.name)
        return ".".join(reversed(names))

    def key(usr: str) -> str:
        return f"{facts.definitions[usr][0].module} {qualified(usr)}"

    changed = True
    while changed:
        changed = False
        for usr in sorted(candidates - set(test_only) - set(kept)):
            through: set[str] = set()
            # Test-only: no production use, and a test's (or a test-only declaration's) use.
            if not used_in_production(usr, through, set()) and (usr in facts.tested or through):
                (kept if key(usr) in allowed else test_only)[usr] = tuple(sorted(through))
                changed = True

    findings = []
    for usr, through in list(test_only.items()) + list(kept.items()):
        if any(a in test_only or a in kept for a in ancestors(usr)):
            continue  # listed as its type
        place, occurrence = facts.definitions[usr]
        findings.append(Finding(place.module, place.path, occurrence.line, occurrence.column, qualified(usr),
                                occurrence.symbol.kind, usr, tuple(qualified(t) for t in through), allowed.get(key(usr), "")))
    return sorted(findings, key=lambda f: (f.module, f.path, f.line, f.column, f.name))


# -- the allow-list -------------------------------------------------------------------------------

class AllowListError(Exception):
    """The allow-list is malformed."""


def parse_allow_list(text: str, source: str = str(ALLOW_LIST)) -> dict[str, str]:
    """`Module Qualified.name  reason` lines (`#` starts a comment line) -> {key: reason}. Every
    entry needs a reason; an entry listed twice is an error."""
    entries: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        parts = stripped.split(None, 2)
        if len(parts) < 3 or not parts[2].strip():
            raise AllowListError(f"{source}:{number}: `{stripped}` needs a module, a symbol and a reason")
        key = f"{parts[0]} {parts[1]}"
        if key in entries:
            raise AllowListError(f"{source}:{number}: {key} is listed twice")
        entries[key] = parts[2].strip()
    return entries


def stale_entries(findings: list[Finding], allowed: dict[str, str]) -> list[str]:
    """The allow-list's entries that match no finding: what it allowed is gone, or is used in
    production now."""
    found = {f.key for f in findings}
    return sorted(k for k in allowed if k not in found)


# -- where the files are --------------------------------------------------------------------------

def placer(package: repo.Package) -> Callable[[str], Place | None]:
    """Maps a source path of an index (absolute) to its Place, or None for a file of no target;
    `Scripts/apple-typecheck`'s compiled copies (`<pass>/src/<Module>/<path>`) map to their
    originals."""
    root = package.root
    apple = str(root / APPLE_TYPECHECK) + os.sep
    sides: dict[str, tuple[str, bool]] = {}
    for name, target in package.targets.items():
        if target.kind == "test" or name in TEST_SUPPORT_TARGETS or name in HARNESS_PROGRAMS:
            sides[name] = (TEST, False)
        elif target.kind == "regular":
            sides[name] = (PRODUCTION, True)
        elif target.kind == "executable":
            sides[name] = (PRODUCTION, False)
    # The deepest target path first, so a target inside another's folder wins.
    prefixes = sorted(((str(package.targets[n].path) + os.sep, n) for n in sides), key=lambda p: -len(p[0]))
    example_apps = root / "Examples"

    def place(path: str) -> Place | None:
        if path.startswith(apple):
            parts = Path(path[len(apple):]).parts  # <pass>, "src", <Module>, rest…
            if len(parts) < 4 or parts[1] != "src":
                return None
            if parts[2] in sides:
                path = str(package.targets[parts[2]].path.joinpath(*parts[3:]))
            else:  # an example app apple-typecheck compiles (Examples/<Name>): a publisher's code
                return Place(PRODUCTION, parts[2], str((example_apps / parts[2]).joinpath(*parts[3:]).relative_to(root)))
        for prefix, name in prefixes:
            if path.startswith(prefix):
                side, declares = sides[name]
                return Place(side, name, str(Path(path).relative_to(root)), declares)
        return None

    return place


class Stale(Exception):
    """The index is missing, or older than the sources."""


def newest_units(store: IndexStore, wanted: Callable[[str], bool]) -> dict[str, tuple[Unit, float]]:
    """The newest unit of each main file `wanted` accepts, with its modification time."""
    newest: dict[str, tuple[Unit, float]] = {}
    for name in store.unit_names():
        unit = store.unit(name)
        if unit.is_system or not unit.main_file or not wanted(unit.main_file):
            continue
        stamp = store.unit_time(name)
        if unit.main_file not in newest or stamp > newest[unit.main_file][1]:
            newest[unit.main_file] = (unit, stamp)
    return newest


def read_store(path: Path, place: Callable[[str], Place | None], expected: list[Path] | None,
               root: Path | None = None) -> list[tuple[Place, Occurrence]]:
    """The occurrences of a store, each with its place. With `expected` (the Swift files the
    build compiles), every one of them must have a unit no older than the file; with `root`
    (a store of copies: Scripts/apple-typecheck's), every unit must be newer than its original."""
    found: list[tuple[Place, Occurrence]] = []
    try:
        with IndexStore(path) as store:
            units = newest_units(store, lambda main: place(main) is not None)
            if root is not None:
                for main, (_, stamp) in sorted(units.items()):
                    original = root / place(main).path
                    if original.exists() and original.stat().st_mtime > stamp:
                        raise Stale(f"{path} is older than {place(main).path}: run Scripts/apple-typecheck again")
            if expected is not None:
                missing = [f for f in expected if str(f) not in units]
                if missing:
                    raise Stale(f"{len(missing)} source files are not in {path} (first: {missing[0]}): build first "
                                "(swift build --build-tests)")
                old = [f for f in expected if units[str(f)][1] < f.stat().st_mtime]
                if old:
                    raise Stale(f"{path} is older than {len(old)} source files (first: {old[0]}): build first "
                                "(swift build --build-tests)")
            seen: set[tuple[str, str]] = set()
            compiled = {str(f) for f in expected} if expected is not None else None
            for main, (unit, _) in units.items():
                # A file deleted (or moved) since it was indexed left its unit behind: not the code.
                if compiled is not None and main not in compiled:
                    continue
                if root is not None and not (root / place(main).path).exists():
                    continue
                for record, source in unit.records:
                    where = place(source)
                    if where is None or (record, source) in seen:
                        continue
                    seen.add((record, source))
                    found.extend((where, o) for o in store.occurrences(record, source))
    except IndexStoreError as error:
        raise Stale(str(error)) from None
    return found


def linux_store(root: Path) -> Path:
    return root / ".build" / "debug" / "index" / "store"


def apple_stores(root: Path) -> list[Path]:
    """The index stores Scripts/apple-typecheck left, one per pass."""
    base = root / APPLE_TYPECHECK
    return sorted(p for p in base.glob("*/index") if (p / "v5").is_dir()) if base.is_dir() else []


def public_usrs(package: repo.Package, jobs: int) -> frozenset[str]:
    """The USRs of every public or open declaration: the debug build's symbol graphs, and those
    Scripts/apple-typecheck kept."""
    from . import doc_comments  # its symbol graphs, the same extraction
    usrs: set[str] = set()
    graphs: list[Path] = []
    (package.root / ".build").mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=package.root / ".build") as work:
        try:
            graphs = doc_comments.linux_graphs(package, Path(work), jobs)
        except doc_comments.Stale as error:
            raise Stale(str(error)) from None
        graphs += sorted((package.root / APPLE_TYPECHECK).glob("*/symbol-graphs/*.symbols.json"))
        for path in graphs:
            for symbol in json.loads(path.read_text(encoding="utf-8")).get("symbols", []):
                if symbol.get("accessLevel") in ("public", "open"):
                    usrs.add(symbol["identifier"]["precise"])
    return frozenset(usrs)


def compiled_files(package: repo.Package, place: Callable[[str], Place | None]) -> list[Path]:
    """The Swift files of every target the checker reads."""
    return sorted(f for t in package.targets.values() for f in t.swift_files() if place(str(f)) is not None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the findings as JSON")
    parser.add_argument("--require-apple", action="store_true",
                        help="fail unless Scripts/apple-typecheck's index stores are here (CI)")
    parser.add_argument("--report-only", action="store_true", help="exit 0 even with findings")
    parser.add_argument("--allow", type=Path, default=None, help=f"the allow-list (default {ALLOW_LIST})")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    args = parser.parse_args(argv)
    package = repo.load_package(repo.ROOT)
    root = package.root
    place = placer(package)
    allow_path = args.allow or root / ALLOW_LIST
    notes: list[str] = []
    try:
        allowed = parse_allow_list(allow_path.read_text(encoding="utf-8"), str(allow_path)) if allow_path.exists() else {}
        occurrences = read_store(linux_store(root), place, compiled_files(package, place))
        stores = apple_stores(root)
        for store in stores:
            occurrences += read_store(store, place, None, root)
        if not stores:
            notes.append("Apple-only code not read: no index of Scripts/apple-typecheck (run it first); a member "
                         "used only there is listed")
            if args.require_apple:
                print(f"test-only-members: {notes[-1]}")
                return 2
        exempt = public_usrs(package, args.jobs)
    except (Stale, AllowListError) as error:
        print(f"test-only-members: {error}")
        return 2
    findings = classify(occurrences, exempt, allowed)
    stale = stale_entries(findings, allowed)
    failing = [f for f in findings if not f.allowed]
    if args.json:
        print(json.dumps({"findings": [f.as_json() for f in findings], "staleAllowListEntries": stale,
                          "notes": notes}, indent=2))
    else:
        for note in notes:
            print(f"test-only-members: note: {note}")
        for finding in findings:
            print(finding.render())
        for key in stale:
            print(f"test-only-members: {allow_path.name}: `{key}` matches no test-only declaration: remove it")
        passes = ", ".join(p.parent.name for p in apple_stores(root))
        read = "Linux" + (f" and {passes}" if passes else "")
        allowed_count = len(findings) - len(failing)
        print(f"test-only-members: {len(failing)} declarations only tests use" +
              (f", {allowed_count} more allowed by {allow_path.name}" if allowed_count else "") +
              f" (references read from the index of {read})")
    if (failing or stale) and not args.report_only:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
