#!/usr/bin/env python3
"""The conformance gate's report: catalogue x tests -> clause verdicts.

Reads `ConformanceTests/catalogue.json` (the clauses), scans `ConformanceTests/**/*.swift`
for `@Test("[ID]…")` display names (so a clause with no test is found even when the build
fails), reads one test result file (Swift Testing event stream JSON lines, console output,
or xUnit XML), and prints every clause with its tests and a verdict. Exit status: 0 when the
gate passes, 1 when it fails, 2 on a usage error. Standard library only.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter, OrderedDict

AREA_PREFIX = OrderedDict([
    ("errors", "ERR"), ("endReasons", "END"), ("noFill", "NOFILL"), ("delegate", "DEL"),
    ("layout", "LAY"), ("timing", "TIME"), ("player", "PLAY"), ("lifecycle", "LIFE"),
    ("defaults", "DEF"), ("initialization", "INIT"), ("labels", "LAB"), ("models", "MOD"),
    ("verification", "VER"),
])
CLAUSE_ID = re.compile(r"^[A-Z]{2,8}-\d{3}$")
ID_TOKEN = re.compile(r"\b[A-Z]{2,8}-\d+")
RANGE_TOKEN = re.compile(r"^([A-Z]{2,8})-(\d{3})\.\.\.([A-Z]{2,8})-(\d{3})$")
RANGE_SEPARATOR = re.compile(r"\s*(?:\.{2,3}|…)\s*")
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")

# Verdicts, worst first for sorting.
FAIL, NOT_RUN, SKIPPED, NO_TEST, NOT_APPLICABLE, PASS = "FAIL", "NOT RUN", "SKIPPED", "NO TEST", "N/A", "PASS"


# ---------------------------------------------------------------- clause ids in names

def ids_in_name(name: str) -> tuple[list[str], list[str]]:
    """Clause ids named by a test display name: every `[…]` group whose comma/space
    separated tokens are all ids (`ERR-001`) or ranges (`ERR-001...ERR-004`, same prefix).
    Returns (ids in order without duplicates, problems)."""
    ids: list[str] = []
    problems: list[str] = []
    for group in re.findall(r"\[([^\[\]]*)\]", name):
        tokens = [t for t in re.split(r"[,\s]+", RANGE_SEPARATOR.sub("...", group)) if t]
        if not tokens or not all(CLAUSE_ID.match(t) or RANGE_TOKEN.match(t) for t in tokens):
            if ID_TOKEN.search(group):
                problems.append(f"malformed clause id group [{group}] in {name!r}")
            continue
        for token in tokens:
            m = RANGE_TOKEN.match(token)
            if not m:
                ids.append(token)
                continue
            p1, a, p2, b = m.group(1), int(m.group(2)), m.group(3), int(m.group(4))
            if p1 != p2 or b < a or b - a > 200:
                problems.append(f"bad clause id range [{token}] in {name!r}")
                continue
            ids.extend(f"{p1}-{n:03d}" for n in range(a, b + 1))
    return list(OrderedDict.fromkeys(ids)), problems


# ---------------------------------------------------------------- normalisation

_MD_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!<>|])")


def normalise(text: str) -> str:
    """Whitespace runs become one space; Markdown backslash escapes and `**` bold markers are removed."""
    return " ".join(_MD_ESCAPE.sub(r"\1", text).replace("**", "").split())


# ---------------------------------------------------------------- catalogue

@dataclasses.dataclass
class Clause:
    id: str
    area: str
    subject: str
    quote: str
    promise: str
    source: str
    platforms: list[str]
    also: list[dict]
    deprecated: bool = False


def load_catalogue(path: str) -> tuple[dict, list[Clause], list[str]]:
    """Parses and validates the catalogue; returns (raw json, clauses, problems)."""
    problems: list[str] = []
    with open(path, encoding="utf-8") as f:
        raw = json.load(f)
    if raw.get("version") != 1:
        problems.append(f"catalogue version is {raw.get('version')!r}, expected 1")
    default_source = raw.get("source", "api-reference.md")
    areas = raw.get("areas") or list(AREA_PREFIX)
    clauses: list[Clause] = []
    seen: set[str] = set()
    for i, c in enumerate(raw.get("clauses", [])):
        where = c.get("id") or f"clause #{i + 1}"
        missing = [k for k in ("id", "area", "subject", "quote", "promise") if not str(c.get(k, "")).strip()]
        if missing:
            problems.append(f"{where}: missing {', '.join(missing)}")
            continue
        if not CLAUSE_ID.match(c["id"]):
            problems.append(f"{where}: id does not look like PREFIX-NNN")
        if c["id"] in seen:
            problems.append(f"{where}: duplicate id")
        seen.add(c["id"])
        if c["area"] not in areas:
            problems.append(f"{where}: unknown area {c['area']!r}")
        elif AREA_PREFIX.get(c["area"]) and not c["id"].startswith(AREA_PREFIX[c["area"]] + "-"):
            problems.append(f"{where}: area {c['area']} expects prefix {AREA_PREFIX[c['area']]}-")
        clauses.append(Clause(
            id=c["id"], area=c["area"], subject=c["subject"], quote=c["quote"], promise=c["promise"],
            source=c.get("source", default_source), platforms=list(c.get("platforms", [])),
            also=list(c.get("also", [])), deprecated=bool(c.get("deprecated", False)),
        ))
    return raw, clauses, problems


def resolve_sources(raw: dict, repo: str, reference: str | None) -> dict[str, str | None]:
    """Maps each source name to an existing file path (or None). `reference` overrides
    `api-reference.md`; other seed files are also looked for next to it."""
    paths: dict[str, str | None] = {}
    declared = dict(raw.get("sources") or {})
    declared.setdefault(raw.get("source", "api-reference.md"), raw.get("source", "api-reference.md"))
    ref_dir = os.path.dirname(os.path.abspath(reference)) if reference else None
    for name, rel in declared.items():
        candidates = []
        if reference and name == raw.get("source", "api-reference.md"):
            candidates.append(reference)
        if ref_dir:
            candidates.append(os.path.join(ref_dir, os.path.basename(rel)))
        candidates.append(rel if os.path.isabs(rel) else os.path.join(repo, rel))
        paths[name] = next((p for p in candidates if os.path.isfile(p)), None)
    return paths


def external_sources(raw: dict, repo: str) -> dict[str, str]:
    """The declared sources that live outside the repository (`../shared/seed/…`), by name, with
    their declared path: a fresh clone does not have them."""
    declared = dict(raw.get("sources") or {})
    declared.setdefault(raw.get("source", "api-reference.md"), raw.get("source", "api-reference.md"))
    root = os.path.realpath(repo)
    external = {}
    for name, rel in declared.items():
        path = os.path.realpath(rel if os.path.isabs(rel) else os.path.join(repo, rel))
        if os.path.commonpath([root, path]) != root:
            external[name] = rel
    return external


def check_quotes(clauses: list[Clause], sources: dict[str, str | None],
                 optional: dict[str, str] | None = None) -> tuple[list[str], list[str], list[str]]:
    """Every quote (and every `also` quote) must occur in its source after normalisation.

    Returns (problems, notes, the names of the sources not checked). A source named in `optional` (one outside the repository, such as
    `../shared/seed/api-reference.md`) that is absent is not a problem: its quotes are not checked
    and a note says so. The catalogue's quotes are then the contract the gate checks against."""
    problems: list[str] = []
    notes: list[str] = []
    optional = optional or {}
    texts: dict[str, str | None] = {}
    for name, path in sources.items():
        if path is None:
            texts[name] = None
            continue
        with open(path, encoding="utf-8") as f:
            texts[name] = normalise(f.read())
    unchecked: Counter = Counter()
    for c in clauses:
        for source, quote in [(c.source, c.quote)] + [(a.get("source", c.source), a.get("quote", "")) for a in c.also]:
            text = texts.get(source)
            if text is None:
                unchecked[source] += 1
                continue
            if not quote.strip() or normalise(quote) not in text:
                problems.append(f"{c.id}: quote not found in {source}: {quote[:80]!r}")
    skipped: list[str] = []
    for source, count in unchecked.items():
        if source in optional:
            skipped.append(source)
            notes.append(f"{source} is not here ({optional[source]}, outside the repository: a fresh clone has no copy), "
                         f"so {count} quote(s) were not checked against it. The catalogue's quotes are the contract the "
                         f"tests prove; to check them against the document, pass --reference PATH or set KONTEXT_API_REFERENCE.")
        elif source.startswith("api-reference"):
            problems.append(f"source {source!r} not found (pass --reference PATH or set KONTEXT_API_REFERENCE)")
        else:
            problems.append(f"source {source!r} not found: it belongs to the repository (is the checkout complete?)")
    return problems, notes, skipped


# ---------------------------------------------------------------- static scan

@dataclasses.dataclass
class StaticTest:
    display: str
    function: str
    suite: str
    file: str
    line: int
    ids: list[str]


_TEST_ATTR = re.compile(r"@Test\s*\(\s*(#*)\"((?:[^\"\\\n]|\\.)*)\"\1")
_BARE_TEST = re.compile(r"@Test\b(?!\s*\(\s*#*\")")
_FUNC = re.compile(r"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)")
_TYPE = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|final)\s+)*"
                   r"(?:struct|class|actor|enum|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)", re.M)


def _strip_comments(src: str) -> str:
    """Blanks out // and /* */ comments outside string literals, keeping line numbers."""
    out, i, n = [], 0, len(src)
    in_str = False
    while i < n:
        ch = src[i]
        if in_str:
            out.append(ch)
            if ch == "\\" and i + 1 < n:
                out.append(src[i + 1])
                i += 2
                continue
            if ch == '"' or ch == "\n":
                in_str = False
            i += 1
        elif ch == '"':
            in_str = True
            out.append(ch)
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j == -1 else j
            out.append(" " * (j - i))
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j == -1 else j + 2
            out.append("".join(c if c == "\n" else " " for c in src[i:j]))
            i = j
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _unescape(literal: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), literal)


def scan_tests(directory: str) -> tuple[list[StaticTest], list[str]]:
    """Finds every `@Test("…")` in `directory/**/*.swift`; returns (tests, problems)."""
    tests: list[StaticTest] = []
    problems: list[str] = []
    if not os.path.isdir(directory):
        return tests, [f"test directory {directory} not found"]
    for root, dirs, files in os.walk(directory):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as f:
                src = _strip_comments(f.read())
            types = [(m.start(), m.group(1)) for m in _TYPE.finditer(src)]
            rel = os.path.relpath(path, directory)

            def locate(pos: int) -> tuple[str, str, int]:
                fn = _FUNC.search(src, pos)
                suite = next((t for start, t in reversed(types) if start < pos), "")
                return (fn.group(1) if fn else "?"), suite, src.count("\n", 0, pos) + 1

            for m in _TEST_ATTR.finditer(src):
                display = m.group(2) if m.group(1) else _unescape(m.group(2))
                ids, id_problems = ids_in_name(display)
                problems.extend(f"{rel}: {p}" for p in id_problems)
                fn, suite, line = locate(m.end())
                tests.append(StaticTest(display, fn, suite, rel, line, ids))
            for m in _BARE_TEST.finditer(src):
                fn, suite, line = locate(m.end())
                tests.append(StaticTest(f"{fn}()", fn, suite, rel, line, []))
    return tests, problems


# ---------------------------------------------------------------- results

@dataclasses.dataclass
class RunResult:
    """One test as the run saw it."""
    display: str
    status: str = "started"            # started | passed | failed | skipped
    failed_cases: list[str] = dataclasses.field(default_factory=list)   # labels of failing cases
    whole_test_issue: bool = False     # an issue outside any test case
    messages: list[str] = dataclasses.field(default_factory=list)
    function: str = ""
    suite: str = ""


_C_END = re.compile(r"\bTest (\"(?P<q>.*)\"|(?P<f>[A-Za-z_][\w]*\([^)\s]*\)))"
                    r" (?:with \d+ test cases? )?(?P<s>passed|failed) after")
_C_SKIP = re.compile(r"\bTest (\"(?P<q>.*)\"|(?P<f>[A-Za-z_][\w]*\([^)\s]*\))) skipped(?::|\.|$)")
_C_START = re.compile(r"\bTest (\"(?P<q>.*)\"|(?P<f>[A-Za-z_][\w]*\([^)\s]*\))) started\.$")
_C_ISSUE = re.compile(r"\bTest (\"(?P<q>.*)\"|(?P<f>[A-Za-z_][\w]*\([^)\s]*\))) recorded an issue"
                      r"(?: with \d+ arguments? (?P<args>.*?))? at (?P<loc>[^\s:]+:\d+:\d+): (?P<msg>.*)$")


def _name(m: re.Match) -> str:
    return m.group("q") if m.group("q") is not None else m.group("f")


def parse_console(text: str) -> tuple[dict[str, RunResult], bool]:
    """Swift Testing console output. Returns (results by display name, saw a test run)."""
    results: dict[str, RunResult] = {}
    saw_run = False
    for line in ANSI.sub("", text).splitlines():
        line = line.rstrip()
        if "Test run started." in line:
            saw_run = True
        if m := _C_ISSUE.search(line):
            r = results.setdefault(_name(m), RunResult(_name(m)))
            if m.group("args"):
                r.failed_cases.append(m.group("args"))
            else:
                r.whole_test_issue = True
            case = f"({m.group('args')}) " if m.group("args") else ""
            r.messages.append(f"{case}{m.group('loc')}: {m.group('msg')}")
        elif m := _C_END.search(line):
            r = results.setdefault(_name(m), RunResult(_name(m)))
            r.status = m.group("s")
        elif m := _C_SKIP.search(line):
            results.setdefault(_name(m), RunResult(_name(m))).status = "skipped"
        elif m := _C_START.search(line):
            results.setdefault(_name(m), RunResult(_name(m)))
    return results, saw_run


def parse_event_stream(text: str) -> tuple[dict[str, RunResult], bool]:
    """`swift test --experimental-event-stream-output` JSON lines (schema version 0)."""
    by_id: dict[str, RunResult] = {}
    saw_run = False
    for raw_line in text.splitlines():
        if not raw_line.strip():
            continue
        try:
            record = json.loads(raw_line)
        except json.JSONDecodeError:
            continue
        payload = record.get("payload") or {}
        if record.get("kind") == "test":
            if payload.get("kind") != "function":
                continue
            test_id = payload.get("id", "")
            display = payload.get("displayName") or payload.get("name", test_id)
            suite = test_id.split("/", 1)[0].split(".", 1)[-1] if "/" in test_id else ""
            fn = payload.get("name", "").split("(", 1)[0]
            by_id.setdefault(test_id, RunResult(display, status="not run", function=fn, suite=suite))
            continue
        kind = payload.get("kind")
        if kind == "runStarted":
            saw_run = True
        r = by_id.get(payload.get("testID", ""))
        if r is None:
            continue
        if kind == "testStarted":
            r.status = "started"
        elif kind == "testSkipped":
            r.status = "skipped"
        elif kind == "issueRecorded" and not (payload.get("issue") or {}).get("isKnown", False):
            case = (payload.get("_testCase") or {}).get("displayName")
            if case is not None:
                r.failed_cases.append(case)
            else:
                r.whole_test_issue = True
            prefix = f"({case}) " if case is not None else ""
            r.messages.extend(prefix + m.get("text", "") for m in payload.get("messages", []))
        elif kind == "testEnded":
            symbols = {m.get("symbol") for m in payload.get("messages", [])}
            failed = "fail" in symbols or r.failed_cases or r.whole_test_issue
            r.status = "failed" if failed else "passed"
    results: dict[str, RunResult] = {}
    for r in by_id.values():
        previous = results.get(r.display)
        if previous is None or (r.status == "failed" and previous.status != "failed"):
            results[r.display] = r
    return results, saw_run


def parse_xunit(text: str, static: list[StaticTest]) -> tuple[dict[str, RunResult], bool, list[str]]:
    """xUnit XML (Swift Testing's `-swift-testing` file names functions, not display names):
    each test case is matched to a scanned `@Test` by suite type and function name."""
    problems: list[str] = []
    root = ET.fromstring(text)
    by_key: dict[tuple[str, str], list[StaticTest]] = {}
    by_fn: dict[str, list[StaticTest]] = {}
    for t in static:
        by_key.setdefault((t.suite.split(".")[-1], t.function), []).append(t)
        by_fn.setdefault(t.function, []).append(t)
    results: dict[str, RunResult] = {}
    cases = list(root.iter("testcase"))
    for case in cases:
        suite = case.get("classname", "").split(".")[-1]
        fn = case.get("name", "").split("(", 1)[0]
        match = by_key.get((suite, fn)) or (by_fn.get(fn) if len(by_fn.get(fn, [])) == 1 else None)
        display = match[0].display if match else f"{fn}()"
        if not match:
            problems.append(f"xunit test {case.get('classname')}.{case.get('name')} matches no scanned @Test")
        r = RunResult(display, function=fn, suite=suite)
        failures = case.findall("failure") + case.findall("error")
        if case.find("skipped") is not None:
            r.status = "skipped"
        elif failures:
            r.status, r.whole_test_issue = "failed", True
            r.messages = [f.get("message", "") for f in failures]
        else:
            r.status = "passed"
        results[display] = r
    return results, bool(cases), problems


def parse_results(path: str, static: list[StaticTest]) -> tuple[dict[str, RunResult], bool, list[str], str]:
    """Detects the format of `path`; returns (results, saw a run, problems, format name)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    head = text.lstrip()[:200]
    if head.startswith("<?xml") or head.startswith("<testsuite"):
        results, saw, problems = parse_xunit(text, static)
        return results, saw, problems, "xunit"
    if head.startswith("{") and '"kind"' in head:
        results, saw = parse_event_stream(text)
        return results, saw, [], "event stream"
    results, saw = parse_console(text)
    return results, saw, [], "console"


# ---------------------------------------------------------------- the report

@dataclasses.dataclass
class TestRow:
    display: str
    where: str
    status: str                 # passed | failed | skipped | not run | started (crashed)
    fails_clause: dict[str, bool]
    messages: list[str]


def evaluate(clauses: list[Clause], static: list[StaticTest], results: dict[str, RunResult] | None,
             host: str, area_order: list[str] | None = None) -> tuple[list[dict], list[TestRow], list[str], list[str]]:
    """Joins clauses, scanned tests and run results. Returns (clause rows, test rows,
    problems that fail the gate, warnings)."""
    problems: list[str] = []
    warnings: list[str] = []
    known = {c.id for c in clauses}
    rows: list[TestRow] = []
    displays: "OrderedDict[str, TestRow]" = OrderedDict()

    counts = Counter(t.display for t in static)
    for display, n in counts.items():
        if n > 1:
            warnings.append(f"{n} tests share the display name {display!r}; their results are merged")
    static_by_display: dict[str, list[StaticTest]] = {}
    for t in static:
        static_by_display.setdefault(t.display, []).append(t)

    names = list(static_by_display)
    if results:
        # Results of other test targets (a full `swift test` run) name no clause: not ours to report.
        names += [d for d in results if d not in static_by_display and ids_in_name(d)[0]]
    for display in names:
        ids, _ = ids_in_name(display)
        where = ", ".join(f"{t.file}:{t.line}" for t in static_by_display.get(display, [])) or "(not in scanned sources)"
        r = results.get(display) if results is not None else None
        if results is None:
            status = "not run"
        elif r is None:
            status = "not run"
        else:
            status = {"started": "crashed"}.get(r.status, r.status)
        fails = {i: False for i in ids}
        if status in ("failed", "crashed"):
            precise = r is not None and r.failed_cases and not r.whole_test_issue and status == "failed"
            case_ids = [ids_in_name(label)[0] for label in (r.failed_cases if r else [])]
            if precise and all(case_ids):
                for group in case_ids:
                    for i in group:
                        fails[i] = True
                        if i not in ids:
                            problems.append(f"test {display!r}: a failing case names {i}, which its display name does not list")
            else:
                fails = {i: True for i in ids}
        row = TestRow(display, where, status, fails, r.messages if r else [])
        rows.append(row)
        displays[display] = row
        for i in ids:
            if i not in known:
                problems.append(f"test {display!r} ({where}) names unknown clause id {i}")
        if not ids:
            warnings.append(f"test {display!r} ({where}) names no clause id")

    by_clause: dict[str, list[TestRow]] = {c.id: [] for c in clauses}
    for row in rows:
        for i in row.fails_clause:
            if i in by_clause:
                by_clause[i].append(row)

    clause_rows = []
    order = {area: n for n, area in enumerate(area_order or [])}
    for c in sorted(clauses, key=lambda c: order.get(c.area, len(order))):
        tests = by_clause[c.id]
        applicable = not c.platforms or host in c.platforms
        if not tests:
            verdict = NO_TEST if applicable else NOT_APPLICABLE
        else:
            # A failed test whose failing cases all name other clauses passed for this one.
            statuses = ["passed" if t.status == "failed" and not t.fails_clause.get(c.id) else t.status for t in tests]
            if any(t.fails_clause.get(c.id) for t in tests):
                verdict = FAIL
            elif any(s == "passed" for s in statuses) and all(s in ("passed", "skipped") for s in statuses):
                verdict = PASS
            elif all(s == "skipped" for s in statuses):
                verdict = SKIPPED if applicable else NOT_APPLICABLE
            else:
                verdict = NOT_RUN
        clause_rows.append({"clause": c, "verdict": verdict, "tests": tests})
    return clause_rows, rows, problems, warnings


def render(clause_rows: list[dict], test_rows: list[TestRow], problems: list[str], warnings: list[str],
           allow_missing: bool, failures_only: bool, source_note: str, host: str,
           notes: list[str] | None = None, skipped_sources: list[str] | None = None) -> tuple[str, bool]:
    """The printed report and whether the gate passes. `notes` are printed before the verdict;
    `skipped_sources` (documents whose quotes were not checked) are named on the verdict line."""
    out: list[str] = []
    mark = {"passed": "✔", "failed": "✘", "skipped": "➜", "not run": "·", "crashed": "✘"}
    out.append("Conformance report — one line per clause of ConformanceTests/catalogue.json")
    out.append(f"Results: {source_note}")
    out.append("")
    current_area = None
    for row in clause_rows:
        c, verdict, tests = row["clause"], row["verdict"], row["tests"]
        if failures_only and verdict in (PASS, NOT_APPLICABLE):
            continue
        if c.area != current_area:
            current_area = c.area
            out.append(f"== {c.area} ==")
        extra = " (deprecated)" if c.deprecated else ""
        if verdict == NOT_APPLICABLE:
            extra += f" (only on {', '.join(c.platforms)}; this host is {host})"
        out.append(f"{verdict:<8} {c.id:<11} {c.subject}{extra}")
        if verdict in (NO_TEST, FAIL, NOT_RUN, SKIPPED):
            out.append(f"{'':20}promise: {c.promise}")
        for t in tests:
            out.append(f"{'':20}{mark.get(t.status, '?')} {t.display}  [{t.status}; {t.where}]")
            if t.status in ("failed", "crashed") and t.fails_clause.get(c.id):
                for msg in t.messages[:3]:
                    out.append(f"{'':24}{msg}")
    out.append("")

    verdicts = Counter(r["verdict"] for r in clause_rows)
    total = len(clause_rows)
    out.append("Summary")
    out.append(f"  clauses: {total}  pass: {verdicts[PASS]}  fail: {verdicts[FAIL]}  not run: {verdicts[NOT_RUN]}"
               f"  skipped: {verdicts[SKIPPED]}  no test: {verdicts[NO_TEST]}  n/a on {host}: {verdicts[NOT_APPLICABLE]}")
    tests_by_status = Counter(t.status for t in test_rows)
    tagged = sum(1 for t in test_rows if t.fails_clause)
    out.append(f"  tests: {len(test_rows)} ({tagged} tagged with clause ids)  passed: {tests_by_status['passed']}"
               f"  failed: {tests_by_status['failed'] + tests_by_status['crashed']}  skipped: {tests_by_status['skipped']}"
               f"  not run: {tests_by_status['not run']}")
    out.append(f"  {'area':<16}{'clauses':>8}{'tests':>7}{'pass':>6}{'fail':>6}{'no test':>9}{'other':>7}")
    areas: "OrderedDict[str, list[dict]]" = OrderedDict()
    for r in clause_rows:
        areas.setdefault(r["clause"].area, []).append(r)
    for area, rs in areas.items():
        v = Counter(r["verdict"] for r in rs)
        n_tests = len({id(t) for r in rs for t in r["tests"]})
        other = len(rs) - v[PASS] - v[FAIL] - v[NO_TEST]
        out.append(f"  {area:<16}{len(rs):>8}{n_tests:>7}{v[PASS]:>6}{v[FAIL]:>6}{v[NO_TEST]:>9}{other:>7}")
    out.append("")

    for n in notes or []:
        out.append(f"note: {n}")
    for w in warnings:
        out.append(f"warning: {w}")
    for p in problems:
        out.append(f"error: {p}")

    reasons = []
    if problems:
        reasons.append(f"{len(problems)} error(s) above")
    for verdict in (FAIL, NOT_RUN, SKIPPED):
        if verdicts[verdict]:
            reasons.append(f"{verdicts[verdict]} clause(s) {verdict}")
    if verdicts[NO_TEST] and not allow_missing:
        reasons.append(f"{verdicts[NO_TEST]} clause(s) with no test")
    passed = not reasons
    if passed:
        extras = []
        if verdicts[NO_TEST]:
            extras.append(f"{verdicts[NO_TEST]} clause(s) with no test allowed by --allow-missing")
        if skipped_sources:
            extras.append(f"quotes not checked against {', '.join(skipped_sources)}: absent, see the note above")
        note = f" ({'; '.join(extras)})" if extras else ""
        out.append(f"CONFORMANCE: PASS — {verdicts[PASS]} of {total} clauses proven{note}")
    else:
        out.append(f"CONFORMANCE: FAIL — {'; '.join(reasons)}")
    return "\n".join(out) + "\n", passed


def json_report(clause_rows: list[dict], problems: list[str], warnings: list[str], passed: bool,
                notes: list[str] | None = None) -> dict:
    return {
        "passed": passed,
        "problems": problems,
        "warnings": warnings,
        "notes": notes or [],
        "clauses": [{
            "id": r["clause"].id, "area": r["clause"].area, "subject": r["clause"].subject,
            "verdict": r["verdict"],
            "tests": [{"name": t.display, "status": t.status, "where": t.where} for t in r["tests"]],
        } for r in clause_rows],
    }


def host_platform() -> str:
    return {"Darwin": "darwin", "Linux": "linux", "Windows": "windows"}.get(platform.system(), platform.system().lower())


def main(argv: list[str] | None = None) -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    repo_default = os.path.dirname(here)
    ap = argparse.ArgumentParser(description="Print the conformance report and decide the gate.")
    ap.add_argument("--repo", default=repo_default, help="repository root (default: the parent of Scripts/)")
    ap.add_argument("--catalogue", help="default: <repo>/ConformanceTests/catalogue.json")
    ap.add_argument("--tests-dir", help="default: <repo>/ConformanceTests")
    ap.add_argument("--results", help="event stream (.jsonl), console output, or xUnit XML; omit for a static-only report")
    ap.add_argument("--reference", default=os.environ.get("KONTEXT_API_REFERENCE"),
                    help="path of api-reference.md (default: $KONTEXT_API_REFERENCE, then the catalogue's `sources`)")
    ap.add_argument("--allow-missing", action="store_true", help="clauses with no test do not fail the gate")
    ap.add_argument("--failures-only", action="store_true", help="list only clauses that are not PASS or N/A")
    ap.add_argument("--json", dest="json_out", help="also write a machine-readable report here")
    ap.add_argument("--swift-test-status", type=int, help="exit status of `swift test`, when the script ran it")
    ap.add_argument("--host", default=host_platform(), help="platform for `platforms`-limited clauses (linux, darwin)")
    args = ap.parse_args(argv)

    catalogue = args.catalogue or os.path.join(args.repo, "ConformanceTests", "catalogue.json")
    tests_dir = args.tests_dir or os.path.join(args.repo, "ConformanceTests")
    try:
        raw, clauses, problems = load_catalogue(catalogue)
    except (OSError, json.JSONDecodeError) as e:
        print(f"error: cannot read the catalogue {catalogue}: {e}", file=sys.stderr)
        return 2
    # Sources outside the repository (the API reference in ../shared) are absent on a fresh clone:
    # their quote check is skipped with a note. One asked for by name must be there.
    optional = external_sources(raw, args.repo)
    if args.reference:
        if not os.path.isfile(args.reference):
            problems.append(f"the API reference {args.reference} (--reference or KONTEXT_API_REFERENCE) does not exist")
        optional.pop(raw.get("source", "api-reference.md"), None)
    quote_problems, notes, skipped_sources = check_quotes(clauses, resolve_sources(raw, args.repo, args.reference), optional)
    problems += quote_problems
    static, scan_problems = scan_tests(tests_dir)
    problems += scan_problems

    results = None
    note = "none (static scan only: every scanned test counts as not run)"
    if args.results:
        if not os.path.isfile(args.results):
            print(f"error: results file {args.results} not found", file=sys.stderr)
            return 2
        try:
            results, saw_run, parse_problems, fmt = parse_results(args.results, static)
        except ET.ParseError as e:
            print(f"error: {args.results} is not valid XML: {e}", file=sys.stderr)
            return 2
        problems += parse_problems
        note = f"{args.results} ({fmt}, {len(results)} tests)"
        if not saw_run and not results:
            problems.append("the test run never started (build failure?): every test counts as not run")
    clause_rows, test_rows, eval_problems, warnings = evaluate(clauses, static, results, args.host, raw.get("areas"))
    problems += eval_problems
    if args.swift_test_status:
        bad = any(t.status in ("failed", "crashed", "not run") for t in test_rows)
        if not bad:
            problems.append(f"`swift test` exited with status {args.swift_test_status} although no conformance test failed")
    text, passed = render(clause_rows, test_rows, problems, warnings, args.allow_missing, args.failures_only, note, args.host,
                          notes, skipped_sources)
    sys.stdout.write(text)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(json_report(clause_rows, problems, warnings, passed, notes), f, indent=2, ensure_ascii=False)
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
