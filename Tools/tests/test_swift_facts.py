"""Tools/SwiftFacts, compiled and run on small pieces of Swift: tokens, imports, header comments,
and every `#if` clause evaluated per configuration, as the tools read them (`swift_facts`)."""
import textwrap
import unittest

from kontext_tools import swift_facts
from kontext_tools.apple_stubs import StubConfig, configurations
from kontext_tools.apple_typecheck import configuration_names as names, decide_conditions

CONFIGURATIONS = configurations(StubConfig(), "6.3.1", machine="aarch64")


def texts(code: str) -> list[str]:
    return [t.text for t in swift_facts.parse(code).tokens]


def states(code: str, platform: str = "ios") -> list[tuple]:
    source = swift_facts.parse(textwrap.dedent(code), CONFIGURATIONS)
    return [(s.real, s.sim, s.linux) for s in swift_facts.line_states(source, names(platform)) if not s.directive]


class TokenTests(unittest.TestCase):
    def test_comments_strings_and_regexes_are_not_code(self):
        code = '// import A\n/* /* nested */ #if */ let s = "#if os(iOS) // {"; let r = #/a+/#; let q = /b/\n'
        self.assertEqual(texts(code), ["let", "s", "=", '"#if os(iOS) // {"', ";", "let", "r", "=", "#/…/#",
                                       ";", "let", "q", "=", "#/…/#"])

    def test_multiline_and_raw_strings_hold_no_directive(self):
        source = swift_facts.parse('let a = """\n    #if os(iOS)\n    "\\(x)"\n    """\nlet b = ##"a "# \\#(y)"##\n', CONFIGURATIONS)
        self.assertEqual(source.clauses, [])
        a, b = [t for t in source.tokens if t.literal == "string"]
        self.assertEqual([[t.text for t in group] for group in a.interpolations], [["x"]])
        self.assertEqual((a.line, b.line, b.value), (1, 5, 'a "# \\#(y)'))

    def test_values_interpolations_and_positions(self):
        token = swift_facts.parse('  f("a\\n\\u{e9}", "b \\(g("c"), privacy: .public)")').tokens[4]
        self.assertEqual(swift_facts.parse('"a\\n\\u{e9}"').tokens[0].value, "a\né")
        self.assertIsNone(token.value)
        group = token.interpolations[0]
        self.assertEqual([t.text for t in group], ["g", "(", '"c"', ")", ",", "privacy", ":", ".", "public"])
        self.assertEqual((group[0].line, group[0].column), (1, 23))
        self.assertEqual([swift_facts.joined(a) for a in swift_facts.split_arguments(group)], ['g("c")', "privacy:.public"])

    def test_attributes_and_pound_names_are_one_token(self):
        self.assertEqual(texts("@available(iOS 17, *) @objc func f() { _ = #selector(f); if #available(iOS 17, *) {} }")[:9],
                         ["@available", "(", "iOS", "17", ",", "*", ")", "@objc", "func"])
        self.assertIn("#selector", texts("let s = #selector(f)"))

    def test_imports_header_and_validity(self):
        source = swift_facts.parse("// fuzz-timeout: 1\n/// two\n/* x */\n// not header\n#if canImport(A)\nimport A.B\n"
                                   "#else\n@preconcurrency import struct C.D\n#endif\nlet s = \"import E\"\n")
        self.assertEqual((source.imports, source.header, source.valid), (["A", "C"], [" fuzz-timeout: 1", "/ two"], True))
        self.assertFalse(swift_facts.parse("#if os(iOS) &&\nlet a = 1\n#endif\n").valid)


class ConditionTests(unittest.TestCase):
    def test_each_configuration_compiles_its_branch(self):
        code = """\
            #if os(iOS)
            let a = 1
            #elseif canImport(Glibc) || canImport(Musl)
            let b = 2
            #else
            let c = 3
            #endif
            """
        self.assertEqual(states(code, "ios"), [(True, True, False), (False, False, True), (False, False, False)])
        self.assertEqual(states(code, "macos"), [(False, False, False), (False, False, True), (True, True, False)])

    def test_nesting_and_conditions_over_lines(self):
        code = """\
            #if (canImport(UIKit) &&
                !os(visionOS))
            #if os(tvOS)
            let a = 1
            #elseif canImport(AdAttributionKit)
            let b = 2
            #endif
            #endif
            """
        self.assertEqual(states(code, "ios"), [(False, False, False), (True, True, False)])
        self.assertEqual(states(code, "tvos"), [(True, True, False), (False, False, False)])
        self.assertEqual(states(code, "visionos"), [(False, False, False), (False, False, False)])

    def test_what_the_device_decides_is_unknown_and_so_is_what_follows(self):
        code = """\
            #if targetEnvironment(simulator) || DEBUG || arch(x86_64)
            let a = 1
            #elseif compiler(>=6.0) && swift(>=5.9) && !compiler(>=99)
            let b = 2
            #endif
            #if arch(arm64) && _runtime(_ObjC)
            let c = 3
            #endif
            """
        self.assertEqual(states(code), [(None, False, None), (None, True, None), (None, False, False)])

    def test_what_is_known_decides_or_and_and_whatever_the_unknown_side(self):
        code = """\
            #if os(iOS) || DEBUG
            let a = 1
            #endif
            #if os(tvOS) && DEBUG
            let b = 2
            #endif
            #if !(os(tvOS) && DEBUG) && (canImport(Glibc) || os(iOS))
            let c = 3
            #endif
            #if DEBUG || os(tvOS)
            let d = 4
            #endif
            """
        self.assertEqual(states(code), [(True, True, None), (False, False, False), (True, True, True), (None, False, None)])

    def test_can_import_on_the_device_in_the_stubs_and_on_linux(self):
        code = "#if canImport(CoreLocation)\nlet a = 1\n#endif\n#if canImport(FoundationNetworking)\nlet b = 2\n#endif\n" \
               "#if canImport(SomethingUnknown)\nlet c = 3\n#endif\n#if canImport(Darwin)\nlet d = 4\n#endif\n"
        self.assertEqual(states(code), [(True, False, False), (False, False, True), (None, False, None), (True, True, False)])

    def test_the_compiled_file_has_each_condition_decided_and_every_byte_in_place(self):
        code = "#if os(iOS) // é\nlet a = 1\n#else\nlet b = 2\n#endif\n"
        compiled = decide_conditions(swift_facts.parse(code, CONFIGURATIONS), "ios")
        self.assertEqual(compiled, "#if true" + " " * 9 + "\nlet a = 1\n#else\nlet b = 2\n#endif\n")
        self.assertEqual(len(compiled.encode()), len(code.encode()))

    def test_a_syntax_error_is_refused(self):
        with self.assertRaises(swift_facts.FactsError):
            swift_facts.line_states(swift_facts.parse("#if os(iOS) ||\n#endif\n", CONFIGURATIONS), names("ios"))


if __name__ == "__main__":
    unittest.main()
