"""The conformance gate's report: catalogue x tests -> clause verdicts.

Reads `ConformanceTests/catalogue.json` (the clauses) and one result file of the suite: Swift
Testing's event stream (JSON lines; its `test` records are the suite's tests, each with its display
name and source location, whether it ran or not). The clause ids a test proves are in its display
name (`[ERR-011] …`), which the event stream carries as data: no Swift source is read. Prints
every clause with its tests and a verdict.
Exit status: 0 when the gate passes, 1 when it fails, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import re
import sys
from collections import Counter, OrderedDict

from .repo import ROOT

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

# The test target of the suite: an event stream of a whole `swift test` run lists every target's tests.
SUITE_MODULE = "KontextVideoConformanceTests"

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


# ---------------------------------------------------------------- the suite's tests

@dataclasses.dataclass
class SuiteTest:
    """A test of the suite, as the event stream lists it."""
    display: str
    function: str
    suite: str
    file: str
    line: int
    ids: list[str]


def listed_tests(text: str, module: str = SUITE_MODULE) -> tuple[list[SuiteTest], list[str]]:
    """The `test` records of an event stream (schema version 0) of the suite's module: every test
    function, run or not (a whole `swift test` run lists every target's). Returns (tests, problems:
    malformed clause ids in display names)."""
    tests: list[SuiteTest] = []
    problems: list[str] = []
    for raw_line in text.splitlines():
        try:
            record = json.loads(raw_line) if raw_line.strip() else None
        except json.JSONDecodeError:
            continue
        if not record or record.get("kind") != "test":
            continue
        payload = record.get("payload") or {}
        if payload.get("kind") != "function":
            continue
        test_id = payload.get("id", "")
        display = payload.get("displayName") or payload.get("name", test_id)
        location = payload.get("sourceLocation") or {}
        file_module, _, file = location.get("fileID", "").partition("/")
        if module and (file_module or test_id.split(".", 1)[0]) != module:
            continue
        ids, id_problems = ids_in_name(display)
        problems.extend(f"{file}: {p}" for p in id_problems)
        suite = test_id.split("/", 1)[0].split(".", 1)[-1] if "/" in test_id else ""
        tests.append(SuiteTest(display, payload.get("name", "").split("(", 1)[0], suite, file,
                               int(location.get("line", 0)), ids))
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


def parse_results(path: str, module: str = SUITE_MODULE) -> tuple[dict[str, RunResult], bool, list[SuiteTest], list[str]]:
    """Returns (results, saw a run, the suite's tests, problems). Only an event stream is read: the
    console's text and xUnit XML name functions, or none of the tests that did not run."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    head = text.lstrip()[:200]
    if not (head.startswith("{") and '"kind"' in head):
        return {}, False, [], [f"{path} is not a Swift Testing event stream: give the file of `swift test "
                               "--experimental-event-stream-output FILE --experimental-event-stream-version 0`"]
    results, saw = parse_event_stream(text)
    tests, problems = listed_tests(text, module)
    return results, saw, tests, problems


# ---------------------------------------------------------------- the report

@dataclasses.dataclass
class TestRow:
    display: str
    where: str
    status: str                 # passed | failed | skipped | not run | started (crashed)
    fails_clause: dict[str, bool]
    messages: list[str]


def evaluate(clauses: list[Clause], listed: list[SuiteTest], results: dict[str, RunResult] | None,
             host: str, area_order: list[str] | None = None) -> tuple[list[dict], list[TestRow], list[str], list[str]]:
    """Joins clauses, the suite's tests and run results. Returns (clause rows, test rows,
    problems that fail the gate, warnings)."""
    problems: list[str] = []
    warnings: list[str] = []
    known = {c.id for c in clauses}
    rows: list[TestRow] = []
    displays: "OrderedDict[str, TestRow]" = OrderedDict()

    counts = Counter(t.display for t in listed)
    for display, n in counts.items():
        if n > 1:
            warnings.append(f"{n} tests share the display name {display!r}; their results are merged")
    listed_by_display: dict[str, list[SuiteTest]] = {}
    for t in listed:
        listed_by_display.setdefault(t.display, []).append(t)

    for display, same_name in listed_by_display.items():
        ids, _ = ids_in_name(display)
        where = ", ".join(f"{t.file}:{t.line}" for t in same_name)
        r = (results or {}).get(display)
        status = "not run" if r is None else {"started": "crashed"}.get(r.status, r.status)
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
           notes: list[str] | None = None, skipped_sources: list[str] | None = None,
           listing: bool = False) -> tuple[str, bool]:
    """The printed report and whether the gate passes. `notes` are printed before the verdict;
    `skipped_sources` (documents whose quotes were not checked) are named on the verdict line.
    A `listing` (the suite's tests listed, none run) passes when every clause has a test."""
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
    for verdict in (FAIL, SKIPPED) if listing else (FAIL, NOT_RUN, SKIPPED):
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
        if listing:
            out.append(f"CONFORMANCE: LISTED — {total - verdicts[NO_TEST] - verdicts[NOT_APPLICABLE]} of {total} clauses "
                       f"have a test (none run){note}")
        else:
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
    ap = argparse.ArgumentParser(description="Print the conformance report and decide the gate.")
    ap.add_argument("--repo", default=str(ROOT), help="repository root (default: this checkout)")
    ap.add_argument("--catalogue", help="default: <repo>/ConformanceTests/catalogue.json")
    ap.add_argument("--test-module", default=SUITE_MODULE, help=f"the suite's test target (default {SUITE_MODULE})")
    ap.add_argument("--results", help="the suite's event stream (.jsonl); omit for a report "
                                      "on the catalogue alone")
    ap.add_argument("--reference", default=os.environ.get("KONTEXT_API_REFERENCE"),
                    help="path of api-reference.md (default: $KONTEXT_API_REFERENCE, then the catalogue's `sources`)")
    ap.add_argument("--allow-missing", action="store_true", help="clauses with no test do not fail the gate")
    ap.add_argument("--failures-only", action="store_true", help="list only clauses that are not PASS or N/A")
    ap.add_argument("--json", dest="json_out", help="also write a machine-readable report here")
    ap.add_argument("--swift-test-status", type=int, help="exit status of `swift test`, when the script ran it")
    ap.add_argument("--listing", action="store_true", help="the results list the tests without running them "
                                                           "(Scripts/conformance --list-only): NOT RUN does not fail")
    ap.add_argument("--host", default=host_platform(), help="platform for `platforms`-limited clauses (linux, darwin)")
    args = ap.parse_args(argv)

    catalogue = args.catalogue or os.path.join(args.repo, "ConformanceTests", "catalogue.json")
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

    results = None
    tests: list[SuiteTest] = []
    note = "none (the catalogue alone: no test is known)"
    if args.results:
        if not os.path.isfile(args.results):
            print(f"error: results file {args.results} not found", file=sys.stderr)
            return 2
        results, saw_run, tests, parse_problems = parse_results(args.results, args.test_module)
        problems += parse_problems
        # A whole `swift test` run's stream has every target's results: the suite's only.
        displays = {t.display for t in tests}
        results = {d: r for d, r in results.items() if d in displays}
        note = f"{args.results} (event stream, {len(tests)} tests)"
        if not saw_run and not results and not (args.listing and tests):
            problems.append("the test run never started (build failure?): every test counts as not run")
    clause_rows, test_rows, eval_problems, warnings = evaluate(clauses, tests, results, args.host, raw.get("areas"))
    problems += eval_problems
    if args.swift_test_status:
        bad = any(t.status in ("failed", "crashed", "not run") for t in test_rows)
        if not bad:
            problems.append(f"`swift test` exited with status {args.swift_test_status} although no conformance test failed")
    text, passed = render(clause_rows, test_rows, problems, warnings, args.allow_missing, args.failures_only, note, args.host,
                          notes, skipped_sources, args.listing)
    sys.stdout.write(text)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump(json_report(clause_rows, problems, warnings, passed, notes), f, indent=2, ensure_ascii=False)
    return 0 if passed else 1

