"""The shared helpers: the package from dump-package's JSON, settings, dependency order and the
runner that follows it, and the compiler's diagnostics."""
import threading
import time
import unittest
from pathlib import Path

from kontext_tools import repo
from kontext_tools.swiftc import parse_diagnostics

DUMP = {
    "name": "P",
    "platforms": [{"platformName": "ios", "version": "16.0"}],
    "products": [{"name": "P", "targets": ["Top"], "type": {"library": ["automatic"]}},
                 {"name": "tool", "targets": ["Tool"], "type": {"executable": None}}],
    "targets": [
        {"name": "Low", "type": "regular", "path": "Modules/Low/Sources", "dependencies": [], "exclude": ["Skip"],
         "resources": [{"path": "Resources/a.js", "rule": {"copy": {}}}],
         "settings": [{"tool": "swift", "kind": {"define": {"_0": "FAST"}}, "condition": {"platformNames": ["linux"]}},
                      {"tool": "swift", "kind": {"enableUpcomingFeature": {"_0": "ExistentialAny"}}},
                      {"tool": "c", "kind": {"define": {"_0": "C_ONLY"}}}]},
        {"name": "Top", "type": "regular", "dependencies": [{"byName": ["Low", None]}, {"product": ["X", "pkg", None, None]}]},
        {"name": "Tool", "type": "executable", "path": "Tool", "dependencies": [{"target": ["Top", None]}]},
    ],
}


class PackageTests(unittest.TestCase):
    def test_targets_from_the_dump(self):
        package = repo.package_from_dump(DUMP, Path("/p"))
        self.assertEqual(package.platforms, {"ios": "16.0"})
        self.assertEqual(sorted(package.libraries), ["Low", "Top"])
        self.assertEqual(package.library_products(), ["Top"])
        low, top = package.targets["Low"], package.targets["Top"]
        self.assertEqual((low.path, low.exclude, len(low.resources)), (Path("/p/Modules/Low/Sources"), ["Skip"], 1))
        self.assertEqual(top.path, Path("/p/Sources/Top"), "SwiftPM's default path")
        self.assertEqual(top.dependencies, ["Low", "X"])

    def test_settings_for_a_platform(self):
        low = repo.package_from_dump(DUMP, Path("/p")).targets["Low"]
        self.assertEqual(repo.settings_flags(low, "linux"), ["-D", "FAST", "-enable-upcoming-feature", "ExistentialAny"])
        self.assertEqual(repo.settings_flags(low, "ios"), ["-enable-upcoming-feature", "ExistentialAny"])


class OrderTests(unittest.TestCase):
    GRAPH = {"a": [], "b": ["a"], "c": ["b", "a"], "d": ["a"]}

    def test_dependencies_first(self):
        self.assertEqual(repo.dependency_order(["c", "d"], self.GRAPH), ["a", "b", "c", "d"])

    def test_a_cycle_is_refused(self):
        with self.assertRaises(ValueError) as raised:
            repo.dependency_order(["x"], {"x": ["y"], "y": ["x"]})
        self.assertIn("x -> y -> x", str(raised.exception))

    def test_the_runner_starts_a_name_only_after_its_dependencies(self):
        finished: list[str] = []
        lock = threading.Lock()

        def work(name):
            for dependency in self.GRAPH[name]:
                self.assertIn(dependency, finished, f"{name} started before {dependency} finished")
            time.sleep(0.01)
            with lock:
                finished.append(name)
            return name.upper()

        results = repo.run_in_dependency_order(["a", "b", "c", "d"], self.GRAPH, work, jobs=3)
        self.assertEqual(results, {"a": "A", "b": "B", "c": "C", "d": "D"})

    def test_the_runner_refuses_a_cycle_rather_than_wait_forever(self):
        with self.assertRaises(ValueError):
            repo.run_in_dependency_order(["x", "y"], {"x": ["y"], "y": ["x"]}, lambda n: n, jobs=2)


class DiagnosticsTests(unittest.TestCase):
    OUTPUT = ("/tmp/copy/A.swift:3:5: error: cannot find 'x' in scope\n"
              "/tmp/copy/A.swift:1:1: note: did you mean 'y'?\n"
              "/tmp/copy/A.swift:3:5: error: cannot find 'x' in scope\n"
              "B.swift:7:1: warning: var never mutated\n"
              "<unknown>:0: error: something without a place\n")

    def test_errors_and_warnings_once_with_their_notes_and_original_paths(self):
        found = parse_diagnostics(self.OUTPUT, {"/tmp/copy/A.swift": "Modules/M/Sources/A.swift"})
        self.assertEqual([d.render() for d in found], ["Modules/M/Sources/A.swift:3:5: error: cannot find 'x' in scope",
                                                       "B.swift:7:1: warning: var never mutated"])
        self.assertEqual(found[0].notes, ["Modules/M/Sources/A.swift:1:1: note: did you mean 'y'?"])


if __name__ == "__main__":
    unittest.main()
