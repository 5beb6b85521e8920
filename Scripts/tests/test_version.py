"""Unit tests of Scripts/version's install line (stdlib only).

Run: `cd Scripts && python3 -m unittest`.
"""

import importlib.machinery
import importlib.util
import os
import pathlib
import tempfile
import textwrap
import unittest

SCRIPTS = pathlib.Path(__file__).resolve().parent.parent
_loader = importlib.machinery.SourceFileLoader("kontext_version", str(SCRIPTS / "version"))
_spec = importlib.util.spec_from_loader("kontext_version", _loader)
version = importlib.util.module_from_spec(_spec)
_loader.exec_module(version)

URL = "https://github.com/example/video-sdk"
LINE = '.package(url: "https://github.com/example/video-sdk", .upToNextMinor(from: "0.3.1"))'


class InstallLineTests(unittest.TestCase):
    def test_a_0_x_version_pins_up_to_the_next_minor(self):
        self.assertEqual(version.install_line("0.3.1", URL), LINE)

    def test_from_1_0_on_the_pin_is_up_to_the_next_major(self):
        self.assertEqual(version.install_line("1.2.0", URL), '.package(url: "https://github.com/example/video-sdk", from: "1.2.0")')

    def test_the_identity_is_the_last_component_of_the_url(self):
        self.assertEqual(version.package_identity("https://github.com/Example/Video-SDK.git"), "video-sdk")
        self.assertEqual(version.package_identity(URL + "/"), "video-sdk")


class CheckInstallLinesTests(unittest.TestCase):
    def tree(self, readme: str, guide: str = LINE) -> pathlib.Path:
        root = pathlib.Path(tempfile.mkdtemp())
        (root / "README.md").write_text(readme, encoding="utf-8")
        articles = root / "Modules/KontextVideo/Sources/KontextVideo.docc/Articles"
        articles.mkdir(parents=True)
        (articles / "getting-started.md").write_text(guide, encoding="utf-8")
        return root

    def problems(self, readme: str, guide: str = LINE) -> list[str]:
        return version.check_install_lines(self.tree(readme, guide), "0.3.1", URL)

    def test_documents_that_agree_pass(self):
        readme = textwrap.dedent(f"""\
            Add {URL} in Xcode, or, as every `.package(url:)` line of the docs says:

                {LINE},
                .product(name: "KontextVideo", package: "video-sdk"),
            """)
        self.assertEqual(self.problems(readme), [])

    def test_a_stale_pin_fails(self):
        found = self.problems(LINE.replace("0.3.1", "0.2.0"))
        self.assertTrue(any("README.md:1" in p and "is not the install line" in p for p in found), found)

    def test_a_from_pin_fails_while_0_x(self):
        found = self.problems(f'.package(url: "{URL}", from: "0.3.1")')
        self.assertTrue(any("is not the install line" in p for p in found), found)

    def test_another_repository_fails(self):
        found = self.problems(LINE + "\nSee https://github.com/example/video-sdk-old for more.")
        self.assertTrue(any("README.md:2" in p and "is not the repository" in p for p in found), found)

    def test_a_product_naming_another_package_fails(self):
        found = self.problems(LINE + '\n.product(name: "KontextVideoTesting", package: "KontextVideo")')
        self.assertTrue(any("README.md:2" in p and "identity" in p for p in found), found)

    def test_an_install_document_without_the_line_fails(self):
        found = self.problems("No install section.")
        self.assertEqual(found, ["README.md does not carry the install line `" + LINE + "`"])

    def test_the_repository_documents_agree(self):
        root = SCRIPTS.parent
        current = version.read_version(root)
        self.assertEqual(version.check_install_lines(root, current), [])


if __name__ == "__main__":
    unittest.main()
