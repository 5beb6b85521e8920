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


class SnippetRuleTests(unittest.TestCase):
    """The rules every snippet keeps (`docs.snippet_problems`), read from the Swift tokens."""

    def lines(self, code: str) -> list[int]:
        return [line for line, _ in docs.snippet_problems(textwrap.dedent(code))]

    def test_destroy_in_view_did_disappear_needs_the_leaving_guard(self):
        unguarded = """\
            final class Episode: UIViewController {
                override func viewDidDisappear(_ animated: Bool) {
                    super.viewDidDisappear(animated)
                    ads?.destroy()
                }
            }
            """
        self.assertEqual(self.lines(unguarded), [4])
        for guard in ("guard isBeingDismissed || isMovingFromParent else { return }",
                      "guard isMovingFromParent || isBeingDismissed else { return }",
                      "if isBeingDismissed {"):
            with self.subTest(guard=guard):
                closing = "\n        }" if guard.startswith("if") else ""
                code = unguarded.replace("        ads?.destroy()", f"        {guard}\n        ads?.destroy(){closing}")
                self.assertEqual(self.lines(code), [])

    def test_the_guard_must_come_before_the_call_and_other_methods_do_not_count(self):
        self.assertEqual(self.lines("""\
            override func viewDidDisappear(_ animated: Bool) {
                ads.destroy()
                if isBeingDismissed { print("gone") }
            }
            """), [2])
        self.assertEqual(self.lines("""\
            func episodeEnds() { ads.destroy() }
            override func viewWillDisappear(_ animated: Bool) { ads.destroy() }
            // override func viewDidDisappear(_ animated: Bool) { ads.destroy() }
            let text = "func viewDidDisappear() { ads.destroy() }"
            """), [], "only the body of a real viewDidDisappear counts, not comments or strings")

    def test_a_host_view_made_in_the_show_call_is_refused(self):
        self.assertEqual(self.lines("try ad.show(in: HeadlessView())"), [1])
        self.assertEqual(self.lines("try ad.show(in: .init(size: s))"), [1])
        self.assertEqual(self.lines("try ad.show(in: UIView(frame: .zero), insets: .zero)"), [1])
        self.assertEqual(self.lines("""\
            let host = HeadlessView()
            try ad.show(in: host)
            try ad.show(in: playerView, insets: UIEdgeInsets(top: 0, left: 0, bottom: 80, right: 0))
            try ad.show(in: self.view)
            try host.show(ad)
            """), [])

    def test_doc_comment_blocks_are_read_with_their_lines(self):
        swift = textwrap.dedent("""\
            import Foundation
            /// Releases the ads.
            ///
            /// ```swift
            /// override func viewDidDisappear(_ animated: Bool) {
            ///     ads.destroy()
            /// }
            /// ```
            public func destroy() {}
            // ```swift
            """)
        self.assertEqual(docs.doc_comment_blocks(swift),
                         [(4, "override func viewDidDisappear(_ animated: Bool) {\n    ads.destroy()\n}")])

    def test_the_repository_keeps_the_rules(self):
        # The guide, README.md, CONTRIBUTING.md and every doc comment: what build-docs refuses.
        self.assertEqual(docs.snippet_rule_problems(), [])


if __name__ == "__main__":
    unittest.main()
