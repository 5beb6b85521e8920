"""Scripts/fuzz: the header it reads from a target, the build order and the libFuzzer command it runs."""

import argparse
import os
import pathlib
import tempfile
import unittest

from kontext_tools import fuzz


def arguments(**overrides):
    values = dict(seconds=45, timeout=None, jobs=1, extra=[])
    values.update(overrides)
    return argparse.Namespace(**values)


class HeaderTests(unittest.TestCase):
    def test_the_vast_parser_target_asks_for_a_dictionary_and_a_one_second_timeout(self):
        settings = fuzz.header(fuzz.FUZZ / "vast-parser.swift")
        self.assertEqual(settings["dict"], "Fuzz/vast-parser.dict")
        self.assertEqual(settings["timeout"], "1")
        self.assertTrue((fuzz.ROOT / settings["dict"]).is_file())

    def test_the_header_ends_at_the_first_line_that_is_not_a_comment(self):
        with tempfile.TemporaryDirectory() as folder:
            path = pathlib.Path(folder) / "t.swift"
            path.write_text("// fuzz-timeout: 2\n/* fuzz-seeds: in a block comment */\nimport Foundation\n// fuzz-dict: later.dict\n")
            self.assertEqual(fuzz.header(path), {"timeout": "2"})


class BuildOrderTests(unittest.TestCase):
    GRAPH = {"A": (pathlib.Path("a"), []), "B": (pathlib.Path("b"), ["A"]), "C": (pathlib.Path("c"), ["B", "A"])}

    def test_dependencies_come_first(self):
        self.assertEqual(fuzz.in_build_order(["C"], self.GRAPH), ["A", "B", "C"])

    def test_an_unknown_module_is_refused(self):
        with self.assertRaises(SystemExit) as raised:
            fuzz.in_build_order(["C", "Nope"], self.GRAPH)
        self.assertIn("Nope is not a library module", str(raised.exception))


class ResourceBundleTests(unittest.TestCase):
    def test_the_modules_with_resources_get_a_bundle_that_finds_nothing(self):
        bundled = fuzz.modules_with_resources()
        self.assertIn("KontextVideoCreatives", bundled)
        self.assertNotIn("KontextVideoVAST", bundled)
        path = fuzz.resource_bundle_shim("KontextVideoCreatives")
        self.assertIn("static let module", path.read_text())
        self.assertEqual(path.name, "KontextVideoCreatives+ResourceBundle.swift")


class CommandTests(unittest.TestCase):
    def command(self, settings, **overrides):
        return fuzz.libfuzzer_command("bin", settings, arguments(**overrides), "corpus", ["seeds"], "findings")

    def test_a_slow_input_is_a_finding_after_the_headers_timeout(self):
        command = self.command({"timeout": "1", "dict": "Fuzz/vast-parser.dict", "max-len": "81920"})
        self.assertIn("-timeout=1", command)
        self.assertIn("-max_total_time=45", command)
        self.assertIn(f"-dict={fuzz.ROOT / 'Fuzz/vast-parser.dict'}", command)
        self.assertIn("-max_len=81920", command)
        self.assertEqual(command[-2:], ["corpus", "seeds"])

    def test_the_option_overrides_the_header_and_ten_seconds_is_the_default(self):
        self.assertIn("-timeout=3", self.command({"timeout": "1"}, timeout=3))
        self.assertIn("-timeout=10", self.command({}))
        self.assertFalse(any(part.startswith("-dict=") for part in self.command({})))


class StampTests(unittest.TestCase):
    def test_a_module_is_stale_when_a_source_its_flags_or_a_dependency_changed_not_when_it_is_touched(self):
        with tempfile.TemporaryDirectory() as folder:
            source = pathlib.Path(folder) / "A.swift"
            source.write_text("let a = 1\n")
            first = fuzz.module_stamp([source], ["-O"], [])
            os.utime(source, (1, 1))
            self.assertEqual(fuzz.module_stamp([source], ["-O"], []), first)
            source.write_text("let a = 2\n")
            self.assertNotEqual(fuzz.module_stamp([source], ["-O"], []), first)
            source.write_text("let a = 1\n")
            self.assertNotEqual(fuzz.module_stamp([source], ["-Onone"], []), first)
            self.assertNotEqual(fuzz.module_stamp([source], ["-O"], ["dependency"]), first)


if __name__ == "__main__":
    unittest.main()
