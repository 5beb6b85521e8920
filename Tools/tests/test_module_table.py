"""Scripts/module-table: CONTRIBUTING.md's module table written from the manifest's layer table."""
import contextlib
import io
import shutil
import tempfile
import textwrap
import unittest
from pathlib import Path

from kontext_tools import module_table as mt
from kontext_tools.repo import ROOT

DOCUMENT = f"# Contributing\n\nSome prose.\n\n{mt.BEGIN}\n| stale |\n{mt.END}\n\nMore prose.\n"


class RenderTests(unittest.TestCase):
    def test_rows_by_layer_with_cards_and_library_dependencies(self):
        layers = {"KontextVideoModels": 1, "KontextVideoConcurrency": 0, "KontextVideo": 4}
        dependencies = {"KontextVideoModels": ["KontextVideoConcurrency"],
                        "KontextVideo": ["KontextVideoModels", "KontextVideoConcurrency", "SomeProduct"]}
        self.assertEqual(mt.render(layers, dependencies).splitlines(), [
            "| module | layer | depends on |",
            "|---|---|---|",
            "| [`KontextVideoConcurrency`](Modules/KontextVideoConcurrency/README.md) | 0 | — |",
            "| [`KontextVideoModels`](Modules/KontextVideoModels/README.md) | 1 | Concurrency |",
            "| [`KontextVideo`](Modules/KontextVideo/README.md) | 4 | Models, Concurrency |",
        ])

    def test_the_table_replaces_only_the_lines_between_the_markers(self):
        written = mt.replace_table(DOCUMENT, "| new |\n")
        self.assertEqual(written, DOCUMENT.replace("| stale |\n", "| new |\n"))
        self.assertEqual(mt.replace_table(written, "| new |\n"), written)

    def test_a_document_without_its_markers_is_refused(self):
        for document in ("no table here\n", f"{mt.BEGIN}\n| no end |\n", f"| no begin |\n{mt.END}\n"):
            with self.subTest(document=document), self.assertRaises(ValueError):
                mt.replace_table(document, "| new |\n")


class LayerLinesTests(unittest.TestCase):
    def test_the_evaluated_table_is_read_from_its_lines_only(self):
        output = "a line the manifest printed\nKONTEXT-LAYER Low 0\nKONTEXT-LAYER Mid 1\n"
        self.assertEqual(mt.layer_lines(output), {"Low": 0, "Mid": 1})

    def test_a_wrong_evaluated_table_is_refused(self):
        for output in ("", "no table\n", "KONTEXT-LAYER Low zero\n", "KONTEXT-LAYER Low\n",
                       "KONTEXT-LAYER Low 0\nKONTEXT-LAYER Low 1\n"):
            with self.subTest(output=output), self.assertRaises(mt.ManifestError):
                mt.layer_lines(output)


@unittest.skipUnless(shutil.which("swiftc"), "needs the Swift toolchain")
class ManifestTests(unittest.TestCase):
    """The manifest evaluated as SwiftPM evaluates it: the repository's own, and broken copies of it."""

    def layers(self, manifest: str) -> dict:
        with tempfile.TemporaryDirectory() as directory:
            (Path(directory) / "Package.swift").write_text(manifest)
            return mt.manifest_layers(Path(directory), Path(directory))

    def test_the_repositorys_layer_table(self):
        layers = self.layers((ROOT / "Package.swift").read_text())
        self.assertEqual(layers["KontextVideoConcurrency"], 0)
        self.assertEqual(layers["KontextVideoTesting"], max(layers.values()))
        self.assertGreaterEqual(len(layers), 14)

    def test_an_edge_that_points_up_is_refused_by_the_manifest(self):
        # What check-module-imports held against CONTRIBUTING.md's table is now the manifest's own
        # precondition: evaluating it fails, and so does the table's generation.
        manifest = (ROOT / "Package.swift").read_text()
        broken = manifest.replace('Module("KontextVideoConcurrency", layer: 0)',
                                  'Module("KontextVideoConcurrency", layer: 0, ["KontextVideoModels"])')
        self.assertNotEqual(broken, manifest)
        with self.assertRaises(mt.ManifestError) as raised:
            self.layers(broken)
        self.assertIn("may not depend on KontextVideoModels (layer 1)", str(raised.exception))

    def test_a_manifest_without_its_layer_table_is_refused(self):
        manifest = textwrap.dedent("""\
            // swift-tools-version:6.0
            import PackageDescription
            let libraries = ["Low"]
            let package = Package(name: "P", targets: libraries.map { .target(name: $0) })
            """)
        with self.assertRaises(mt.ManifestError) as raised:
            self.layers(manifest)
        self.assertIn("it needs a top-level `modules`", str(raised.exception))


@unittest.skipUnless(shutil.which("swift"), "needs the Swift toolchain")
class RepositoryTableTests(unittest.TestCase):
    def test_contributing_holds_the_table_the_manifest_writes(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = mt.main(["--check"])
        self.assertEqual(status, 0, out.getvalue())
