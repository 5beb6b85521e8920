"""Unit tests of Scripts/check-doc-comments.py's reading of a doc comment (stdlib only).

Run: `cd Scripts && python3 -m unittest`.
"""

import importlib.machinery
import importlib.util
import pathlib
import unittest

SCRIPTS = pathlib.Path(__file__).resolve().parent.parent
_loader = importlib.machinery.SourceFileLoader("check_doc_comments", str(SCRIPTS / "check-doc-comments.py"))
_spec = importlib.util.spec_from_loader("check_doc_comments", _loader)
checker = importlib.util.module_from_spec(_spec)
_loader.exec_module(checker)


class ParseDocTests(unittest.TestCase):
    def test_a_parameters_list_names_each_item(self):
        doc = ["/// Creates it.", "/// - Parameters:", "///   - id: The id.", "///   - vendor: The vendor.", "/// - Returns: It."]
        self.assertEqual(checker.parse_doc(doc), (["id", "vendor"], False, True))

    def test_a_parameter_named_parameters_is_an_item_not_a_new_list(self):
        doc = ["/// - Parameters:", "///   - vendor: `vendor`.", "///   - parameters: `<VerificationParameters>`.",
               "///   - tracksNotExecuted: Whether it tracks.", "/// - Throws: Never."]
        self.assertEqual(checker.parse_doc(doc), (["vendor", "parameters", "tracksNotExecuted"], True, False))

    def test_a_single_parameter_line(self):
        self.assertEqual(checker.parse_doc(["/// - Parameter url: Where."]), (["url"], False, False))


if __name__ == "__main__":
    unittest.main()
