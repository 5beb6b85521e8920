"""Markdown as the tools read it (fenced code), and Scripts/build-docs' check comments and
the files its samples are compiled as."""
import textwrap
import unittest

from kontext_tools import docs
from kontext_tools.markdown import code_blocks, fence_marker

PAGE = textwrap.dedent("""\
    # A page

    <!-- check: linux -->
    ```swift
    let a = 1
    ```

    Some prose.

    <!-- check: ios (ads: VideoAds) async throws
    ~@MainActor final class Player {}
    -->

    ```swift
    try await ads.format(.pause)
    ```

    ```swift
    let unmarked = 1
    ```

    <!-- check: linux -->
    Prose between the comment and the code.
    ```swift
    let alsoUnmarked = 1
    ```

    ~~~sh
    <!-- check: none: inside another block -->
    ```swift
    ~~~
    """)


class CodeBlockTests(unittest.TestCase):
    def test_blocks_and_their_check_comments(self):
        blocks = code_blocks(PAGE)
        self.assertEqual([(b.language, b.line, b.check) for b in blocks], [
            ("swift", 4, "linux"),
            ("swift", 14, "ios (ads: VideoAds) async throws\n~@MainActor final class Player {}\n"),
            ("swift", 18, None),
            ("swift", 24, None),
            ("sh", 28, None),
        ])
        self.assertEqual(blocks[1].code, "try await ads.format(.pause)")

    def test_fences(self):
        self.assertEqual(fence_marker("```swift"), "```")
        self.assertEqual(fence_marker("   ````"), "````")
        self.assertIsNone(fence_marker("    ```"), "four spaces in: indented code, not a fence")
        self.assertIsNone(fence_marker("``inline``"))


class CheckSpecTests(unittest.TestCase):
    def test_forms(self):
        self.assertEqual(docs.parse_check("linux"), docs.CheckSpec("linux"))
        self.assertEqual(docs.parse_check("ios, deprecated"), docs.CheckSpec("ios", allows_deprecated=True))
        self.assertEqual(docs.parse_check("none: needs a device"), docs.CheckSpec("none", why="needs a device"))
        spec = docs.parse_check("ios (ads: VideoAds) async throws\n~@MainActor final class Player {}\n  ~let x = 1\n")
        self.assertEqual((spec.platform, spec.wrap), ("ios", "(ads: VideoAds) async throws"))
        self.assertEqual(spec.context, "@MainActor final class Player {}\n  let x = 1")

    def test_wrong_comments_are_refused(self):
        for spec in ("", "linuxx", "android", "none", "none:", "ios, experimental", "linux now"):
            with self.subTest(spec=spec), self.assertRaises(docs.CheckSpecError):
                docs.parse_check(spec)


class SymbolTests(unittest.TestCase):
    SYMBOL = {"identifier": {"precise": "s:12KontextVideo0B3AdsC", "interfaceLanguage": "swift"},
              "pathComponents": ["VideoAds"]}

    def test_a_symbol_is_known_by_its_usr(self):
        self.assertEqual(docs.usr(self.SYMBOL), "s:12KontextVideo0B3AdsC")

    def test_a_symbol_without_a_usr_is_refused_not_keyed_by_the_empty_string(self):
        # Two symbols keyed "" would be one: the merge of the iOS graphs would drop the second, and
        # the test kit's graph would lose any symbol the facade's matched by "".
        for identifier in ({"precise": ""}, {"precise": "  "}, {"interfaceLanguage": "swift"}, None):
            with self.subTest(identifier=identifier):
                symbol = {"pathComponents": ["VideoAds", "load()"]}
                if identifier is not None:
                    symbol["identifier"] = identifier
                with self.assertRaises(docs.SymbolGraphError) as raised:
                    docs.usr(symbol)
                self.assertIn("VideoAds.load()", str(raised.exception))


class SampleSourceTests(unittest.TestCase):
    def test_missing_imports_are_added_and_the_code_wrapped(self):
        source = docs.sample_source("try await ads.format(.pause)", "ios", "final class P {}", "(ads: VideoAds) async throws")
        self.assertEqual(source, "import UIKit\nimport Foundation\nimport KontextVideo\nfinal class P {}\n"
                                 "@MainActor func sample(ads: VideoAds) async throws {\ntry await ads.format(.pause)\n}\n")

    def test_imports_the_sample_has_are_not_repeated_and_comments_do_not_count(self):
        source = docs.sample_source("import KontextVideoTesting\n// import UIKit\nlet x = 1", "linux")
        self.assertEqual(source, "import Foundation\nimport KontextVideoTesting\n// import UIKit\nlet x = 1\n")


if __name__ == "__main__":
    unittest.main()
