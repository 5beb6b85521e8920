"""Unit tests of Scripts/apple-typecheck's availability rules (stdlib only).

Run: `cd Scripts && python3 -m unittest tests.test_apple_typecheck`.
The stub lines are shaped like those of Tools/AppleSDKStubs; the last test reads the real stubs.
"""

import importlib.machinery
import importlib.util
import os
import sys
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
REPO = os.path.dirname(SCRIPTS)


def load_script():
    loader = importlib.machinery.SourceFileLoader("apple_typecheck", os.path.join(SCRIPTS, "apple-typecheck"))
    spec = importlib.util.spec_from_loader("apple_typecheck", loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules["apple_typecheck"] = module  # dataclasses look their module up while it loads
    loader.exec_module(module)
    return module


atc = load_script()

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


class RewriteAvailabilityTests(unittest.TestCase):
    def rewrite(self, text, platform, floor=(16, 0), extension=False, **kwargs):
        out = atc.rewrite_availability_text(text, platform, floor, extension, **kwargs)
        self.assertEqual(len(out.split("\n")), len(text.split("\n")), "line numbers must stay")
        return out

    def test_shared_is_available_to_apps_on_every_platform(self):
        for platform, floor in (("ios", (16, 0)), ("tvos", (16, 0)), ("visionos", (1, 0))):
            self.assertEqual(attributes(self.rewrite(SHARED, platform, floor)), [], platform)

    def test_shared_is_unavailable_in_app_extensions(self):
        for platform, floor in (("ios", (16, 0)), ("tvos", (16, 0)), ("visionos", (1, 0))):
            name = atc.PLATFORMS[platform]
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
        self.assertEqual(atc.inherited_version((16, 4), "ios", "visionos"), (1, 0))
        self.assertEqual(atc.inherited_version((17, 2), "ios", "visionos"), (1, 2))
        self.assertEqual(atc.inherited_version((18, 0), "ios", "visionos"), (2, 0))
        self.assertEqual(atc.inherited_version((26, 0), "ios", "visionos"), (26, 0))
        self.assertEqual(atc.inherited_version((18, 0), "ios", "ios"), (18, 0))
        out = self.rewrite("@available(iOS 18.0, tvOS 18.0, *)\nfunc h()", "visionos", (1, 0))
        self.assertIn("introduced in visionOS 2.0; the floor is visionOS 1.0", out)
        self.assertIn(atc.AVAILABILITY_MARKER, out)

    def test_existing_platforms_behave_as_before(self):
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

    def test_sdk_sources_keep_their_version_attributes(self):
        text = "@available(iOS 17.0, *)\n@available(iOSApplicationExtension, unavailable)\nfunc appOnly()"
        self.assertEqual(self.rewrite(text, "ios", unavailable_only=True), text,
                         "an app pass leaves version attributes for guard_map")
        self.assertEqual(attributes(self.rewrite(text, "ios", extension=True, unavailable_only=True)),
                         ['@available(*, unavailable, message: "unavailable in application extensions for iOS")'])


class GuardTests(unittest.TestCase):
    def test_ios_guard_covers_visionos(self):
        text = "func f() {\n    if #available(iOS 17.0, *) {\n        use()\n    }\n}\n"
        guards = atc.guard_map(text)
        self.assertEqual(guards(3, 9).get("ios"), (17, 0))
        self.assertEqual(guards(3, 9).get("visionos"), (1, 0))

    def test_stdlib_entry_without_visionos_takes_ios(self):
        self.assertEqual(atc.stdlib_introduced({"introduced": {"ios": "18.0"}}, "visionos"), (2, 0))
        self.assertEqual(atc.stdlib_introduced({"introduced": {"ios": "18.0", "visionos": "2.1"}}, "visionos"), (2, 1))
        self.assertIsNone(atc.stdlib_introduced({"introduced": {"ios": "18.0"}}, "macos"))


class AppOnlyTests(unittest.TestCase):
    WARNING = atc.Diagnostic(
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

    def test_the_audio_session_setters_are_marked(self):
        stub = open(os.path.join(REPO, "Tools", "AppleSDKStubs", "AVFoundation", "AVAudioSession.swift"), encoding="utf-8").read()
        for setter in ("open func setCategory(", "open func setActive("):
            before = stub[:stub.index(setter)].rstrip().split("\n")[-1]
            self.assertIn(atc.APP_ONLY_MARKER, before, setter)


class RealStubsTests(unittest.TestCase):
    """The stubs as committed: every attribute parses, and the facts the SDK's visionOS and
    app-extension code paths rest on are there."""

    def stub(self, *path):
        with open(os.path.join(REPO, "Tools", "AppleSDKStubs", *path), encoding="utf-8") as f:
            return f.read()

    def test_every_attribute_parses(self):
        for root, _, files in os.walk(os.path.join(REPO, "Tools", "AppleSDKStubs")):
            for name in files:
                if not name.endswith(".swift"):
                    continue
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    for number, line in enumerate(f, start=1):
                        m = atc.ATTR_LINE_RE.match(line.rstrip("\n"))
                        if not m:
                            continue
                        parsed = atc.parse_attribute(atc.split_args(m.group("args")))
                        if parsed is not None:
                            self.assertTrue(parsed, f"{name}:{number}: an attribute of no platform this script knows: {line.strip()}")

    def test_visionos_and_extension_facts(self):
        uikit = self.stub("UIKit", "UIApplication.swift")
        visionos = atc.rewrite_availability_text(uikit, "visionos", (1, 0))
        ios_extension = atc.rewrite_availability_text(uikit, "ios", (16, 0), True)

        def attribute_before(text, declaration):
            lines = text.split("\n")
            index = next(i for i, line in enumerate(lines) if declaration in line)
            above = [line.strip() for line in lines[max(0, index - 8):index] if line.strip().startswith("@available")]
            return above[-1] if above else None

        self.assertIn("unavailable on visionOS", attribute_before(visionos, "open var screen: UIScreen"))
        self.assertIn("unavailable on visionOS", attribute_before(visionos, "open class UIScreen"))
        self.assertIn("application extensions", attribute_before(ios_extension, "open class var shared: UIApplication"))
        self.assertIn("application extensions", attribute_before(ios_extension, "open func open(_ url: URL"))
        self.assertIsNone(attribute_before(atc.rewrite_availability_text(uikit, "ios", (16, 0)),
                                           "open class var shared: UIApplication"))


if __name__ == "__main__":
    unittest.main()
