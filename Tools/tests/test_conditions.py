"""`#if` conditions: parsing, three-valued evaluation per configuration, line activity, and the
rewriting of platform conditions into flags."""
import textwrap
import unittest

from kontext_tools.conditions import (Atom, Binary, ConditionError, Env, Not, line_states, parse_condition,
                                      rewrite_conditions)
from kontext_tools.swift_lexer import tokenize
from kontext_tools.swift_source import SwiftSource

STUBBED = {"UIKit", "WebKit", "Darwin", "AVFoundation"}
KNOWN = STUBBED | {"AppKit", "SwiftUI"}


def envs(platform="ios", defined=frozenset()):
    return {"real": Env("real", platform, STUBBED, {"SwiftUI"}, set(), KNOWN, machine="x86_64"),
            "sim": Env("sim", platform, STUBBED, set(), defined, machine="x86_64"),
            "linux": Env("linux", None, STUBBED, set(), set(), machine="x86_64")}


def value(text, env):
    return env.evaluate(parse_condition(tokenize(text)))


class ParseTests(unittest.TestCase):
    def test_precedence_and_grouping(self):
        tree = parse_condition(tokenize("a || !b && (c || d)"))
        self.assertIsInstance(tree, Binary)
        self.assertEqual(tree.operator, "||")
        self.assertEqual(tree.left, Atom("a", None, tree.left.first, tree.left.last))
        self.assertIsInstance(tree.right.left, Not)

    def test_calls_keep_their_arguments(self):
        tree = parse_condition(tokenize("canImport(UIKit, _version: 2.1) && swift(>=6.0)"))
        self.assertEqual(tree.left.arguments, ("UIKit", "_version:2.1"))
        self.assertEqual(tree.right.arguments, (">=6.0",))

    def test_operators_written_together_are_split(self):
        self.assertIs(value("true &&!false", Env("linux", None)), True)

    def test_malformed_conditions_are_refused(self):
        for text in ("", "a &&", "(a || b", "a b", "os(iOS) ||| x", ")"):
            with self.subTest(text=text), self.assertRaises(ConditionError):
                parse_condition(tokenize(text))

    def test_a_malformed_directive_is_named_by_its_place(self):
        with self.assertRaises(ConditionError) as raised:
            line_states(SwiftSource("let a = 1\n#if os(iOS) &&\n#endif\n", "F.swift"), envs())
        self.assertTrue(str(raised.exception).startswith("F.swift:2: "), str(raised.exception))


class EvaluateTests(unittest.TestCase):
    def test_three_valued_logic(self):
        real = envs()["real"]
        self.assertIsNone(value("DEBUG", real), "a custom flag depends on the build")
        self.assertIs(value("DEBUG || true", real), True)
        self.assertIs(value("DEBUG && false", real), False)
        self.assertIsNone(value("!DEBUG", real))
        self.assertIsNone(value("DEBUG && os(iOS)", real))

    def test_platforms(self):
        e = envs("tvos")
        self.assertIs(value("os(tvOS)", e["real"]), True)
        self.assertIs(value("os(iOS)", e["real"]), False)
        self.assertIs(value("os(Linux)", e["linux"]), True)
        self.assertIs(value("os(OSX)", envs("macos")["real"]), True)

    def test_can_import(self):
        e = envs()
        self.assertIs(value("canImport(UIKit)", e["real"]), True)
        self.assertIs(value("canImport(SwiftUI)", e["real"]), True, "unmodelled: exists on the device")
        self.assertIs(value("canImport(AppKit)", e["real"]), False, "known, not on this platform")
        self.assertIs(value("canImport(FoundationNetworking)", e["real"]), False)
        self.assertIs(value("canImport(FoundationNetworking)", e["linux"]), True)
        self.assertIs(value("canImport(UIKit)", e["linux"]), False)
        self.assertIs(value("canImport(SwiftUI)", e["sim"]), False, "no stub: the sim compile cannot import it")
        self.assertIsNone(value("canImport(SomethingElse)", e["real"]))

    def test_target_environment_depends_on_the_device_and_is_false_on_linux(self):
        e = envs()
        for environment in ("simulator", "macCatalyst"):
            with self.subTest(environment=environment):
                self.assertIsNone(value(f"targetEnvironment({environment})", e["real"]),
                                  "an iOS build is a device's or a simulator's (or Mac Catalyst's)")
                self.assertIs(value(f"targetEnvironment({environment})", e["sim"]), False)
                self.assertIs(value(f"targetEnvironment({environment})", e["linux"]), False)
        self.assertIs(value("!targetEnvironment(simulator)", e["linux"]), True)

    def test_arch_depends_on_the_device_and_is_the_machine_on_linux(self):
        e = envs()
        for architecture in ("arm64", "x86_64"):
            with self.subTest(architecture=architecture):
                self.assertIsNone(value(f"arch({architecture})", e["real"]), "an arm64 device or a simulator on either")
        for name in ("sim", "linux"):
            with self.subTest(configuration=name):
                self.assertIs(value("arch(x86_64)", e[name]), True)
                self.assertIs(value("arch(arm64)", e[name]), False)

    def test_arch_names_the_machine_as_swift_does(self):
        arm = Env("linux", None, machine="aarch64")
        self.assertIs(value("arch(arm64)", arm), True, "Swift calls AArch64 arm64 on Linux too")
        self.assertIs(value("arch(aarch64)", arm), False)
        self.assertIs(value("arch(x86_64)", Env("sim", "ios", machine="amd64")), True)

    def test_runtime_is_objc_on_the_device_and_native_on_linux(self):
        e = envs()
        self.assertIs(value("_runtime(_ObjC)", e["real"]), True)
        self.assertIs(value("_runtime(_Native)", e["real"]), False)
        for name in ("sim", "linux"):
            with self.subTest(configuration=name):
                self.assertIs(value("_runtime(_ObjC)", e[name]), False)
                self.assertIs(value("_runtime(_Native)", e[name]), True)

    def test_wrong_answers_are_caught(self):
        # A deliberately wrong reading: the sim compile with the iOS flag undefined is not iOS.
        self.assertIs(value("_O_IOS_", envs(defined=set())["sim"]), False)
        self.assertIs(value("_O_IOS_", envs(defined={"_O_IOS_"})["sim"]), True)


class LineStatesTests(unittest.TestCase):
    SOURCE = textwrap.dedent("""\
        let everywhere = 1
        #if canImport(UIKit)
        let uikit = 1
        #elseif os(macOS)
        let mac = 1
        #else
        let other = 1
        #endif
        let s = \"\"\"
        #if os(Linux)
        \"\"\"
        """)

    def test_each_configuration_compiles_its_branch(self):
        source = SwiftSource(self.SOURCE)
        states = line_states(source, envs())
        by_line = {i + 1: (s.real, s.sim, s.linux, s.directive) for i, s in enumerate(states)}
        self.assertEqual(by_line[1], (True, True, True, False))
        self.assertEqual(by_line[2][3], True)
        self.assertEqual(by_line[3], (True, True, False, False))
        self.assertEqual(by_line[5], (False, False, False, False))
        self.assertEqual(by_line[7], (False, False, True, False))
        self.assertEqual(by_line[10], (True, True, True, False), "a #if inside a string is text")
        self.assertEqual(states[2].condition, "canImport(UIKit)")

    def test_a_branch_after_an_unknown_one_is_unknown(self):
        source = SwiftSource("#if DEBUG\na\n#else\nb\n#endif\n")
        states = line_states(source, envs())
        self.assertIsNone(states[1].real)
        self.assertIsNone(states[3].real)


class RewriteTests(unittest.TestCase):
    def test_platform_atoms_become_flags_of_the_same_length(self):
        text = "#if os(iOS) || os(tvOS) // os(macOS) here is a comment\nlet a = 1\n#elseif canImport(FoundationNetworking)\n#endif\n"
        rewritten, defined = rewrite_conditions(SwiftSource(text), "ios")
        lines = rewritten.split("\n")
        self.assertEqual(lines[0], "#if _O_IOS_ || _O_TVOS_ // os(macOS) here is a comment")
        self.assertEqual(defined, {"_O_IOS_"})
        self.assertEqual(len(lines[2]), len(text.split("\n")[2]))
        self.assertTrue(lines[2].startswith("#elseif _NO_FOUNDATIONNETWORKING"))
        self.assertEqual(lines[1], "let a = 1")

    def test_other_atoms_and_code_stay(self):
        text = "#if canImport(UIKit) && DEBUG\nlet x = os(1)\n#endif\n"
        rewritten, defined = rewrite_conditions(SwiftSource(text), "tvos")
        self.assertEqual(rewritten, text)
        self.assertEqual(defined, set())


if __name__ == "__main__":
    unittest.main()
