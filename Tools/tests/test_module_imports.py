"""Scripts/check-module-imports: the module table, the findings, and the compiler's imports of a
real (temporary) package."""
import contextlib
import io
import shutil
import tempfile
import textwrap
import unittest
from pathlib import Path

from kontext_tools import module_imports as mi
from kontext_tools.repo import ROOT, Package, Target
from kontext_tools.swiftc import Configuration, apple_configuration, imported_modules

TABLE = textwrap.dedent("""\
    Some text | with a pipe.

    | module | layer | what |
    |---|---|---|
    | `Low` | 0 | the bottom \\| of it |
    | `Mid` | 1 | `a | b` in code |
    | `Top` | 2 | the top |

    | other | table |
    |---|---|
    | x | y |
    """)


def package(targets):
    return Package("P", Path("/p"), {t.name: t for t in targets}, [], {})


def target(name, dependencies=(), kind="regular"):
    return Target(name, kind, Path("/p") / name, list(dependencies))


class ModuleTableTests(unittest.TestCase):
    def test_reads_the_table_with_module_and_layer_columns(self):
        self.assertEqual(mi.module_table(TABLE), {"Low": 0, "Mid": 1, "Top": 2})

    def test_a_layer_that_is_no_number_is_refused(self):
        with self.assertRaises(ValueError):
            mi.module_table(TABLE.replace("| `Mid` | 1 |", "| `Mid` | one |"))

    def test_no_table_is_refused(self):
        with self.assertRaises(ValueError):
            mi.module_table("| a | b |\n|---|---|\n")


class FindingsTests(unittest.TestCase):
    LAYERS = {"Low": 0, "Mid": 1, "Top": 2}

    def test_a_true_map_has_no_finding(self):
        p = package([target("Low"), target("Mid", ["Low"]), target("Top", ["Mid"])])
        imports = {"Low": {"Foundation"}, "Mid": {"Low"}, "Top": {"Mid", "Foundation"}}
        self.assertEqual(mi.find_problems(p, imports, self.LAYERS), [])

    def test_an_undeclared_import_is_a_finding(self):
        p = package([target("Low"), target("Mid", ["Low"]), target("Top", ["Mid"])])
        imports = {"Mid": {"Low"}, "Top": {"Mid", "Low"}}
        self.assertEqual(mi.find_problems(p, imports, self.LAYERS), ["Top: imports Low without declaring it"])

    def test_a_dead_edge_is_a_finding_but_a_tests_executable_is_not(self):
        p = package([target("Low"), target("Mid", ["Low"]), target("Tool", [], "executable"),
                     target("MidTests", ["Mid", "Tool"], "test")])
        imports = {"MidTests": {"Mid", "XCTest"}}
        self.assertEqual(mi.find_problems(p, imports, {"Low": 0, "Mid": 1}), ["Mid: declares Low but no file imports it"])

    def test_only_a_test_target_may_declare_an_executable_it_does_not_import(self):
        # The exemption is for a test that runs an executable as a child process (it needs it
        # built, not imported): a library or an executable declaring one for nothing is a dead edge.
        p = package([target("Low"), target("Tool", [], "executable"), target("Mid", ["Low", "Tool"]),
                     target("Other", ["Tool"], "executable"), target("LowTests", ["Low", "Tool"], "test")])
        imports = {"Mid": {"Low"}, "LowTests": {"Low", "XCTest"}}
        self.assertEqual(mi.find_problems(p, imports, {"Low": 0, "Mid": 1}),
                         ["Mid: declares Tool but no file imports it", "Other: declares Tool but no file imports it"])

    def test_a_test_target_may_not_declare_a_library_it_does_not_import(self):
        p = package([target("Low"), target("Mid", ["Low"]), target("Tool", [], "executable"),
                     target("MidTests", ["Mid", "Low", "Tool", "OutsideProduct"], "test")])
        imports = {"Mid": {"Low"}, "MidTests": {"Mid"}}
        self.assertEqual(mi.find_problems(p, imports, {"Low": 0, "Mid": 1}),
                         ["MidTests: declares Low but no file imports it",
                          "MidTests: declares OutsideProduct but no file imports it"])

    def test_an_edge_up_or_sideways_is_a_finding(self):
        p = package([target("Low", ["Mid"]), target("Mid")])
        problems = mi.find_problems(p, {"Low": {"Mid"}}, {"Low": 1, "Mid": 1})
        self.assertEqual(problems, ["Low (layer 1) depends on Mid (layer 1): edges point down only"])

    def test_the_table_lists_exactly_the_libraries(self):
        p = package([target("Low"), target("New")])
        problems = mi.find_problems(p, {}, {"Low": 0, "Gone": 1})
        self.assertEqual(problems, ["CONTRIBUTING.md: the module table does not list New",
                                    "CONTRIBUTING.md: the module table lists Gone, which the manifest does not have"])


class LayerTablesTests(unittest.TestCase):
    """Package.swift's layer table against CONTRIBUTING.md's module table."""
    MANIFEST = {"Low": 0, "Mid": 1, "Top": 2}

    def test_tables_that_agree_have_no_finding(self):
        self.assertEqual(mi.layer_table_problems(self.MANIFEST, mi.module_table(TABLE)), [])

    def test_a_module_at_another_layer_is_a_finding(self):
        documented = mi.module_table(TABLE.replace("| `Mid` | 1 |", "| `Mid` | 0 |"))
        self.assertEqual(mi.layer_table_problems(self.MANIFEST, documented),
                         ["Mid is at layer 1 in Package.swift's layer table but at layer 0 in CONTRIBUTING.md's "
                          "module table: the two tables must agree"])

    def test_a_module_missing_from_either_table_is_a_finding(self):
        self.assertEqual(mi.layer_table_problems({"Low": 0, "Mid": 1}, self.MANIFEST),
                         ["CONTRIBUTING.md's module table puts Top at layer 2; Package.swift's layer table does not list it"])
        self.assertEqual(mi.layer_table_problems(dict(self.MANIFEST, New=3), self.MANIFEST),
                         ["Package.swift's layer table puts New at layer 3; CONTRIBUTING.md's module table does not list it"])

    def test_the_evaluated_table_is_read_from_its_lines_only(self):
        output = "a line the manifest printed\nKONTEXT-LAYER Low 0\nKONTEXT-LAYER Mid 1\n"
        self.assertEqual(mi.layer_lines(output), {"Low": 0, "Mid": 1})

    def test_a_wrong_evaluated_table_is_refused(self):
        for output in ("", "no table\n", "KONTEXT-LAYER Low zero\n", "KONTEXT-LAYER Low\n",
                       "KONTEXT-LAYER Low 0\nKONTEXT-LAYER Low 1\n"):
            with self.subTest(output=output), self.assertRaises(mi.ManifestError):
                mi.layer_lines(output)


@unittest.skipUnless(shutil.which("swiftc"), "needs the Swift toolchain")
class CompilerImportsTests(unittest.TestCase):
    SOURCE = textwrap.dedent("""\
        import Foundation
        // import Commented
        let s = "import Quoted"
        #if os(iOS)
        import OnlyOnIOS
        #elseif canImport(AppKit)
        import OnlyWithAppKit
        #endif
        @testable import Tested
        import struct Kind.Member
        """)

    def imports(self, configuration):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "A.swift"
            path.write_text(self.SOURCE)
            return imported_modules([path], configuration, scratch=Path(directory))

    def test_each_platform_sees_its_branch_and_nothing_in_comments_or_strings(self):
        self.assertEqual(self.imports(Configuration("linux")), {"Foundation", "Tested", "Kind"})
        self.assertEqual(self.imports(apple_configuration("ios", "16.0", {"UIKit"})), {"Foundation", "OnlyOnIOS", "Tested", "Kind"})
        self.assertEqual(self.imports(apple_configuration("macos", "13.0", {"AppKit"})),
                         {"Foundation", "OnlyWithAppKit", "Tested", "Kind"})
        self.assertEqual(self.imports(apple_configuration("tvos", "16.0", {"UIKit"})), {"Foundation", "Tested", "Kind"})


@unittest.skipUnless(shutil.which("swift"), "needs the Swift toolchain")
class PackageTests(unittest.TestCase):
    """The whole check on a package of three modules: `swift package dump-package`, the compiler, the table."""

    MANIFEST = textwrap.dedent("""\
        // swift-tools-version:6.0
        import PackageDescription
        struct Module {
            let name: String
            let layer: Int
            let dependencies: [String]
        }
        let modules = [
            Module(name: "Low", layer: 0, dependencies: []),
            Module(name: "Mid", layer: 1, dependencies: ["Low"]),
            Module(name: "Top", layer: 2, dependencies: ["Mid"]),
        ]
        let package = Package(name: "P", targets: modules.map {
            .target(name: $0.name, dependencies: $0.dependencies.map { .target(name: $0) })
        })
        """)

    def run_check(self, top_source, manifest=MANIFEST):
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            (root / "Package.swift").write_text(manifest)
            for name, text in (("Low", "public let low = 1\n"), ("Mid", "import Low\npublic let mid = low\n"),
                               ("Top", top_source)):
                (root / "Sources" / name).mkdir(parents=True)
                (root / "Sources" / name / f"{name}.swift").write_text(text)
            (root / "CONTRIBUTING.md").write_text(TABLE)
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = mi.main(["--package-dir", str(root), "--jobs", "2"])
            return status, out.getvalue()

    def test_an_import_through_a_dependency_is_refused_and_its_file_named(self):
        status, output = self.run_check("import Mid\n// import Low\n#if os(Linux)\nimport Low\n#endif\n")
        self.assertEqual(status, 1, output)
        self.assertIn("check-module-imports: Top: imports Low without declaring it (Top.swift)", output)

    def test_the_same_package_without_it_passes(self):
        status, output = self.run_check("import Mid\n// import Low\nlet s = \"import Low\"\n")
        self.assertEqual(status, 0, output)
        self.assertIn("3 targets import exactly what they declare", output)
        self.assertIn("at the layers Package.swift's layer table gives them", output)

    def test_a_manifest_layer_the_markdown_table_does_not_give_is_refused(self):
        manifest = self.MANIFEST.replace('Module(name: "Top", layer: 2,', 'Module(name: "Top", layer: 3,')
        status, output = self.run_check("import Mid\n", manifest)
        self.assertEqual(status, 1, output)
        self.assertIn("check-module-imports: Top is at layer 3 in Package.swift's layer table but at layer 2 in "
                      "CONTRIBUTING.md's module table", output)

    def test_a_manifest_without_its_layer_table_is_refused(self):
        manifest = self.MANIFEST.replace("let modules = [", "let libraries = [").replace("modules.map", "libraries.map")
        status, output = self.run_check("import Mid\n", manifest)
        self.assertEqual(status, 1, output)
        self.assertIn("Package.swift did not compile with its layer table printed (it needs a top-level `modules`", output)


@unittest.skipUnless(shutil.which("swiftc"), "needs the Swift toolchain")
class RepositoryLayerTablesTests(unittest.TestCase):
    def test_package_swift_and_contributing_give_every_module_the_same_layer(self):
        with tempfile.TemporaryDirectory() as directory:
            manifest = mi.manifest_layers(ROOT, Path(directory))
        documented = mi.module_table((ROOT / mi.TABLE_DOCUMENT).read_text(encoding="utf-8"))
        self.assertEqual(mi.layer_table_problems(manifest, documented), [])
        self.assertEqual(manifest["KontextVideoConcurrency"], 0)
        self.assertGreaterEqual(len(manifest), 14)


if __name__ == "__main__":
    unittest.main()
