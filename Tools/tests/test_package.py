"""The package itself: every module imports, nothing is imported for nothing, every Script is a thin
entry point into it, and regular expressions are used only where no Swift is read."""
import ast
import importlib
import unittest

from kontext_tools.repo import ROOT

PACKAGE = ROOT / "Tools" / "kontext_tools"
# The modules that may use `re`, and what they read with it: never Swift source.
REGULAR_EXPRESSIONS = {
    "swiftc": "the compiler's diagnostic lines",
    "docs": "DocC's and the compiler's output",
    "conformance": "test display names and the reference's Markdown",
    "version": "CHANGELOG.md and the documentation's install lines, a version string",
}


def modules():
    return sorted(p for p in PACKAGE.glob("*.py") if p.name != "__init__.py")


def imported_names(tree: ast.Module) -> dict[str, int]:
    """Name -> line of every module-level import (`import a.b` binds `a`)."""
    names = {}
    for node in tree.body:
        if isinstance(node, ast.Import):
            for alias in node.names:
                names[(alias.asname or alias.name).split(".")[0]] = node.lineno
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                names[alias.asname or alias.name] = node.lineno
    return names


class PackageTests(unittest.TestCase):
    def test_every_module_imports(self):
        for path in modules():
            with self.subTest(module=path.stem):
                importlib.import_module(f"kontext_tools.{path.stem}")

    def test_no_import_is_unused(self):
        for path in modules() + sorted((ROOT / "Tools" / "tests").glob("test_*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
            for name, line in imported_names(tree).items():
                with self.subTest(file=path.name, name=name):
                    self.assertTrue(name in used, f"{path.name}:{line} imports {name} and never uses it")

    def test_regular_expressions_only_where_no_swift_is_read(self):
        for path in modules():
            tree = ast.parse(path.read_text(encoding="utf-8"))
            if "re" in imported_names(tree):
                with self.subTest(module=path.stem):
                    self.assertIn(path.stem, REGULAR_EXPRESSIONS, f"{path.name} imports re: read Swift with swift_facts or the compiler")

    def test_a_module_that_reads_swift_has_no_regular_expression(self):
        self.assertNotIn("apple_typecheck", REGULAR_EXPRESSIONS)
        for path in modules():
            if path.stem in REGULAR_EXPRESSIONS:
                continue
            self.assertNotIn("import re\n", path.read_text(encoding="utf-8"), path.name)

    def test_scripts_are_entry_points(self):
        scripts = [p for p in (ROOT / "Scripts").rglob("*") if p.is_file() and p.suffix not in (".md", ".json", ".js")]
        self.assertGreaterEqual(len(scripts), 12)
        for script in scripts:
            with self.subTest(script=str(script.relative_to(ROOT))):
                text = script.read_text(encoding="utf-8")
                self.assertTrue(text.startswith("#!/usr/bin/env python3\n"))
                self.assertLessEqual(len(text.splitlines()), 12, "a thin entry point: the code is in Tools/kontext_tools")
                module = text.split("from kontext_tools.", 1)[1].split()[0]
                self.assertTrue((PACKAGE / f"{module}.py").is_file(), module)
                self.assertTrue(hasattr(importlib.import_module(f"kontext_tools.{module}"), "main"))


if __name__ == "__main__":
    unittest.main()
