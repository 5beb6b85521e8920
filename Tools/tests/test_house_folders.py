"""Scripts/check-folders: folder sizes against the limit and the pending list, and the facade's
root/Internal line read from symbol graphs."""
import tempfile
import unittest
from pathlib import Path

from kontext_tools import house_folders as hf

SOURCES = "Modules/KontextVideo/Sources"


def graph(*symbols):
    """A symbol graph with one symbol per (path, access)."""
    return {"symbols": [{"kind": {"identifier": "swift.struct"}, "accessLevel": access, "pathComponents": [f"T{i}"],
                         "location": {"uri": f"file:///repo/{path}", "position": {"line": 0, "character": 0}}}
                        for i, (path, access) in enumerate(symbols)]}


def place(path):
    return path[len("/repo/"):] if path.startswith("/repo/Modules/") else None


class FolderSizeTests(unittest.TestCase):
    def test_counts_the_swift_files_of_each_folder_apart_from_its_subfolders(self):
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            for path in ("Modules/A/Sources/One.swift", "Modules/A/Sources/Two.swift", "Modules/A/Sources/notes.md",
                         "Modules/A/Sources/Sub/Three.swift", "Modules/A/Tests/ATests.swift", "Tools/T/Sources/main.swift"):
                (root / path).parent.mkdir(parents=True, exist_ok=True)
                (root / path).write_text("")
            (root / "Modules/A/Sources/Empty").mkdir()
            self.assertEqual(hf.folder_counts(root), {"Modules/A/Sources": 2, "Modules/A/Sources/Empty": 0,
                                                      "Modules/A/Sources/Sub": 1})

    def test_a_folder_over_the_limit_fails_unless_pending(self):
        counts = {"Modules/A/Sources": 26, "Modules/B/Sources": 25, "Modules/C/Sources": 40}
        failures, reports = hf.folder_findings(counts, ["Modules/C/Sources"])
        self.assertEqual(failures, ["Modules/A/Sources: 26 Swift files (at most 25; give it folders by concern)"])
        self.assertEqual(reports, ["Modules/C/Sources: 40 Swift files (at most 25; give it folders by concern)"])

    def test_a_pending_entry_that_no_longer_applies_fails(self):
        failures, _ = hf.folder_findings({"Modules/A/Sources": 25}, ["Modules/A/Sources", "Modules/Gone/Sources"])
        self.assertEqual(failures, [f"{hf.PENDING}: Modules/A/Sources holds 25 Swift files now: remove the entry",
                                    f"{hf.PENDING}: Modules/Gone/Sources is no source folder: remove the entry"])

    def test_the_pending_list_reads_entries_and_skips_comments(self):
        text = "# why\nModules/A/Sources   # a reason\n\nModules/B/Sources\n"
        self.assertEqual(hf.read_pending(text), ["Modules/A/Sources", "Modules/B/Sources"])
        with self.assertRaises(ValueError):
            hf.read_pending("Modules/A/Sources\nModules/A/Sources # again\n")


class FacadeTests(unittest.TestCase):
    FILES = [f"{SOURCES}/VideoAd.swift", f"{SOURCES}/SDKRuntime.swift", f"{SOURCES}/Internal/Session/SDKSession.swift",
             f"{SOURCES}/Internal/Leaky.swift", f"{SOURCES}/Platform/UIViewHost+Apple.swift"]

    def test_root_files_without_public_api_and_internal_files_with_it_are_findings(self):
        public = hf.public_files_from_graphs([graph((f"{SOURCES}/VideoAd.swift", "public"),
                                                    (f"{SOURCES}/SDKRuntime.swift", "package"),
                                                    (f"{SOURCES}/Internal/Leaky.swift", "open"))], place)
        self.assertEqual(public, {f"{SOURCES}/VideoAd.swift", f"{SOURCES}/Internal/Leaky.swift"})
        self.assertEqual(hf.facade_findings(self.FILES, public, SOURCES), [
            f"{SOURCES}/Internal/Leaky.swift: under Internal/ but declares public API (move it to the root)",
            f"{SOURCES}/SDKRuntime.swift: in the facade's root but declares no public API (move it under Internal/)",
        ])

    def test_a_facade_on_the_line_has_no_finding(self):
        public = {f"{SOURCES}/VideoAd.swift", f"{SOURCES}/SDKRuntime.swift"}
        self.assertEqual(hf.facade_findings(self.FILES[:3] + self.FILES[4:], public, SOURCES), [])

    def test_symbols_outside_the_sources_or_without_a_place_are_ignored(self):
        public = hf.public_files_from_graphs([graph(("/elsewhere/Generated.swift", "public")),
                                              {"symbols": [{"kind": {"identifier": "swift.init"}, "accessLevel": "public"}]}], place)
        self.assertEqual(public, set())


if __name__ == "__main__":
    unittest.main()
