"""Scripts/apple-typecheck's rules: the availability rewriter, the guards, the standard-library
scan, the app-only marker, which modules are in scope, and the committed stubs and table.

The stub lines are shaped like those of Tools/AppleSDKStubs; the last tests read the real ones.
"""
import json
import tempfile
import textwrap
import unittest
from pathlib import Path

from kontext_tools import apple_typecheck as atc
from kontext_tools import swift_facts
from kontext_tools.availability import (AVAILABILITY_MARKER, PLATFORMS, AvailabilityError, _attribute_runs, guard_map,
                                        inherited_version, parse_attribute, rewrite_availability, stdlib_introduced)
from kontext_tools.repo import ROOT
from kontext_tools.swiftc import Diagnostic

STUBS = ROOT / "Tools" / "AppleSDKStubs"

SHARED = textwrap.dedent("""\
    // doc: /documentation/UIKit/UIApplication/shared
    @available(visionOS 1.0, *)
    @available(iOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    @available(tvOSApplicationExtension, unavailable, message: "Use view controller based solutions where appropriate instead.")
    open class var shared: UIApplication { fatalError() }""")

SCREEN = textwrap.dedent("""\
    // doc: /documentation/UIKit/UIScreen
    @available(iOS 2.0, tvOS 9.0, *)
    @available(visionOS, unavailable)
    @MainActor open class UIScreen: NSObject {}""")


def attributes(text):
    """The non-blank `@available` lines of a rewritten text."""
    return [line.strip() for line in text.split("\n") if line.strip().startswith("@available")]


def rewrite(text, platform, floor=(16, 0), extension=False, **options):
    return rewrite_availability(swift_facts.parse(text), platform, floor, extension, **options)


class RewriteAvailabilityTests(unittest.TestCase):
    def rewrite(self, text, platform, floor=(16, 0), extension=False, **options):
        out = rewrite(text, platform, floor, extension, **options)
        self.assertEqual(len(out.split("\n")), len(text.split("\n")), "line numbers must stay")
        return out

    def test_shared_is_available_to_apps_on_every_platform(self):
        for platform, floor in (("ios", (16, 0)), ("tvos", (16, 0)), ("visionos", (1, 0))):
            self.assertEqual(attributes(self.rewrite(SHARED, platform, floor)), [], platform)

    def test_shared_is_unavailable_in_app_extensions(self):
        for platform, floor in (("ios", (16, 0)), ("tvos", (16, 0)), ("visionos", (1, 0))):
            name = PLATFORMS[platform]
            self.assertEqual(attributes(self.rewrite(SHARED, platform, floor, extension=True)),
                             [f'@available(*, unavailable, message: "unavailable in application extensions for {name}")'])

    def test_tvos_app_extensions_do_not_inherit_ios_app_extension_attributes(self):
        only_ios = "@available(iOSApplicationExtension, unavailable)\nfunc f()"
        self.assertEqual(attributes(self.rewrite(only_ios, "tvos", extension=True)), [])
        self.assertEqual(len(attributes(self.rewrite(only_ios, "visionos", (1, 0), extension=True))), 1,
                         "visionOS app extensions inherit iOS app extensions' attributes")

    def test_visionos_own_attribute_wins_over_ios(self):
        self.assertEqual(attributes(self.rewrite(SCREEN, "visionos", (1, 0))),
                         ['@available(*, unavailable, message: "unavailable on visionOS")'])
        self.assertEqual(attributes(self.rewrite(SCREEN, "ios")), [])
        self.assertEqual(attributes(self.rewrite(SCREEN, "tvos")), [])

    def test_visionos_inherits_ios_attributes_when_it_has_none(self):
        text = "@available(iOS, unavailable)\n@available(tvOS 11.0, *)\ncase blurOverFullScreen = 8"
        self.assertEqual(attributes(self.rewrite(text, "visionos", (1, 0))),
                         ['@available(*, unavailable, message: "unavailable on visionOS")'])
        self.assertEqual(attributes(self.rewrite("@available(iOS 13.0, tvOS 13.0, *)\nfunc g()", "visionos", (1, 0))), [],
                         "before iOS 17: available since visionOS 1.0")

    def test_ios_versions_map_to_visionos_versions(self):
        self.assertEqual(inherited_version((16, 4), "ios", "visionos"), (1, 0))
        self.assertEqual(inherited_version((17, 2), "ios", "visionos"), (1, 2))
        self.assertEqual(inherited_version((18, 0), "ios", "visionos"), (2, 0))
        self.assertEqual(inherited_version((26, 0), "ios", "visionos"), (26, 0))
        self.assertEqual(inherited_version((18, 0), "ios", "ios"), (18, 0))
        out = self.rewrite("@available(iOS 18.0, tvOS 18.0, *)\nfunc h()", "visionos", (1, 0))
        self.assertIn("introduced in visionOS 2.0; the floor is visionOS 1.0", out)
        self.assertIn(AVAILABILITY_MARKER, out)

    def test_labelled_and_platform_independent_attributes(self):
        text = textwrap.dedent("""\
            @available(iOS, introduced: 3.0, deprecated: 27.0, message: "Attempt to open the URL.")
            @available(tvOS, introduced: 9.0, deprecated: 27.0, message: "Attempt to open the URL.")
            nonisolated open func canOpenURL(_ url: URL) -> Bool { fatalError() }
            @available(iOS 7.0, *)
            @available(tvOS, unavailable)
            open var prefersStatusBarHidden: Bool { fatalError() }
            @available(*, unavailable)
            required init?(coder: NSCoder) { nil }""")
        ios = attributes(self.rewrite(text, "ios"))
        self.assertEqual(ios, ['@available(*, deprecated, message: "deprecated in iOS 27.0: Attempt to open the URL.")',
                               "@available(*, unavailable)"])
        tvos = attributes(self.rewrite(text, "tvos"))
        self.assertEqual(tvos[1], '@available(*, unavailable, message: "unavailable on tvOS")')
        self.assertEqual(tvos[2], "@available(*, unavailable)", "platform-independent attributes stay")

    def test_obsoleted_is_unavailable_whatever_the_floor(self):
        text = '@available(iOS, introduced: 2.0, obsoleted: 13.0, message: "Use scenes.")\nfunc old()'
        unavailable = ['@available(*, unavailable, message: "obsoleted in iOS 13.0")']
        self.assertEqual(attributes(self.rewrite(text, "ios")), unavailable, "obsoleted before the floor")
        self.assertEqual(attributes(self.rewrite(text, "ios", (12, 0))), unavailable,
                         "obsoleted after the floor: the SDK also runs on the versions without it")
        self.assertEqual(attributes(self.rewrite(text, "ios", (12, 0), extension=True)), unavailable)
        self.assertEqual(attributes(self.rewrite(text, "tvos")), [], "another platform's attribute")
        self.assertEqual(attributes(self.rewrite(text, "visionos", (1, 0))),
                         ['@available(*, unavailable, message: "obsoleted in visionOS 1.0")'],
                         "iOS 13 is before visionOS began: obsoleted from its first release")

    def test_deprecated_at_any_version_and_without_one(self):
        below_floor = "@available(iOS, introduced: 2.0, deprecated: 13.0)\nfunc f()"
        self.assertEqual(attributes(self.rewrite(below_floor, "ios")),
                         ['@available(*, deprecated, message: "deprecated in iOS 13.0")'],
                         "deprecated before the floor is still deprecated (it is not an introduction)")
        self.assertEqual(attributes(self.rewrite(below_floor, "tvos")), [])
        bare = '@available(iOS, deprecated, message: "Use g().")\n@available(tvOS, introduced: 9.0)\nfunc f()'
        self.assertEqual(attributes(self.rewrite(bare, "ios")),
                         ['@available(*, deprecated, message: "deprecated on iOS: Use g().")'])
        self.assertEqual(attributes(self.rewrite(bare, "tvos")), [])
        both = "@available(iOS, introduced: 17.0, deprecated: 18.0)\nfunc f()"
        self.assertEqual(attributes(self.rewrite(both, "ios")),
                         [f'@available(*, deprecated, message: "{AVAILABILITY_MARKER}: introduced in iOS 17.0; '
                          'the floor is iOS 16.0: deprecated in iOS 18.0")'])
        inherited = "@available(iOS, introduced: 2.0, deprecated: 18.0)\nfunc f()"
        self.assertEqual(attributes(self.rewrite(inherited, "visionos", (1, 0))),
                         ['@available(*, deprecated, message: "deprecated in visionOS 2.0")'],
                         "visionOS reads iOS 18 as visionOS 2")

    def test_attributes_in_comments_and_strings_are_left_alone(self):
        text = '// @available(iOS 99.0, *)\nlet s = "@available(tvOS, unavailable)"\n@available(iOS 17.0, *)\nfunc f()'
        out = self.rewrite(text, "ios")
        self.assertEqual(out.split("\n")[:2], text.split("\n")[:2])
        self.assertIn("introduced in iOS 17.0", out.split("\n")[2])

    def test_attributes_on_the_declarations_line(self):
        out = self.rewrite("@available(tvOS, unavailable) @MainActor func f() {}\nfunc g() {}", "tvos")
        self.assertEqual(out.split("\n"), ['@available(*, unavailable, message: "unavailable on tvOS") @MainActor func f() {}',
                                           "func g() {}"])

    def test_sdk_sources_keep_their_version_attributes(self):
        text = "@available(iOS 17.0, *)\n@available(iOSApplicationExtension, unavailable)\nfunc appOnly()"
        self.assertEqual(self.rewrite(text, "ios", unavailable_only=True), text,
                         "an app pass leaves version attributes for guard_map")
        self.assertEqual(attributes(self.rewrite(text, "ios", extension=True, unavailable_only=True)),
                         ['@available(*, unavailable, message: "unavailable in application extensions for iOS")'])

    def test_an_unknown_platform_fails_loudly_with_its_place(self):
        with self.assertRaises(AvailabilityError) as raised:
            rewrite_availability(swift_facts.parse("func a()\n@available(iSO 17.0, *)\nfunc f()"), "ios", (16, 0))
        self.assertIn("<text>:2:1", str(raised.exception))
        self.assertIn("iSO", str(raised.exception))


class GuardTests(unittest.TestCase):
    def test_if_available_covers_its_block_and_ios_covers_visionos(self):
        text = "func f() {\n    if #available(iOS 17.0, *) {\n        use()\n    }\n    after()\n}\n"
        guards = guard_map(swift_facts.parse(text))
        self.assertEqual(guards(3, 9).get("ios"), (17, 0))
        self.assertEqual(guards(3, 9).get("visionos"), (1, 0))
        self.assertEqual(guards(5, 5), {}, "not after the block")

    def test_guard_available_covers_the_rest_of_its_scope(self):
        text = "func f() {\n    guard #available(iOS 17.0, *) else { return }\n    use()\n}\nfunc g() {\n    other()\n}\n"
        guards = guard_map(swift_facts.parse(text))
        self.assertEqual(guards(2, 45), {}, "the else block is not guarded")
        self.assertEqual(guards(3, 5).get("ios"), (17, 0))
        self.assertEqual(guards(6, 5), {})

    def test_available_declaration_covers_its_body(self):
        text = '@available(iOS 18.0, *)\nfunc f() {\n    let s = "{"\n    use()\n}\nfunc g() { }\n'
        guards = guard_map(swift_facts.parse(text))
        self.assertEqual(guards(4, 5).get("ios"), (18, 0), "a brace in a string opens nothing")
        self.assertEqual(guards(6, 10), {})

    def test_nested_guards_keep_the_highest_version(self):
        text = textwrap.dedent("""\
            @available(iOS 17.0, *)
            func f() {
                if #available(iOS 16.0, tvOS 16.0, *) {
                    use()
                }
            }
            func g() {
                if #available(iOS 15.0, *) {
                    if #available(iOS 18.0, *) {
                        use()
                    }
                    guard #available(iOS 14.0, *) else { return }
                    after()
                }
            }
            """)
        guards = guard_map(swift_facts.parse(text))
        self.assertEqual(guards(4, 9), {"ios": (17, 0), "visionos": (1, 0), "tvos": (16, 0)},
                         "a lower inner guard does not lower the declaration's; a new platform is added")
        self.assertEqual(guards(10, 13), {"ios": (18, 0), "visionos": (2, 0)})
        self.assertEqual(guards(13, 9), {"ios": (15, 0), "visionos": (1, 0)}, "a lower guard statement lowers nothing")

    def test_stdlib_entry_without_visionos_takes_ios(self):
        self.assertEqual(stdlib_introduced({"introduced": {"ios": "18.0"}}, "visionos"), (2, 0))
        self.assertEqual(stdlib_introduced({"introduced": {"ios": "18.0", "visionos": "2.1"}}, "visionos"), (2, 1))
        self.assertIsNone(stdlib_introduced({"introduced": {"ios": "18.0"}}, "macos"))


class ScanTests(unittest.TestCase):
    def test_token_sequences_however_spaced_and_never_in_comments_or_strings(self):
        source = swift_facts.parse('try await Task . sleep(\n    for: .seconds(1))\n// Task.sleep(for: x)\nlet s = "Task.sleep(for:"\n'
                             'let r = #/a+/#\n')
        sleep = atc.token_uses(source, [["Task", ".", "sleep", "(", "for", ":"]])
        self.assertEqual([source.tokens[i].line for i in sleep], [1])
        self.assertEqual([source.tokens[i].line for i in atc.token_uses(source, [["#/…/#"]])], [5])
        self.assertEqual(atc.token_uses(source, [["Task", ".", "sleep", "(", "until", ":"]]), [])

    def test_the_table_needs_token_sequences(self):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "table.json"
            path.write_text(json.dumps({"symbols": [{"symbol": "Duration", "pattern": "\\bDuration\\b", "introduced": {}}]}))
            with self.assertRaises(SystemExit) as raised:
                atc.load_stdlib_table(path)
            self.assertIn("needs `tokens`", str(raised.exception))
            path.write_text(json.dumps({"symbols": [{"symbol": "Duration", "tokens": ["Duration"], "introduced": {}}]}))
            with self.assertRaises(SystemExit):
                atc.load_stdlib_table(path)

    def test_a_use_is_reported_where_the_platform_compiles_it_and_is_older_than_the_api(self):
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "A.swift"
            path.write_text("#if os(iOS)\nfunc f() { withObservationTracking { } onChange: { } }\n#endif\n")
            checker = atc.Checker(ROOT, STUBS, Path(directory), 1, False)
            for platform, floor, hits in (("ios", (16, 0), 1), ("ios", (17, 0), 0), ("macos", (13, 0), 0)):
                report = atc.PlatformReport(platform, floor)
                checker.scan_newer_api(platform, floor, {"M": atc.Module("M", Path(directory), [], [path])}, ["M"], report)
                self.assertEqual(len(report.scan_hits), hits, (platform, floor))

    def test_the_committed_table_reads(self):
        entries = atc.load_stdlib_table(STUBS / "stdlib-availability.json")
        self.assertTrue(any(e["symbol"] == "Duration" and e["tokens"] == [["Duration"]] for e in entries))
        for e in entries:
            self.assertTrue(e["doc"].startswith("/documentation/"), e["symbol"])


class ScopeTests(unittest.TestCase):
    def test_apple_code(self):
        self.assertTrue(atc.has_apple_code(swift_facts.parse("#if canImport(UIKit)\n#endif"), "A.swift"))
        self.assertTrue(atc.has_apple_code(swift_facts.parse("#if os(visionOS) || DEBUG\n#endif"), "A.swift"))
        self.assertTrue(atc.has_apple_code(swift_facts.parse(""), "View+Apple.swift"))
        self.assertFalse(atc.has_apple_code(swift_facts.parse("#if canImport(Darwin)\n#elseif canImport(Glibc)\n#endif"), "A.swift"))
        self.assertFalse(atc.has_apple_code(swift_facts.parse('let s = """\n#if os(iOS)\n"""'), "A.swift"))

    def test_scope_is_the_seeds_and_their_dependencies_in_order(self):
        with tempfile.TemporaryDirectory() as directory:
            root = Path(directory)
            for name, text in (("A", "let a = 1"), ("B", "let b = 1"), ("C", "#if os(iOS)\n#endif"), ("D", "let d = 1")):
                (root / name).mkdir()
                (root / name / f"{name}.swift").write_text(text)
            modules = {"A": atc.Module("A", root / "A", []), "B": atc.Module("B", root / "B", ["A"]),
                       "C": atc.Module("C", root / "C", ["B"]), "D": atc.Module("D", root / "D", ["A"])}
            for m in modules.values():
                m.sources = sorted(m.path.glob("*.swift"))
            files = swift_facts.read([s for m in modules.values() for s in m.sources])
            self.assertEqual(atc.modules_in_scope(modules, files), ["A", "B", "C"])

    def test_objc_interop(self):
        self.assertTrue(atc.uses_objc(swift_facts.parse("@objc func f() {}")))
        self.assertTrue(atc.uses_objc(swift_facts.parse("let s = #selector(f)")))
        self.assertTrue(atc.uses_objc(swift_facts.parse("dynamic var x = 1")))
        self.assertFalse(atc.uses_objc(swift_facts.parse('// @objc\nlet s = "#selector(f)"\nlet dynamic = 1')))


class ExampleAppTests(unittest.TestCase):
    FRAMEWORKS = {"UIKit", "SwiftUI", "AVKit", "AVFoundation"}

    def example(self, directory, name, text, platforms=None):
        root = Path(directory) / name
        root.mkdir()
        (root / "App.swift").write_text(text)
        return atc.Module(name, root, [], [root / "App.swift"], [], "app", platforms=platforms)

    def test_every_committed_example_app_is_found(self):
        found = [m.name for m in atc.example_apps(ROOT, ["KontextVideo"])]
        self.assertEqual(found, ["KontextVideoExampleApp", "KontextVideoSwiftUIExampleApp"])
        swiftui = atc.example_apps(ROOT, ["KontextVideo"])[1]
        self.assertEqual((swiftui.kind, swiftui.deps, swiftui.platforms), ("app", ["KontextVideo"], ("ios", "tvos", "visionos")))

    def test_an_app_is_not_built_as_an_extension_nor_where_its_frameworks_are_missing(self):
        with tempfile.TemporaryDirectory() as directory:
            uikit = self.example(directory, "UIKitApp", "import UIKit")
            ios = self.FRAMEWORKS
            macos = self.FRAMEWORKS - {"UIKit"}
            self.assertIsNone(atc.example_skip_reason(uikit, "ios", False, ios, self.FRAMEWORKS))
            self.assertIn("app extension", atc.example_skip_reason(uikit, "ios", True, ios, self.FRAMEWORKS))
            self.assertIn("imports UIKit, which it lacks", atc.example_skip_reason(uikit, "macos", False, macos, self.FRAMEWORKS))

    def test_an_app_for_some_platforms_is_built_on_those_only(self):
        with tempfile.TemporaryDirectory() as directory:
            swiftui = self.example(directory, "SwiftUIApp", "import SwiftUI\nimport AVKit", platforms=("ios", "tvos"))
            macos = self.FRAMEWORKS - {"UIKit"}
            self.assertIsNone(atc.example_skip_reason(swiftui, "tvos", False, self.FRAMEWORKS, self.FRAMEWORKS))
            self.assertEqual(atc.example_skip_reason(swiftui, "macos", False, macos, self.FRAMEWORKS),
                             "not built for macOS (an app for iOS, tvOS only)")


class AppleLinesTests(unittest.TestCase):
    SOURCE = textwrap.dedent("""\
        let portable = 1
        #if canImport(UIKit)
        let uikit = 1
        let more = 2
        #endif
        #if canImport(SwiftUI)
        let swiftUI = 1
        #endif
        #if os(Linux)
        let linux = 1
        #endif
        """)

    CONFIGURATIONS = {  # UIKit stubbed, SwiftUI on the device without a stub
        "real-ios": {"os": "iOS", "modules": ["UIKit", "SwiftUI"], "absent": [], "runtime": "_ObjC", "compiler": "6.3"},
        "sim-ios": {"os": "iOS", "modules": ["UIKit"], "flags": [], "arch": "x86_64", "environments": [], "runtime": "_Native",
                    "compiler": "6.3"},
        "linux": {"os": "Linux", "modules": [], "absent": ["UIKit", "SwiftUI"], "runtime": "_Native", "compiler": "6.3"}}

    def envs(self):
        return atc.configuration_names("ios")

    def source(self, text):
        return swift_facts.parse(text, self.CONFIGURATIONS)

    def test_compiled_and_uncompiled_apple_lines(self):
        stats, unchecked, sim_only = {"files": 0, "regions": 0}, [], []
        atc.count_apple_lines(self.source(self.SOURCE), "M/A.swift", self.envs(), False, stats, unchecked, sim_only)
        self.assertEqual(stats, {"files": 0, "regions": 2}, "the UIKit region compiles here")
        self.assertEqual(unchecked, [["M/A.swift", 7, 7, "canImport(SwiftUI)", 1]], "SwiftUI has no stub")
        self.assertEqual(sim_only, [])

    def test_the_files_this_pass_indexes_are_those_it_compiles_beyond_linux(self):
        # The index of an Apple pass holds only the files with a line Linux does not compile.
        self.assertTrue(atc.compiles_beyond_linux(self.source(self.SOURCE), self.envs()), "the UIKit region")
        self.assertFalse(atc.compiles_beyond_linux(self.source("let a = 1\n#if os(Linux)\nlet b = 2\n#endif\n"), self.envs()))
        self.assertFalse(atc.compiles_beyond_linux(self.source("#if canImport(SwiftUI)\nlet c = 1\n#endif\n"), self.envs()),
                         "SwiftUI has no stub: not compiled here either")

    def test_a_whole_apple_file_counts_every_line(self):
        stats, unchecked, sim_only = {"files": 0, "regions": 0}, [], []
        atc.count_apple_lines(self.source("let a = 1\nlet b = 2\n"), "M/View+Apple.swift", self.envs(), False, stats, unchecked, sim_only)
        self.assertEqual(stats, {"files": 2, "regions": 0})


class AppOnlyTests(unittest.TestCase):
    WARNING = Diagnostic(
        "Modules/KontextVideo/Sources/Audio.swift", 3, 5, "warning",
        "'setCategory(_:mode:options:)' is deprecated: KONTEXT-APP-ONLY: the SDK never changes the app's audio "
        "session; the app sets its category [#DeprecatedDeclaration]")

    def test_sdk_code_may_not_call_it(self):
        error = atc.app_only_use(self.WARNING, in_app=False)
        self.assertEqual(error.kind, "error")
        self.assertEqual(error.msg, "'setCategory(_:mode:options:)' is the app's to call, not the SDK's: the SDK never "
                                    "changes the app's audio session; the app sets its category")

    def test_the_app_may(self):
        self.assertIsNone(atc.app_only_use(self.WARNING, in_app=True))

    def test_the_version_a_warning_needs(self):
        self.assertEqual(atc.needed_version("'x' is deprecated: KONTEXT-AVAILABILITY: introduced in iOS 17.0; the floor is iOS 16.0"),
                         (17, 0))
        self.assertIsNone(atc.needed_version("'x' is deprecated"))


class RealStubsTests(unittest.TestCase):
    """The stubs as committed: every attribute parses, and the facts the SDK's visionOS and
    app-extension code paths rest on are there."""

    def stub(self, *path):
        return (STUBS.joinpath(*path)).read_text(encoding="utf-8")

    def test_every_attribute_parses(self):
        count = 0
        for source in swift_facts.read(sorted(STUBS.rglob("*.swift"))).values():
            for run in _attribute_runs(source.tokens):
                for first, _, arguments in run:
                    if first.text == "@available":
                        parse_attribute(arguments)  # raises on what it cannot read
                        count += 1
        self.assertGreater(count, 100)

    def test_the_audio_session_setters_are_marked(self):
        stub = self.stub("AVFoundation", "AVAudioSession.swift")
        for setter in ("open func setCategory(", "open func setActive("):
            before = stub[:stub.index(setter)].rstrip().split("\n")[-1]
            self.assertIn(atc.APP_ONLY_MARKER, before, setter)

    def test_visionos_and_extension_facts(self):
        uikit = self.stub("UIKit", "UIApplication.swift")
        visionos = rewrite(uikit, "visionos", (1, 0))
        ios_extension = rewrite(uikit, "ios", (16, 0), True)

        def attribute_before(text, declaration):
            lines = text.split("\n")
            index = next(i for i, line in enumerate(lines) if declaration in line)
            above = [line.strip() for line in lines[max(0, index - 8):index] if line.strip().startswith("@available")]
            return above[-1] if above else None

        self.assertIn("unavailable on visionOS", attribute_before(visionos, "open var screen: UIScreen"))
        self.assertIn("unavailable on visionOS", attribute_before(visionos, "open class UIScreen"))
        self.assertIn("application extensions", attribute_before(ios_extension, "open class var shared: UIApplication"))
        self.assertIn("application extensions", attribute_before(ios_extension, "open func open(_ url: URL"))
        self.assertIsNone(attribute_before(rewrite(uikit, "ios", (16, 0)), "open class var shared: UIApplication"))


if __name__ == "__main__":
    unittest.main()
