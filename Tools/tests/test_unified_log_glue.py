"""The unified log's glue: each part of a line written with the privacy it was cut by."""
import unittest

from kontext_tools.repo import ROOT
from kontext_tools import swift_facts
from kontext_tools.unified_log_glue import check, messages, problems, sources

GLUE = ROOT / "Modules" / "KontextVideoModels" / "Sources" / "Events" / "KontextVideoConsole+Apple.swift"
RIGHT = 'logger.log(level: .error, "\\(line.text(.public), privacy: .public) \\(line.text(.private), privacy: .private)")'


class UnifiedLogGlueTests(unittest.TestCase):
    def test_the_sdk_writes_each_part_with_its_own_privacy(self):
        self.assertIn(GLUE, sources())
        self.assertEqual(len(messages(swift_facts.read([GLUE])[GLUE])), 1, "the glue's one message, read")
        self.assertEqual(check(), [])

    def test_the_right_pairing_passes(self):
        self.assertEqual(problems(RIGHT), [])
        self.assertEqual(problems('print("\\(a) \\(b)")'), [], "no privacy: not a message to the unified log")

    def test_a_swapped_literal_fails(self):
        swapped = RIGHT.replace("privacy: .public", "privacy: .X").replace("privacy: .private", "privacy: .public") \
            .replace("privacy: .X", "privacy: .private")
        self.assertEqual(problems(swapped), ["<source>:1:30: writes `text(.public)` with `privacy: .private`",
                                             "<source>:1:71: writes `text(.private)` with `privacy: .public`"])
        both_public = RIGHT.replace("privacy: .private", "privacy: .public")
        self.assertIn("<source>:1:70: writes `text(.private)` with `privacy: .public`", problems(both_public))
        self.assertIn("<source>:1:27: the `.private` part is written 0 times, not once", problems(both_public))

    def test_anything_but_a_part_with_a_literal_privacy_fails(self):
        self.assertEqual(problems('l.log("\\(line.text(.public), privacy: .public) \\(secret)")'),
                         ["<source>:1:50: an interpolation without `privacy:` in a message to the unified log",
                          "<source>:1:7: the `.private` part is written 0 times, not once"])
        self.assertIn("<source>:1:10: writes something other than a `UnifiedLogLine` part (`line.text(.public)`)",
                      problems('l.log("\\(line.privateText, privacy: .public) \\(line.text(.private), privacy: .private)")'))
        self.assertIn("<source>:1:10: `privacy:` is not `.public` or `.private`",
                      problems('l.log("\\(line.text(.public), privacy: p) \\(line.text(.private), privacy: .private)")'))


if __name__ == "__main__":
    unittest.main()
