"""Scripts/check-module-imports: the findings, each file's imports per platform, and the whole
check on a real (temporary) package."""
import contextlib
import io
import shutil
import tempfile
import textwrap
import unittest
from pathlib import Path

from kontext_tools import module_imports as mi
from kontext_tools.repo import Package, Target


def package(targets):
    return Package("P", Path("/p"), {t.name: t for t in targets}, [], {})


def target(name, dependencies=(), kind="regular"):
    return Target(name, kind, Path("/p") / name, list(dependencies))


class FindingsTests(unittest.TestCase):
    def test_a_true_map_has_no_finding(self):
        p = package([target("Low"), target("Mid", ["Low"]), target("Top", ["Mid"])])
        imports = {"Low": {"Foundation"}, "Mid": {"Low"}, "Top": {"Mid", "Foundation"}}
        self.assertEqual(mi.find_problems(p, imports), [])

    def test_an_undeclared_import_is_a_finding(self):
        p = package([target("Low"), target("Mid", ["Low"]), target("Top", ["Mid"])])
        imports = {"Mid": {"Low"}, "Top": {"Mid", "Low"}}
        self.assertEqual(mi.find_problems(p, imports), ["Top: imports Low without declaring it"])

    def test_a_dead_edge_is_a_finding_but_a_tests_executable_is_not(self):
        p = package([target("Low"), target("Mid", ["Low"]), target("Tool", [], "executable"),
                     target("MidTests", ["Mid", "Tool"], "test")])
        imports = {"MidTests": {"Mid", "XCTest"}}
        self.assertEqual(mi.find_problems(p, imports), ["Mid: declares Low but no file imports it"])

    def test_only_a_test_target_may_declare_an_executable_it_does_not_import(self):
        # The exemption is for a test that runs an executable as a child process (it needs it
        # built, not imported): a library or an executable declaring one for nothing is a dead edge.
        p = package([target("Low"), target("Tool", [], "executable"), target("Mid", ["Low", "Tool"]),
                     target("Other", ["Tool"], "executable"), target("LowTests", ["Low", "Tool"], "test")])
        imports = {"Mid": {"Low"}, "LowTests": {"Low", "XCTest"}}
        self.assertEqual(mi.find_problems(p, imports),
                         ["Mid: declares Tool but no file imports it", "Other: declares Tool but no file imports it"])

    def test_a_test_target_may_not_declare_a_library_it_does_not_import(self):
        p = package([target("Low"), target("Mid", ["Low"]), target("Tool", [], "executable"),
                     target("MidTests", ["Mid", "Low", "Tool", "OutsideProduct"], "test")])
        imports = {"Mid": {"Low"}, "MidTests": {"Mid"}}
        self.assertEqual(mi.find_problems(p, imports),
                         ["MidTests: declares Low but no file imports it",
                          "MidTests: declares OutsideProduct but no file imports it"])


@unittest.skipUnless(shutil.which("swiftc"), "needs the Swift toolchain")
class FileImportsTests(unittest.TestCase):
    SOURCE = textwrap.dedent("""\
        import Foundation
        // import Commented
        let s = "import Quoted"
        #if os(iOS)
        import OnlyOnIOS
        #elseif canImport(AppKit)
        import OnlyWithAppKit
        #elseif DEBUG
        import OnlyInSomeBuilds
        #endif
        #if os(watchOS)
        import OnlyOnWatchOS
        #endif
        @testable import Tested
        import struct Kind.Member
        """)

    def imports(self, *platforms):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "A.swift"
            path.write_text(self.SOURCE)
            return mi.file_imports([path], Package("P", Path(directory), {}, [], dict.fromkeys(platforms, "1.0")),
                                   mi.STUBS)[path]

    def test_each_declared_platform_sees_its_branch_and_nothing_in_comments_or_strings(self):
        base = {"Foundation", "Tested", "Kind", "OnlyInSomeBuilds"}
        self.assertEqual(self.imports(), base)
        self.assertEqual(self.imports("ios"), base | {"OnlyOnIOS"})
        self.assertEqual(self.imports("macos"), base | {"OnlyWithAppKit"})
        self.assertEqual(self.imports("tvos"), base)

    def test_a_linux_only_module_imported_where_an_apple_platform_compiles_it_is_a_finding(self):
        source = textwrap.dedent("""\
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            #if os(Linux)
            import Glibc
            #endif
            import FoundationEssentials
            """)
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "A.swift"
            path.write_text(source)
            found = mi.imports_by_platform([path], Package("P", Path(directory), {}, [], {"ios": "16.0", "macos": "13.0"}),
                                           mi.STUBS)
        self.assertEqual(found[path]["FoundationNetworking"], {"linux"})
        self.assertEqual(mi.linux_only_imports(found), [
            "A.swift: imports FoundationEssentials on ios, macos, whose SDK has no such module "
            "(put it behind `#if canImport(FoundationEssentials)`)"])


@unittest.skipUnless(shutil.which("swift"), "needs the Swift toolchain")
class PackageTests(unittest.TestCase):
    """The whole check on a package of three modules: `swift package dump-package` and the compiler."""

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
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                status = mi.main(["--package-dir", str(root)])
            return status, out.getvalue()

    def test_an_import_through_a_dependency_is_refused_and_its_file_named(self):
        status, output = self.run_check("import Mid\n// import Low\n#if os(Linux)\nimport Low\n#endif\n")
        self.assertEqual(status, 1, output)
        self.assertIn("check-module-imports: Top: imports Low without declaring it (Top.swift)", output)

    def test_the_same_package_without_it_passes(self):
        status, output = self.run_check("import Mid\n// import Low\nlet s = \"import Low\"\n")
        self.assertEqual(status, 0, output)
        self.assertIn("3 targets import exactly what they declare", output)


if __name__ == "__main__":
    unittest.main()
