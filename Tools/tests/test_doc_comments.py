"""Scripts/check-doc-comments.py: the doc comment's fields, the rules, and declarations read from
the symbol graph of a module compiled for the test."""
import json
import shutil
import subprocess
import tempfile
import textwrap
import unittest
from pathlib import Path

from kontext_tools import doc_comments as dc
from kontext_tools.repo import Target


def declaration(**overrides):
    values = dict(path="Modules/M/Sources/A.swift", line=3, title="A.f(x:)", kind="swift.method", access="public",
                  doc=["Summary.", "- Parameter x: X."], parameters=["x"], throws=False, returns=False)
    values.update(overrides)
    return dc.Declaration(**values)


class ParseDocTests(unittest.TestCase):
    def test_fields(self):
        self.assertEqual(dc.parse_doc(["Summary.", "- Parameters:", "  - a: A.", "  - b: B.", "- Throws: X.", "- Returns: Y."]),
                         (["a", "b"], True, True))
        self.assertEqual(dc.parse_doc(["Summary.", "- Parameter a: A.", "- Returns: Y."]), (["a"], False, True))
        self.assertEqual(dc.parse_doc(["Summary.", "", "- parameters:", "  - a: A,", "    more.", "- throws: `X`."]),
                         (["a"], True, False))
        self.assertEqual(dc.parse_doc(["* Parameter `a`: A.", "+ Returns: it"]), (["a"], False, True))

    def test_a_parameter_named_parameters_is_an_item_not_a_new_list(self):
        # VASTVerification's initializer documents a parameter called `parameters`.
        doc = ["- Parameters:", "  - vendor: `vendor`.", "  - parameters: `<VerificationParameters>`.",
               "  - tracksNotExecuted: Whether it tracks.", "- Throws: Never."]
        self.assertEqual(dc.parse_doc(doc), (["vendor", "parameters", "tracksNotExecuted"], True, False))

    def test_prose_that_only_looks_like_a_field(self):
        self.assertEqual(dc.parse_doc(["Returns: nothing, this is prose.", "- Returns the value (no colon)"]), ([], False, False))


class RulesTests(unittest.TestCase):
    def test_complete_documentation_passes(self):
        self.assertEqual(dc.check([declaration()])[:2], ([], []))

    def test_a_declaration_without_a_comment(self):
        missing, _, _ = dc.check([declaration(doc=None), declaration(title="B", line=9, doc=["  "], access="package", kind="swift.enum.case")])
        self.assertEqual(missing, ["Modules/M/Sources/A.swift:3: public A.f(x:)", "Modules/M/Sources/A.swift:9: package B"])

    def test_each_gap_of_a_public_function(self):
        d = declaration(doc=["Summary.", "- Parameter y: not a parameter."], parameters=["x"], throws=True, returns=True)
        _, incomplete, _ = dc.check([d])
        self.assertEqual(incomplete, ["Modules/M/Sources/A.swift:3: public A.f(x:)\n    parameter `x` undocumented; documents "
                                      "`y`, which is no parameter; throws, without `- Throws:`; returns a value, without `- Returns:`"])

    def test_package_functions_and_enum_cases_need_only_a_summary(self):
        quiet = [declaration(access="package", doc=["Summary."]),
                 declaration(kind="swift.enum.case", doc=["Summary."], line=5, title="E.c(_:)")]
        self.assertEqual(dc.check(quiet)[:2], ([], []))

    def test_a_declaration_in_several_graphs_counts_once(self):
        missing, _, counts = dc.check([declaration(doc=None), declaration(doc=None)])
        self.assertEqual(len(missing), 1)
        self.assertEqual(counts["declarations"], 1)


class PlacerTests(unittest.TestCase):
    def test_originals_and_apple_typecheck_copies(self):
        root = Path("/repo")
        targets = {"M": Target("M", "regular", root / "Modules" / "M" / "Sources", [])}
        place = dc.placer(root, targets)
        self.assertEqual(place("/repo/Modules/M/Sources/A.swift"), "Modules/M/Sources/A.swift")
        self.assertEqual(place("/repo/.build/apple-typecheck/ios/src/M/Apple/B+Apple.swift"), "Modules/M/Sources/Apple/B+Apple.swift")
        self.assertIsNone(place("/repo/.build/debug/M.build/DerivedSources/resource_bundle_accessor.swift"))
        self.assertIsNone(place("/repo/.build/apple-typecheck/ios/src/Other/C.swift"))


@unittest.skipUnless(shutil.which("swiftc") and shutil.which("swift-symbolgraph-extract"), "needs the Swift toolchain")
class SymbolGraphTests(unittest.TestCase):
    SOURCE = textwrap.dedent('''\
        /// A protocol.
        public protocol Speaker {
            /// Says it.
            /// - Parameter words: What.
            /// - Returns: Whether it was heard.
            func say(_ words: String) -> Bool
        }
        /// A type.
        public struct Loud: Speaker {
            public func say(_ words: String) -> Bool { true }
            /// Shouts.
            /// - Parameters:
            ///   - text: What.
            ///   - times: How often.
            /// - Throws: Never really.
            public func shout(_ text: String, times count: Int) throws {}
            /// A package helper.
            package func helper(x: Int) -> Int { x }
            public enum Mode: String { case quiet }
            func hidden() {}
        }
        ''')

    def test_declarations_from_a_real_graph(self):
        with tempfile.TemporaryDirectory() as directory:
            work = Path(directory)
            source = work / "Loud.swift"
            source.write_text(self.SOURCE)
            subprocess.run(["swiftc", "-emit-module", "-module-name", "Loud", "-package-name", "p", "-parse-as-library",
                            "-o", str(work / "Loud.swiftmodule"), str(source)], check=True, capture_output=True)
            triple = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True).stdout)["target"]["triple"]
            subprocess.run(["swift-symbolgraph-extract", "-module-name", "Loud", "-I", str(work), "-target", triple,
                            "-output-dir", str(work), "-minimum-access-level", "package", "-skip-inherited-docs",
                            "-skip-synthesized-members"], check=True, capture_output=True)
            graph = json.loads((work / "Loud.symbols.json").read_text())
            found = dc.declarations_from_graph(graph, lambda path: Path(path).name if path == str(source) else None)
        by_title = {d.title: d for d in found}
        self.assertNotIn("Loud.hidden()", by_title, "internal")
        self.assertNotIn("Loud.Mode.init(rawValue:)", by_title, "implicit: no source")
        shout = by_title["Loud.shout(_:times:)"]
        self.assertEqual((shout.parameters, shout.throws, shout.returns, shout.line), (["text", "count"], True, False, 16))
        self.assertEqual(by_title["Loud.helper(x:)"].access, "package")
        say = by_title["Loud.say(_:)"]
        self.assertIsNone(say.doc, "the requirement's comment is not borrowed")
        self.assertTrue(say.returns)
        missing, incomplete, _ = dc.check(found)
        self.assertEqual(missing, ["Loud.swift:10: public Loud.say(_:)", "Loud.swift:19: public Loud.Mode",
                                   "Loud.swift:19: public Loud.Mode.quiet"])
        self.assertEqual(incomplete, ["Loud.swift:16: public Loud.shout(_:times:)\n    parameter `count` undocumented; "
                                      "documents `times`, which is no parameter"])


if __name__ == "__main__":
    unittest.main()
