"""Scripts/test-only-members: the verdict from occurrences (synthetic ones, as the index store gives
them), the allow-list, where a file is, and the index store of a small module and its tests
compiled for the test."""
import shutil
import subprocess
import tempfile
import textwrap
import unittest
from pathlib import Path

from kontext_tools import index_store as ix
from kontext_tools import test_only_members as tom
from kontext_tools.repo import Package, Target

PROD = tom.Place(tom.PRODUCTION, "Lib", "Modules/Lib/Sources/A.swift", declares=True)
TOOL = tom.Place(tom.PRODUCTION, "Tool", "Modules/Tool/Sources/main.swift")
TEST = tom.Place(tom.TEST, "LibTests", "Modules/Lib/Tests/ATests.swift")


def sym(name, kind="instance-method", usr=None, subkind="", properties=frozenset()):
    return ix.Symbol(usr or f"s:{name}", name, kind, subkind, frozenset(properties))


def rel(symbol, *roles):
    return ix.Relation(frozenset(roles), symbol)


def occ(place, symbol, *roles, line=1, relations=()):
    return place, ix.Occurrence(symbol, frozenset(roles), "/repo/" + place.path, line, 1, tuple(relations))


def define(symbol, line=1, parent=None, implicit=False, relations=()):
    relations = list(relations) + ([rel(parent, "child-of")] if parent else [])
    return occ(PROD, symbol, "definition", *(["implicit"] if implicit else []), line=line, relations=relations)


def use(place, symbol, container=None, line=5, *roles):
    relations = [rel(container, "called-by", "contained-by")] if container else []
    return occ(place, symbol, "reference", *(roles or ("call",)), line=line, relations=relations)


TYPE = sym("Pipeline", "class")
FLUSH = sym("flush()")
SEND = sym("send()")
RUN = sym("run()", "function")
TEST_FN = sym("testFlush()", "instance-method", usr="s:T")


def names(findings):
    return [f.name for f in findings]


class VerdictTests(unittest.TestCase):
    def test_a_member_only_tests_call_is_listed_with_its_place(self):
        findings = tom.classify([define(TYPE), define(FLUSH, line=9, parent=TYPE), define(SEND, line=12, parent=TYPE),
                                 use(PROD, TYPE, RUN), use(PROD, SEND, RUN), use(TEST, FLUSH, TEST_FN), use(TEST, SEND, TEST_FN)])
        self.assertEqual([(f.module, f.path, f.line, f.name, f.kind) for f in findings],
                         [("Lib", "Modules/Lib/Sources/A.swift", 9, "Pipeline.flush()", "instance-method")])
        self.assertEqual(findings[0].render(), "Lib  Modules/Lib/Sources/A.swift:9  Pipeline.flush()  (instance-method)")
        self.assertEqual(findings[0].as_json()["symbol"], "Pipeline.flush()")

    def test_wrong_verdicts_are_caught(self):
        # A production call anywhere, even from a program, keeps it; a declaration no one uses is
        # dead code, not test-only.
        self.assertEqual(tom.classify([define(FLUSH), use(TOOL, FLUSH), use(TEST, FLUSH)]), [])
        self.assertEqual(tom.classify([define(FLUSH)]), [])
        self.assertNotEqual(tom.classify([define(FLUSH), use(TEST, FLUSH)]), [])

    def test_an_apple_call_of_a_declaration_typed_with_the_platform_view_keeps_it(self):
        # Linux defines `close(_: PlatformView)` with AnyObject; the iOS glue calls it with UIView.
        linux = sym("close(_:)", "static-method", usr="s:21KontextVideoCreatives26CreativeControlObstructionV5closeyACyXlFZ")
        apple = sym("close(_:)", "static-method", usr="s:21KontextVideoCreatives26CreativeControlObstructionV5closeyAC5UIKit6UIViewCFZ")
        other = sym("close(_:)", "static-method", usr="s:21KontextVideoCreatives26CreativeControlObstructionV5closeyAC5UIKit7UIImageCFZ")
        glue = tom.Place(tom.PRODUCTION, "Lib", "Modules/Lib/Sources/Glue+Apple.swift")
        self.assertEqual(tom.classify([define(linux), use(glue, apple), use(TEST, linux)]), [])
        # Only the platform view's two spellings are the same declaration: another type is another one.
        self.assertEqual(names(tom.classify([define(linux), use(glue, other), use(TEST, linux)])), ["close(_:)"])

    def test_a_file_of_no_known_side_is_refused(self):
        stray = tom.Place("benchmark", "Bench", "Modules/Bench/Sources/B.swift")
        with self.assertRaises(ValueError):
            tom.classify([define(FLUSH), use(stray, FLUSH)])

    def test_its_own_body_and_its_type_do_not_keep_it(self):
        # Recursion, and a type's own members naming it (`static let shared = Pipeline()`).
        shared = sym("shared", "static-property")
        findings = tom.classify([define(TYPE), define(FLUSH, parent=TYPE), define(shared, parent=TYPE),
                                 use(PROD, FLUSH, FLUSH), use(PROD, TYPE, shared), use(TEST, shared, TEST_FN),
                                 use(TEST, FLUSH, TEST_FN)])
        self.assertEqual(names(findings), ["Pipeline"], "its members are listed as the type")

    def test_a_helper_only_a_test_only_member_uses_is_found_in_the_same_run(self):
        helper = sym("format()", "function")
        findings = tom.classify([define(FLUSH, line=3), define(helper, line=7), use(PROD, helper, FLUSH),
                                 use(TEST, FLUSH, TEST_FN)])
        self.assertEqual([(f.name, f.through) for f in findings], [("flush()", ()), ("format()", ("flush()",))])

    def test_an_accessor_reference_is_its_propertys(self):
        count = sym("count", "instance-property")
        getter = sym("getter:count", "instance-method", subkind="accessor-getter")
        inside = sym("getter:size", "instance-method", subkind="accessor-getter")
        size = sym("size", "instance-property")
        occurrences = [define(count, line=2), define(getter, line=2, relations=[rel(count, "accessor-of")]),
                       define(size, line=4), define(inside, line=4, relations=[rel(size, "accessor-of")]),
                       use(PROD, getter, inside), use(TEST, count, TEST_FN), use(TEST, size, TEST_FN)]
        # `size`'s getter reads `count`: only tests read `size`, so `count` is reached only through it.
        self.assertEqual([(f.name, f.through) for f in tom.classify(occurrences)], [("count", ("size",)), ("size", ())])
        # Only the getter of `size` uses `count`, and nothing uses `size`: dead code, not test-only.
        self.assertEqual(tom.classify(occurrences[:-2]), [])

    def test_naming_a_type_in_an_extension_or_a_conformance_is_not_a_use(self):
        extension = sym("Pipeline", "extension", usr="s:e:Pipeline")
        protocol = sym("Flushing", "protocol")
        occurrences = [define(TYPE), define(protocol, line=20), occ(PROD, TYPE, "reference", relations=[rel(extension, "extended-by")]),
                       occ(PROD, protocol, "reference", relations=[rel(TYPE, "base-of")]), use(TEST, TYPE), use(TEST, protocol)]
        self.assertEqual(names(tom.classify(occurrences)), ["Pipeline", "Flushing"])

    def test_a_member_of_an_extension_belongs_to_the_type(self):
        extension = sym("Pipeline", "extension", usr="s:e:Pipeline")
        occurrences = [define(TYPE), occ(PROD, TYPE, "reference", relations=[rel(extension, "extended-by")]),
                       define(extension), define(FLUSH, line=4, parent=extension), use(PROD, TYPE), use(TEST, FLUSH)]
        self.assertEqual(names(tom.classify(occurrences)), ["Pipeline.flush()"])

    def test_a_witness_of_an_outside_requirement_is_used_from_outside(self):
        equals = sym("==(_:_:)", "static-method")
        description = sym("description", "instance-property")
        occurrences = [define(TYPE), use(PROD, TYPE),
                       define(equals, parent=TYPE, relations=[rel(sym("==", "static-method", usr="s:SQ2eeoiySbx_xtFZ"), "override-of")]),
                       define(description, parent=TYPE, relations=[rel(sym("description", "instance-property", usr="s:s23CustomStringConvertibleP11descriptionSSvp"), "override-of")]),
                       use(TEST, equals), use(TEST, description)]
        self.assertEqual(tom.classify(occurrences), [])

    def test_a_witness_of_a_production_requirement_follows_the_requirement(self):
        requirement = sym("tick()")
        protocol = sym("Ticking", "protocol")
        witness = sym("tick()", usr="s:Pipeline.tick")
        base = [define(protocol), define(requirement, parent=protocol), define(TYPE), define(witness, parent=TYPE, relations=[rel(requirement, "override-of")]),
                use(PROD, protocol), use(PROD, TYPE), use(TEST, witness)]
        self.assertEqual(tom.classify(base + [use(PROD, requirement)]), [], "production calls it through the protocol")
        self.assertEqual(names(tom.classify(base + [use(TEST, requirement)])), ["Pipeline.tick()", "Ticking.tick()"])

    def test_cases_production_makes_from_a_raw_value_or_by_decoding(self):
        reason = sym("Reason", "enum")
        case = sym("timeout", "enum-constant")
        base = [define(reason), define(case, parent=reason), use(PROD, reason), use(TEST, case)]
        self.assertEqual(names(tom.classify(base)), ["Reason.timeout"], "a plain enum: only tests make it")
        string = sym("String", "struct", usr="s:SS")
        self.assertEqual(tom.classify(base + [occ(PROD, string, "reference", relations=[rel(reason, "base-of")])]), [])
        decodable = sym("Decodable", "protocol", usr="s:Se")
        self.assertEqual(tom.classify(base + [occ(PROD, decodable, "reference", relations=[rel(reason, "base-of")])]), [])
        equatable = sym("Equatable", "protocol", usr="s:SQ")
        self.assertEqual(names(tom.classify(base + [occ(PROD, equatable, "reference", relations=[rel(reason, "base-of")])])),
                         ["Reason.timeout"], "Equatable makes no case")

    def test_a_stored_property_of_an_encodable_type_is_read_by_its_encoding(self):
        answer = sym("Answer", "struct")
        field = sym("field", "instance-property")
        getter = sym("getter:field", "instance-method", subkind="accessor-getter")
        base = [define(answer), use(PROD, answer), define(field, parent=answer), use(TEST, field)]
        stored = [define(getter, implicit=True, relations=[rel(field, "accessor-of")])]
        computed = [define(getter, relations=[rel(field, "accessor-of")])]
        encodable = [occ(PROD, sym("Encodable", "protocol", usr="s:SE"), "reference", relations=[rel(answer, "base-of")])]
        self.assertEqual(tom.classify(base + stored + encodable), [])
        self.assertEqual(names(tom.classify(base + computed + encodable)), ["Answer.field"], "a computed one is not encoded")
        self.assertEqual(names(tom.classify(base + stored)), ["Answer.field"], "not encoded at all")

    def test_what_is_never_a_candidate(self):
        public = sym("open()", properties={"access:public"})
        exempt = sym("close()")
        implicit = sym("init(a:)", "constructor")
        parameter = sym("a", "parameter")
        declared_in_tests = sym("helper()")
        occurrences = [define(public), define(exempt, line=2), define(implicit, line=3, implicit=True), define(parameter, line=4),
                       occ(TEST, declared_in_tests, "definition"), use(TEST, declared_in_tests)]
        occurrences += [use(TEST, s) for s in (public, exempt, implicit, parameter)]
        self.assertEqual(tom.classify(occurrences, exempt=frozenset({exempt.usr})), [])


class AllowListTests(unittest.TestCase):
    def test_entries_with_their_reasons(self):
        text = "# why\n\nLib Pipeline.flush()  being removed in branch x\nLib   Pipeline.count   used by the bench\n"
        self.assertEqual(tom.parse_allow_list(text), {"Lib Pipeline.flush()": "being removed in branch x",
                                                      "Lib Pipeline.count": "used by the bench"})

    def test_an_entry_without_a_reason_or_twice_is_refused(self):
        with self.assertRaises(tom.AllowListError):
            tom.parse_allow_list("Lib Pipeline.flush()\n")
        with self.assertRaises(tom.AllowListError):
            tom.parse_allow_list("Lib Pipeline.flush() a\nLib Pipeline.flush() b\n")

    def test_an_allowed_declaration_is_marked_and_keeps_what_it_uses(self):
        helper = sym("format()", "function")
        occurrences = [define(FLUSH, line=3), define(helper, line=7), use(PROD, helper, FLUSH), use(TEST, FLUSH, TEST_FN)]
        allowed = {"Lib flush()": "the fuzz target uses it", "Lib Gone.x": "old"}
        findings = tom.classify(occurrences, allowed=allowed)
        self.assertEqual([(f.name, f.allowed) for f in findings], [("flush()", "the fuzz target uses it")])
        self.assertIn("[allowed: the fuzz target uses it]", findings[0].render())
        self.assertEqual(tom.stale_entries(findings, allowed), ["Lib Gone.x"])


class PlacerTests(unittest.TestCase):
    def test_each_kind_of_target_and_apple_typechecks_copies(self):
        root = Path("/repo")
        targets = [Target("Lib", "regular", root / "Modules/Lib/Sources", []),
                   Target("LibTests", "test", root / "Modules/Lib/Tests", []),
                   Target("KontextVideoTestSupport", "regular", root / "Modules/KontextVideoTestSupport/Sources", []),
                   Target("kontext-video-bench", "executable", root / "Tools/KontextVideoBenchmarks/Sources", []),
                   Target("Tool", "executable", root / "Modules/Tool/Sources", [])]
        place = tom.placer(Package("P", root, {t.name: t for t in targets}, [], {}))
        self.assertEqual(place("/repo/Modules/Lib/Sources/Sub/A.swift"), tom.Place("production", "Lib", "Modules/Lib/Sources/Sub/A.swift", True))
        self.assertEqual(place("/repo/Modules/Lib/Tests/ATests.swift").side, "test")
        self.assertEqual(place("/repo/Modules/KontextVideoTestSupport/Sources/D.swift"), tom.Place("test", "KontextVideoTestSupport", "Modules/KontextVideoTestSupport/Sources/D.swift"))
        self.assertEqual(place("/repo/Tools/KontextVideoBenchmarks/Sources/main.swift").side, "test")
        self.assertEqual(place("/repo/Modules/Tool/Sources/main.swift"), tom.Place("production", "Tool", "Modules/Tool/Sources/main.swift"))
        self.assertEqual(place("/repo/.build/apple-typecheck/ios/src/Lib/Sub/A.swift"), place("/repo/Modules/Lib/Sources/Sub/A.swift"))
        self.assertEqual(place("/repo/.build/apple-typecheck/ios/src/ExampleApp/App.swift"), tom.Place("production", "ExampleApp", "Examples/ExampleApp/App.swift"))
        self.assertIsNone(place("/repo/Fuzz/labels.swift"))
        self.assertIsNone(place("/repo/.build/apple-typecheck/ios/stubs/UIKit/UIKit.swift"))


@unittest.skipUnless(shutil.which("swiftc") and ix.default_library(), "needs the Swift toolchain and libIndexStore")
class IndexStoreTests(unittest.TestCase):
    """A library and its tests compiled with an index store, read back and classified."""

    LIBRARY = textwrap.dedent("""\
        public func make() -> Int { Pipeline().send() }
        public struct Pipeline: Equatable {
            public init() {}
            public func send() -> Int { helper() + 1 }
            func helper() -> Int { 0 }
            func flush() -> Int { formatted() }
            func formatted() -> Int { 2 }
            var count: Int { 3 }
            public static func == (a: Pipeline, b: Pipeline) -> Bool { true }
        }
        """)
    TESTS = textwrap.dedent("""\
        @testable import Lib
        func check() -> Bool { Pipeline().flush() + Pipeline().count == Pipeline().send() && Pipeline() == Pipeline() }
        """)

    def test_a_compiled_module_and_its_tests(self):
        with tempfile.TemporaryDirectory() as directory:
            d = Path(directory)
            (d / "Lib").mkdir()
            (d / "Tests").mkdir()
            (d / "Lib/Pipeline.swift").write_text(self.LIBRARY)
            (d / "Tests/Check.swift").write_text(self.TESTS)
            store = d / "index"
            subprocess.run(["swiftc", "-emit-module", "-emit-library", "-module-name", "Lib", "-parse-as-library", "-enable-testing",
                            "-index-store-path", store, "-o", d / "libLib.so", "-emit-module-path", d / "Lib.swiftmodule",
                            d / "Lib/Pipeline.swift"], check=True, cwd=d, capture_output=True)
            subprocess.run(["swiftc", "-typecheck", "-module-name", "Tests", "-parse-as-library", "-I", d, "-index-store-path", store,
                            d / "Tests/Check.swift"], check=True, cwd=d, capture_output=True)
            targets = [Target("Lib", "regular", d / "Lib", []), Target("LibTests", "test", d / "Tests", [])]
            place = tom.placer(Package("P", d, {t.name: t for t in targets}, [], {}))
            occurrences = tom.read_store(store, place, [d / "Lib/Pipeline.swift", d / "Tests/Check.swift"])
            findings = tom.classify(occurrences)
            self.assertEqual([(f.path, f.line, f.name, f.through) for f in findings],
                             [("Lib/Pipeline.swift", 6, "Pipeline.flush()", ()),
                              ("Lib/Pipeline.swift", 7, "Pipeline.formatted()", ("Pipeline.flush()",)),
                              ("Lib/Pipeline.swift", 8, "Pipeline.count", ())])
            with self.assertRaises(tom.Stale):
                tom.read_store(store, place, [d / "Lib/Pipeline.swift", d / "Lib/New.swift"])
            # A file the build no longer compiles (deleted since) is not read from its old unit.
            (d / "Tests/Check.swift").unlink()
            kept = tom.read_store(store, place, [d / "Lib/Pipeline.swift"])
            self.assertTrue(kept)
            self.assertNotIn("Tests/Check.swift", {p.path for p, _ in kept})


if __name__ == "__main__":
    unittest.main()
