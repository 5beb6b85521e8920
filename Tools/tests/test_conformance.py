"""The conformance report (`Scripts/conformance`, `--report-only FILE` for a saved run): clause ids in
display names, the catalogue, the suite's tests and results from the event stream, and the gate's
verdicts.

The fixture is real Swift Testing 6.3 output (`swift test --experimental-event-stream-output`) of
`fixtures/swift/FixtureSuite.swift`, a suite in a target named KontextVideoConformanceTests.
"""

import contextlib
import io
import json
import os
import tempfile
import textwrap
import unittest

from kontext_tools import conformance as cr
from kontext_tools.repo import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures")
REPO = str(ROOT)


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return f.read()


REFERENCE = textwrap.dedent("""\
    # Reference
    The entry point, one   instance.
    Defaults to `false`.
    Logs at `.warning` (default).
    `.overlay`, `.pause`, `.linear`.
    | `.noAdMatch` | No campaign matched |
    | `.frequencyCap` | Cap reached |
    | `.contentUnsafe` | Not brand safe |
    Ended by itself.
    The viewer tapped Skip.
    `initialize(with:)` was never called.
    Follows **format(\\_:)** closely.
    """)


def clause(cid, area, quote, **extra):
    c = {"id": cid, "area": area, "subject": "S", "quote": quote, "promise": f"promise of {cid}"}
    c.update(extra)
    return c


CLAUSES = [
    clause("DEF-001", "defaults", "Defaults to `false`."),
    clause("DEF-002", "defaults", "Logs at `.warning` (default)."),
    clause("MOD-017", "models", "`.overlay`, `.pause`, `.linear`."),
    clause("NOFILL-001", "noFill", "No campaign matched"),
    clause("NOFILL-002", "noFill", "Cap reached"),
    clause("NOFILL-003", "noFill", "Not brand safe"),
    clause("END-001", "endReasons", "Ended by itself."),
    clause("END-002", "endReasons", "The viewer tapped Skip."),
    clause("ERR-001", "errors", "`initialize(with:)` was never called."),
    clause("INIT-001", "initialization", "The entry point, one instance."),
    clause("PLAY-001", "player", "Follows format(_:) closely.", platforms=["darwin"]),
]


class Workspace:
    """A temporary repository: catalogue and reference. With `external`, the reference lives beside
    the repository (`../shared/seed/`), as in our workspace, not in it."""

    def __init__(self, clauses=CLAUSES, reference=REFERENCE, external=False):
        self.tmp = tempfile.TemporaryDirectory()
        self.root = os.path.join(self.tmp.name, "repo") if external else self.tmp.name
        seed = os.path.join(self.tmp.name, "shared", "seed") if external else os.path.join(self.root, "seed")
        self.reference = os.path.join(seed, "api-reference.md")
        os.makedirs(os.path.join(self.root, "ConformanceTests"))
        os.makedirs(seed)
        with open(self.reference, "w", encoding="utf-8") as f:
            f.write(reference)
        declared = "../shared/seed/api-reference.md" if external else "seed/api-reference.md"
        catalogue = {"version": 1, "source": "api-reference.md", "sources": {"api-reference.md": declared},
                     "areas": list(cr.AREA_PREFIX), "clauses": clauses}
        with open(os.path.join(self.root, "ConformanceTests", "catalogue.json"), "w", encoding="utf-8") as f:
            json.dump(catalogue, f)

    def write(self, name, text):
        path = os.path.join(self.root, name)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return path

    def run(self, *args):
        out = io.StringIO()
        saved = os.environ.pop("KONTEXT_API_REFERENCE", None)
        try:
            with contextlib.redirect_stdout(out):
                code = cr.main(["--repo", self.root, "--host", "linux", *args])
        finally:
            if saved is not None:
                os.environ["KONTEXT_API_REFERENCE"] = saved
        return code, out.getvalue()

    def close(self):
        self.tmp.cleanup()


def public_enum_cases(module, type_name):
    """The cases of a public enum, from its module's API baseline (swift-api-digester's dump)."""
    with open(os.path.join(REPO, "API", f"{module}.json"), encoding="utf-8") as f:
        root = json.load(f)["ABIRoot"]
    found = set()

    def walk(node):
        for child in node.get("children") or []:
            if child.get("kind") == "TypeDecl" and child.get("name") == type_name:
                found.update(c["name"] for c in child.get("children") or [] if c.get("declKind") == "EnumElement")
            walk(child)

    walk(root)
    return found


def event_stream(*tests, run=True):
    """A minimal event stream (schema version 0) of the suite: a `test` record per (display name,
    status) and, with `run`, the run: a `passed` or `failed` test ends, a `started` one never does."""
    records = []
    for n, (display, _) in enumerate(tests):
        records.append({"kind": "test", "payload": {"kind": "function", "id": f"{cr.SUITE_MODULE}.S/t{n}()", "name": f"t{n}()",
                        "displayName": display, "sourceLocation": {"fileID": f"{cr.SUITE_MODULE}/S.swift", "line": n}}})
    for n, (_, status) in enumerate(tests if run else []):
        test = f"{cr.SUITE_MODULE}.S/t{n}()"
        records += [{"kind": "event", "payload": {"kind": "runStarted"}}] if n == 0 else []
        records.append({"kind": "event", "payload": {"kind": "testStarted", "testID": test}})
        if status != "started":
            symbols = [{"symbol": "fail"}] if status == "failed" else []
            records.append({"kind": "event", "payload": {"kind": "testEnded", "testID": test, "messages": symbols}})
    return "\n".join(json.dumps(r) for r in records) + "\n"


def verdicts(text):
    """clause id -> verdict, from a printed report."""
    result = {}
    for line in text.splitlines():
        for verdict in (cr.PASS, cr.FAIL, cr.NOT_RUN, cr.SKIPPED, cr.NO_TEST, cr.NOT_APPLICABLE):
            if line.startswith(verdict + " ") or line.startswith(verdict.ljust(8)):
                parts = line[8:].split()
                if parts and cr.CLAUSE_ID.match(parts[0]):
                    result[parts[0]] = verdict
    return result


class IdsInNameTests(unittest.TestCase):
    def test_single_list_and_range_forms(self):
        self.assertEqual(cr.ids_in_name("[ERR-001][ERR-002] show")[0], ["ERR-001", "ERR-002"])
        self.assertEqual(cr.ids_in_name("[ERR-001, ERR-003] x")[0], ["ERR-001", "ERR-003"])
        self.assertEqual(cr.ids_in_name("[NOFILL-001...NOFILL-003] t")[0], ["NOFILL-001", "NOFILL-002", "NOFILL-003"])
        self.assertEqual(cr.ids_in_name("[END-001 … END-002] t")[0], ["END-001", "END-002"])

    def test_other_brackets_are_ignored_and_malformed_ids_reported(self):
        self.assertEqual(cr.ids_in_name("[draft] no ids"), ([], []))
        ids, problems = cr.ids_in_name("[ERR-1] short id")
        self.assertEqual(ids, [])
        self.assertEqual(len(problems), 1)
        ids, problems = cr.ids_in_name("[ERR-003...LAB-004] mixed range")
        self.assertEqual(ids, [])
        self.assertIn("bad clause id range", problems[0])


class NormaliseTests(unittest.TestCase):
    def test_whitespace_and_markdown_escapes(self):
        self.assertEqual(cr.normalise("a \n  b\t c"), "a b c")
        self.assertEqual(cr.normalise("**format(\\_:)** `AnyPublisher\\<Bool\\>`"), "format(_:) `AnyPublisher<Bool>`")


class ListedTestsTests(unittest.TestCase):
    def test_the_event_stream_lists_every_test_with_its_ids_and_place(self):
        tests, problems = cr.listed_tests(fixture("events.jsonl"))
        self.assertEqual(problems, [])
        by_fn = {t.function: t for t in tests}
        self.assertEqual(sorted(by_fn), ["fails", "known", "noDisplayName", "passes", "skipped", "table"])
        self.assertEqual(by_fn["fails"].display, '[DEF-002][MOD-017] fails "quoted" name')
        self.assertEqual(by_fn["fails"].ids, ["DEF-002", "MOD-017"])
        self.assertEqual(by_fn["table"].ids, ["NOFILL-001", "NOFILL-002", "NOFILL-003"])
        self.assertEqual(by_fn["noDisplayName"].ids, [])
        self.assertEqual({t.suite for t in tests}, {"FixtureSuite"})
        self.assertEqual((by_fn["passes"].file, by_fn["passes"].line), ("FixtureSuite.swift", 11))

    def test_other_targets_tests_are_not_the_suites(self):
        self.assertEqual(cr.listed_tests(fixture("events.jsonl"), "KontextVideoTests"), ([], []))

    def test_a_malformed_id_in_a_display_name_is_reported(self):
        record = {"kind": "test", "version": 0, "payload": {
            "kind": "function", "displayName": "[ERR-1] short", "name": "f()", "id": "KontextVideoConformanceTests.S/f()/A.swift:3:6",
            "sourceLocation": {"fileID": "KontextVideoConformanceTests/A.swift", "line": 3, "column": 6}}}
        tests, problems = cr.listed_tests(json.dumps(record))
        self.assertEqual(tests[0].ids, [])
        self.assertEqual(problems, ["A.swift: malformed clause id group [ERR-1] in '[ERR-1] short'"])


class ParserTests(unittest.TestCase):
    def check(self, results):
        self.assertEqual(results["[DEF-001] passes"].status, "passed")
        failed = results['[DEF-002][MOD-017] fails "quoted" name']
        self.assertEqual(failed.status, "failed")
        self.assertTrue(failed.whole_test_issue)
        table = results["[NOFILL-001...NOFILL-003] table"]
        self.assertEqual(table.status, "failed")
        self.assertEqual(len(table.failed_cases), 1)
        self.assertIn("[NOFILL-002]", table.failed_cases[0])
        self.assertFalse(table.whole_test_issue)
        self.assertEqual(results["[END-001] skipped"].status, "skipped")
        self.assertEqual(results["[END-002] known issue"].status, "passed")
        self.assertEqual(results["noDisplayName()"].status, "passed")

    def test_event_stream(self):
        results, saw_run = cr.parse_event_stream(fixture("events.jsonl"))
        self.assertTrue(saw_run)
        self.check(results)

    def test_only_an_event_stream_is_read(self):
        for text in (fixture("events.jsonl"), '<?xml version="1.0"?><testsuites/>', '✔ Test "[DEF-001] x" passed after 0.001 seconds.'):
            with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
                f.write(text)
            try:
                results, _, _, problems = cr.parse_results(f.name)
            finally:
                os.remove(f.name)
            self.assertEqual((bool(results), bool(problems)), (text.startswith("{"), not text.startswith("{")))
        self.assertIn("is not a Swift Testing event stream", problems[0])

    def test_a_test_that_started_but_never_ended_is_crashed(self):
        results, _ = cr.parse_event_stream(event_stream(("[DEF-001] passes", "started")))
        self.assertEqual(results["[DEF-001] passes"].status, "started")


class GateTests(unittest.TestCase):
    def setUp(self):
        self.ws = Workspace()

    def tearDown(self):
        self.ws.close()

    def test_verdicts_of_the_fixture_run(self):
        code, text = self.ws.run("--results", os.path.join(FIXTURES, "events.jsonl"))
        self.assertEqual(code, 1)
        self.assertEqual(verdicts(text), {
            "DEF-001": cr.PASS, "DEF-002": cr.FAIL, "MOD-017": cr.FAIL,
            # Per-case attribution: only the failing row's clause fails.
            "NOFILL-001": cr.PASS, "NOFILL-002": cr.FAIL, "NOFILL-003": cr.PASS,
            "END-001": cr.SKIPPED, "END-002": cr.PASS,
            "ERR-001": cr.NO_TEST, "INIT-001": cr.NO_TEST, "PLAY-001": cr.NOT_APPLICABLE,
        })
        self.assertIn("CONFORMANCE: FAIL", text)
        self.assertIn("clauses: 11", text)

    def test_all_proven_passes_and_missing_needs_allow_missing(self):
        clauses = [c for c in CLAUSES if c["id"] in ("DEF-001", "DEF-002", "ERR-001")]
        self.ws.close()
        self.ws = Workspace(clauses=clauses)
        results = self.ws.write("events.jsonl", event_stream(("[DEF-001][DEF-002] defaults", "passed")))
        code, text = self.ws.run("--results", results)
        self.assertEqual(code, 1)
        self.assertIn("1 clause(s) with no test", text)
        code, text = self.ws.run("--results", results, "--allow-missing")
        self.assertEqual(code, 0, text)
        self.assertIn("CONFORMANCE: PASS", text)
        self.ws.write("events.jsonl", event_stream(("[DEF-001][DEF-002] defaults", "passed"), ("[ERR-001] errors", "passed")))
        code, text = self.ws.run("--results", results)
        self.assertEqual(code, 0, text)

    def test_unknown_clause_id_fails(self):
        self.ws.close()
        self.ws = Workspace(clauses=[CLAUSES[0]])
        results = self.ws.write("c.jsonl", event_stream(("[DEF-001][DEF-404] x", "passed")))
        code, text = self.ws.run("--results", results)
        self.assertEqual(code, 1)
        self.assertIn("unknown clause id DEF-404", text)

    def test_quote_drift_fails(self):
        self.ws.close()
        drifted = [clause("DEF-001", "defaults", "Defaults to `true`.")]
        self.ws = Workspace(clauses=drifted)
        results = self.ws.write("c.jsonl", event_stream(("[DEF-001] x", "passed")))
        code, text = self.ws.run("--results", results)
        self.assertEqual(code, 1)
        self.assertIn("DEF-001: quote not found", text)

    def test_missing_reference_fails_and_reference_option_overrides(self):
        os.remove(os.path.join(self.ws.root, "seed", "api-reference.md"))
        code, text = self.ws.run("--allow-missing")
        self.assertEqual(code, 1)
        self.assertIn("not found", text)
        other = self.ws.write("elsewhere.md", REFERENCE)
        _, text = self.ws.run("--allow-missing", "--reference", other)
        self.assertNotIn("quote not found", text)
        self.assertNotIn("source 'api-reference.md' not found", text)

    def test_absent_external_reference_is_skipped_with_a_note(self):
        # A fresh clone: the reference beside the repository is not there. The catalogue's quotes
        # are the contract; the gate says it did not check them and passes on the tests alone.
        self.ws.close()
        self.ws = Workspace(clauses=[CLAUSES[0]], external=True)
        results = self.ws.write("c.jsonl", event_stream(("[DEF-001] x", "passed")))
        code, text = self.ws.run("--results", results)
        self.assertEqual(code, 0, text)
        self.assertNotIn("error:", text)
        os.remove(self.ws.reference)
        code, text = self.ws.run("--results", results)
        self.assertEqual(code, 0, text)
        self.assertIn("note: api-reference.md is not here (../shared/seed/api-reference.md, outside the repository", text)
        self.assertIn("1 quote(s) were not checked", text)
        self.assertIn("CONFORMANCE: PASS — 1 of 1 clauses proven (quotes not checked against api-reference.md", text)

    def test_present_external_reference_is_checked(self):
        self.ws.close()
        drifted = [clause("DEF-001", "defaults", "Defaults to `true`.")]
        self.ws = Workspace(clauses=drifted, external=True)
        results = self.ws.write("c.jsonl", event_stream(("[DEF-001] x", "passed")))
        code, text = self.ws.run("--results", results)
        self.assertEqual(code, 1)
        self.assertIn("DEF-001: quote not found", text)
        self.assertNotIn("note:", text)

    def test_a_reference_asked_for_by_name_must_exist(self):
        self.ws.close()
        self.ws = Workspace(external=True)
        code, text = self.ws.run("--allow-missing", "--reference", os.path.join(self.ws.root, "nowhere.md"))
        self.assertEqual(code, 1)
        self.assertIn("nowhere.md (--reference or KONTEXT_API_REFERENCE) does not exist", text)

    def test_a_build_failure_fails_the_gate(self):
        # The gate hands the build's log over when no event stream was written.
        results = self.ws.write("build.txt", "error: emit-module command failed\n")
        code, text = self.ws.run("--results", results, "--allow-missing")
        self.assertEqual(code, 1)
        self.assertIn("never started", text)
        self.assertIn("build.txt is not a Swift Testing event stream", text)

    def test_listed_tests_that_did_not_run_are_not_run(self):
        listing = self.ws.write("listing.jsonl", "\n".join(
            line for line in fixture("events.jsonl").splitlines() if '"kind":"test"' in line))
        code, text = self.ws.run("--results", listing, "--allow-missing")
        self.assertEqual(code, 1)
        self.assertEqual((verdicts(text)["DEF-001"], verdicts(text)["ERR-001"]), (cr.NOT_RUN, cr.NO_TEST))
        self.assertIn("CONFORMANCE: FAIL — 8 clause(s) NOT RUN", text)
        code, text = self.ws.run("--results", listing, "--allow-missing", "--listing")
        self.assertEqual(code, 0, text)
        self.assertIn("CONFORMANCE: LISTED — 8 of 11 clauses have a test (none run)", text)
        code, text = self.ws.run("--results", listing, "--listing")
        self.assertEqual(code, 1, "a clause with no test fails a listing too")

    def test_catalogue_validation(self):
        self.ws.close()
        bad = [clause("ERR-001", "errors", "Defaults to `false`."), clause("ERR-001", "errors", "Defaults to `false`."),
               clause("DEF-003", "errors", "Defaults to `false`."), {"id": "MOD-001", "area": "models"}]
        self.ws = Workspace(clauses=bad)
        code, text = self.ws.run("--allow-missing")
        self.assertEqual(code, 1)
        self.assertIn("ERR-001: duplicate id", text)
        self.assertIn("DEF-003: area errors expects prefix ERR-", text)
        self.assertIn("MOD-001: missing subject, quote, promise", text)

    def test_darwin_only_clauses_are_required_on_darwin(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            cr.main(["--repo", self.ws.root, "--host", "darwin", "--allow-missing"])
        self.assertEqual(verdicts(out.getvalue())["PLAY-001"], cr.NO_TEST)


class RealCatalogueTests(unittest.TestCase):
    """The committed catalogue is well-formed and its quotes are in the reference."""

    def setUp(self):
        self.raw, self.clauses, self.problems = cr.load_catalogue(os.path.join(REPO, "ConformanceTests", "catalogue.json"))

    def test_well_formed_and_every_area_used(self):
        self.assertEqual(self.problems, [])
        self.assertEqual({c.area for c in self.clauses}, set(cr.AREA_PREFIX))
        self.assertGreaterEqual(len(self.clauses), 120)
        rows = [c for c in self.clauses if c.area == "noFill"]
        self.assertGreaterEqual(len(rows), 9)

    def cases_with_a_clause(self, area, prefix):
        return {c.subject[len(prefix):].split("(")[0] for c in self.clauses if c.area == area and c.subject.startswith(prefix)}

    def test_every_public_error_and_end_reason_has_a_clause(self):
        # The truth is the public API as recorded in API/ (Scripts/api-guard), not a count.
        errors = public_enum_cases("KontextVideoModels", "VideoAdError")
        reasons = public_enum_cases("KontextVideoModels", "VideoAdEndReason")
        self.assertGreaterEqual(len(errors), 10)
        self.assertGreaterEqual(len(reasons), 5)
        self.assertLessEqual(errors, self.cases_with_a_clause("errors", "VideoAdError."))
        self.assertLessEqual(reasons, self.cases_with_a_clause("endReasons", "VideoAd.EndReason."))

    def test_quotes_occur_in_the_reference(self):
        sources = cr.resolve_sources(self.raw, REPO, os.environ.get("KONTEXT_API_REFERENCE"))
        if sources.get("api-reference.md") is None:
            self.skipTest("api-reference.md not available on this machine")
        problems, notes, skipped = cr.check_quotes(self.clauses, sources)
        self.assertEqual(problems, [])


if __name__ == "__main__":
    unittest.main()
