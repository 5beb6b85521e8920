"""The Swift lexer and what the tools read from its tokens: directives, imports, attributes."""
import textwrap
import unittest

from kontext_tools.swift_lexer import (ATTRIBUTE, COMMENT, IDENTIFIER, NUMBER, OPERATOR, POUND, PUNCTUATION, REGEX, STRING,
                                       LexError, interpolations, string_value, tokenize)
from kontext_tools.swift_source import (SwiftSource, attribute_runs, header_comments, imports, matches_at,
                                        split_arguments)


def texts(source, **options):
    return [t.text for t in tokenize(source, **options)]


class LexerTests(unittest.TestCase):
    def test_comments_are_not_code(self):
        self.assertEqual(texts("a // import B\n/* import C /* nested */ still */ d"), ["a", "d"])
        self.assertEqual([t.kind for t in tokenize("// x\n/* y */", comments=True)], [COMMENT, COMMENT])

    def test_strings_are_one_token_whatever_they_hold(self):
        source = 'let s = "a \\" // not a comment", t = "{"'
        self.assertEqual(texts(source), ["let", "s", "=", '"a \\" // not a comment"', ",", "t", "=", '"{"'])

    def test_interpolation_with_nested_strings_and_parentheses(self):
        source = 'x("a \\(f("b)", (1))) c") + y'
        tokens = tokenize(source)
        self.assertEqual([t.text for t in tokens], ["x", "(", '"a \\(f("b)", (1))) c"', ")", "+", "y"])

    def test_multiline_and_raw_strings(self):
        source = textwrap.dedent('''\
            let a = """
                #if os(iOS)
                "quoted" \\(value)
                """
            let b = #"raw "\\(not interpolated)" \\#(interpolated)"#
            let c = ##"""
                "# not the end
                """##
            done''')
        tokens = tokenize(source)
        self.assertEqual([t.kind for t in tokens].count(STRING), 3)
        self.assertEqual(tokens[-1].text, "done")
        self.assertEqual(tokens[-1].line, 9)
        self.assertFalse(any(t.kind == POUND for t in tokens), "a #if inside a string is no directive")

    def test_kinds_and_positions(self):
        tokens = tokenize("@available(iOS 16.4, *)\n  #if !os(Linux) && x\n0x1.8p3 1_000 `default` $0 ...<")
        self.assertEqual([(t.kind, t.text) for t in tokens[:7]],
                         [(ATTRIBUTE, "@available"), (PUNCTUATION, "("), (IDENTIFIER, "iOS"), (NUMBER, "16.4"),
                          (PUNCTUATION, ","), (OPERATOR, "*"), (PUNCTUATION, ")")])
        pound = tokens[7]
        self.assertEqual((pound.kind, pound.text, pound.line, pound.column), (POUND, "#if", 2, 3))
        self.assertEqual([t.text for t in tokens[8:]], ["!", "os", "(", "Linux", ")", "&&", "x", "0x1.8p3", "1_000",
                                                        "`default`", "$0", "...<"])
        self.assertEqual(tokens[-3].name, "default")

    def test_member_access_is_a_dot_of_its_own(self):
        self.assertEqual(texts("Task.sleep(for: .seconds(1))"),
                         ["Task", ".", "sleep", "(", "for", ":", ".", "seconds", "(", "1", ")", ")"])

    def test_extended_regex_literal(self):
        tokens = tokenize('let r = #/a"b/#; x')
        self.assertEqual([t.kind for t in tokens], [IDENTIFIER, IDENTIFIER, OPERATOR, REGEX, PUNCTUATION, IDENTIFIER])

    def test_an_operator_stops_at_a_comment(self):
        self.assertEqual(texts("a +/* c */b"), ["a", "+", "b"])

    def test_unterminated_literals(self):
        self.assertEqual(texts('a "open\nb'), ["a", '"open', "b"])
        with self.assertRaises(LexError):
            tokenize('a "open\nb', strict=True)
        with self.assertRaises(LexError):
            tokenize("/* never closed", strict=True)

    def test_string_values(self):
        self.assertEqual(string_value(tokenize('"a\\nb\\u{41}\\"c"')[0]), 'a\nbA"c')
        self.assertEqual(string_value(tokenize('#"a\\nb"#')[0]), "a\\nb")
        self.assertIsNone(string_value(tokenize('"a\\(b)"')[0]))
        self.assertEqual(string_value(tokenize('"""\n    one\n      two\n    """')[0]), "one\n  two")
        self.assertIsNone(string_value(tokenize("x")[0]))

    def test_interpolations_and_their_positions(self):
        source = 'log("a \\(x.f(.public), privacy: .public) \\(g("\\(h)"))")'
        groups = interpolations(tokenize(source)[2])
        self.assertEqual([[t.text for t in g] for g in groups],
                         [["x", ".", "f", "(", ".", "public", ")", ",", "privacy", ":", ".", "public"],
                          ["g", "(", '"\\(h)"', ")"]])
        x = groups[0][0]
        self.assertEqual((source[x.start:x.end], x.line, x.column), ("x", 1, 10))
        self.assertEqual(interpolations(tokenize('#"a \\(b) \\#(c)"#')[0])[0][0].text, "c")
        self.assertEqual(interpolations(tokenize('"""\n  a\n  \\(b)\n  """')[0])[0][0].line, 3)
        self.assertEqual(interpolations(tokenize('"plain"')[0]), [])
        self.assertEqual(interpolations(tokenize("x")[0]), [])


class SwiftSourceTests(unittest.TestCase):
    def test_imports_in_every_branch_not_in_comments_or_strings(self):
        source = textwrap.dedent('''\
            import Foundation
            @testable import KontextVideoModels
            #if canImport(UIKit)
            @preconcurrency import UIKit
            #else
            public import struct KontextVideoScheduling.Deadline
            #endif
            // import Commented
            let text = "import Quoted"
            import Foundation.NSData''')
        self.assertEqual([i.module for i in imports(tokenize(source))],
                         ["Foundation", "KontextVideoModels", "UIKit", "KontextVideoScheduling", "Foundation"])

    def test_directives_and_conditions_over_lines(self):
        source = SwiftSource(textwrap.dedent('''\
            #if os(iOS) ||
                os(tvOS) // a comment
            let a = 1
            #elseif canImport(AppKit)
            #else
            #endif'''))
        kinds = [(d.kind, d.line, d.last_line, " ".join(t.text for t in d.condition)) for d in source.directives]
        self.assertEqual(kinds, [("if", 1, 2, "os ( iOS ) || os ( tvOS )"), ("elseif", 4, 4, "canImport ( AppKit )"),
                                 ("else", 5, 5, ""), ("endif", 6, 6, "")])

    def test_attribute_runs_take_a_declarations_attributes_together(self):
        tokens = tokenize(textwrap.dedent('''\
            @available(iOS 13.0, *)
            // a comment between
            @MainActor @available(tvOS, unavailable)
            open class A {}
            @Sendable func f(_ g: @MainActor () -> Void) {}'''))
        runs = attribute_runs(tokens)
        self.assertEqual([[a.name for a in run] for run in runs], [["available", "MainActor", "available"], ["Sendable"], ["MainActor"]])
        self.assertEqual([[t.text for t in argument] for argument in runs[0][0].arguments], [["iOS", "13.0"], ["*"]])
        self.assertEqual(runs[2][0].arguments, [], "a space before ( makes it a function type, not arguments")

    def test_arguments_split_only_at_top_level_commas(self):
        tokens = tokenize("a, f(b, c), [d, e]")
        self.assertEqual([" ".join(t.text for t in a) for a in split_arguments(tokens)], ["a", "f ( b , c )", "[ d , e ]"])

    def test_header_comments_and_sequences(self):
        self.assertEqual(header_comments("// fuzz-modules: A\n//fuzz-timeout: 1\n\nimport A\n// later"),
                         [" fuzz-modules: A", "fuzz-timeout: 1"])
        tokens = tokenize("Task . sleep(\n for: x)")
        self.assertTrue(matches_at(tokens, 0, ["Task", ".", "sleep", "(", "for", ":"]))
        self.assertFalse(matches_at(tokens, 0, ["Task", ".", "sleep", "(", "until", ":"]))


if __name__ == "__main__":
    unittest.main()
