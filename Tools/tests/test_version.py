"""Scripts/version: the version read from its Swift definition, the install line and the checks
of the documentation."""

import pathlib
import tempfile
import textwrap
import unittest

from kontext_tools import version

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

    def problems(self, readme: str, guide: str = LINE, public: bool = True) -> list[str]:
        return version.check_install_lines(self.tree(readme, guide), "0.3.1", URL, public=public)

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

    def test_while_not_public_each_install_document_says_so(self):
        note = f"{LINE}\nThe repository is not\npublic yet: the URL is a placeholder."
        self.assertEqual(self.problems(note, note, public=False), [])
        found = self.problems(LINE, note, public=False)
        self.assertEqual(len(found), 1)
        self.assertIn("README.md gives the repository's URL without saying it is not public yet", found[0])
        self.assertEqual(self.problems(LINE, LINE, public=True), [], "once public, nothing to say")

    def test_the_repository_documents_agree(self):
        root = pathlib.Path(version.ROOT)
        current = version.read_version(root)
        self.assertEqual(version.check_install_lines(root, current), [])


class ReleaseHeadingTests(unittest.TestCase):
    CHANGELOG = textwrap.dedent("""\
        # Changelog

        ## [Unreleased]

        ### Fixed
        - Something.

        ## [0.4.1] - 2026-11-30

        ## [0.4.0] - 2026-10-01
        """)

    def test_the_latest_release_is_the_first_heading_after_unreleased(self):
        self.assertEqual(version.latest_release(self.CHANGELOG), ("0.4.1", " - 2026-11-30"))
        self.assertEqual(version.latest_release(self.CHANGELOG.replace("[Unreleased]", "[unreleased]")),
                         ("0.4.1", " - 2026-11-30"))
        self.assertEqual(version.release_problems(self.CHANGELOG, "0.4.1"), [])

    def test_unreleased_is_no_release(self):
        only_unreleased = "# Changelog\n\n## [Unreleased]\n\n### Added\n- Everything.\n"
        self.assertEqual(version.latest_release(only_unreleased), (None, ""))
        self.assertEqual(version.latest_release("## [Unreleased] - 2026-12-01\n"), (None, ""))
        found = version.release_problems(only_unreleased, "0.4.1")
        self.assertEqual(len(found), 1)
        self.assertIn("has no release section", found[0])

    def test_a_release_heading_without_its_date_is_refused(self):
        for heading in ("## [0.4.2]", "## [0.4.2] -", "## [0.4.2] - soon", "## [0.4.2] - 2026-13-01",
                        "## [0.4.2] 2026-11-30"):
            with self.subTest(heading=heading):
                changelog = self.CHANGELOG.replace("## [Unreleased]", "## [Unreleased]\n\n" + heading)
                self.assertEqual(version.latest_release(changelog)[0], "0.4.2")
                found = version.release_problems(changelog, "0.4.2")
                self.assertEqual(len(found), 1, found)
                self.assertIn("needs its date", found[0])

    def test_another_version_is_refused(self):
        found = version.release_problems(self.CHANGELOG, "0.5.0")
        self.assertEqual(len(found), 1)
        self.assertIn("latest release is [0.4.1] but the version is 0.5.0", found[0])

    def test_the_repository_changelog_names_the_version(self):
        root = pathlib.Path(version.ROOT)
        self.assertEqual(version.release_problems((root / "CHANGELOG.md").read_text(encoding="utf-8"),
                                                  version.read_version(root)), [])


class DefinitionTests(unittest.TestCase):
    def test_the_definition_as_the_compiler_reads_it(self):
        swift = textwrap.dedent('''\
            /// `static let current = "9.9.9"` in a comment is no definition.
            package enum KontextVideoVersion {
                package static let other = "static let current = \\"8.8.8\\""
                package static let current =
                    "0.4.1"
            }''')
        self.assertEqual(version.version_definitions(swift), ["0.4.1"])

    def test_an_interpolated_or_missing_definition_is_none(self):
        self.assertEqual(version.version_definitions('static let current = "\\(major).0"'), [])
        self.assertEqual(version.version_definitions("static let current = major"), [])

    def test_another_file_spelling_the_version_is_found(self):
        with tempfile.TemporaryDirectory() as folder:
            root = pathlib.Path(folder)
            sources = root / "Modules" / "KontextVideo" / "Sources"
            sources.mkdir(parents=True)
            (root / version.VERSION_FILE).parent.mkdir(parents=True, exist_ok=True)
            (root / version.VERSION_FILE).write_text('package enum V { package static let current = "0.4.1" }\n')
            (sources / "Other.swift").write_text('let sent = "0.4.1"\n')
            (sources / "Comment.swift").write_text('// "0.4.1" in a comment\nlet s = "0.4.10"\n')
            self.assertEqual(version.read_version(root), "0.4.1")
            self.assertEqual(version.other_copies(root, "0.4.1"), ["Modules/KontextVideo/Sources/Other.swift"])


if __name__ == "__main__":
    unittest.main()
