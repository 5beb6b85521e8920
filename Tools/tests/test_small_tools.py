"""The pure parts of the smaller programs: the DevTools framing, the browser tests' bridge script
and message bodies, api-guard's reading of swift-api-digester dumps, sdk-size's reading of nm."""
import json
import sys
import unittest

from kontext_tools import api_guard, browser_tests, devtools, sandbox, sdk_size


class DevToolsTests(unittest.TestCase):
    def test_messages_end_with_nul_and_may_arrive_in_pieces(self):
        first, rest = devtools.split_messages(b'{"id":1,"result":{}}\x00{"method":"Page.load')
        self.assertEqual((first, rest), ([{"id": 1, "result": {}}], b'{"method":"Page.load'))
        second, rest = devtools.split_messages(rest + b'EventFired"}\x00\x00')
        self.assertEqual((second, rest), ([{"method": "Page.loadEventFired"}], b""))

    def test_a_message_that_is_not_json_is_an_error(self):
        with self.assertRaises(json.JSONDecodeError):
            devtools.split_messages(b"not json\x00")

    def test_the_chromium_given_comes_first(self):
        self.assertEqual(devtools.find_chromium(sys.executable), sys.executable)


class BrowserTestsTests(unittest.TestCase):
    def test_the_bridge_script_is_the_resource_called_as_the_sdk_calls_it(self):
        source = browser_tests.bridge_source("http://127.0.0.1:9", "// comment\n(function (config) {\n})\n\n", {"handler": "h"})
        self.assertEqual(source, '// comment\n(function (config) {\n})\n({"handler":"h","origin":"http://127.0.0.1:9"});\n')

    def test_the_committed_resource_is_one_function(self):
        text = browser_tests.BRIDGE_SCRIPT.read_text(encoding="utf-8").strip()
        self.assertIn("\n(function (config) {\n", text)
        self.assertTrue(text.endswith("\n})"))
        self.assertEqual(json.loads(browser_tests.bridge_source("http://x").rsplit("\n(", 1)[1][:-3])["origin"], "http://x")

    def test_bodies_as_the_bridge_forwards_them(self):
        self.assertEqual(browser_tests.body("click-iframe", {"area": "cta"}, 2), '{"type":"click-iframe","data":{"area":"cta"},"tap":2}')
        self.assertEqual(browser_tests.with_tap('{"type":"click-iframe","tap":1}', 5), '{"type":"click-iframe","tap":5}')

    def test_contexts_and_frames(self):
        context = browser_tests.context_for("overlay", False, 320, 50)
        self.assertEqual(context["close"], [276, 0, 44, 44], "the ✕'s 44 pt target")
        self.assertEqual(context["closeGlyph"], [284, 8, 28, 28])
        with self.assertRaises(browser_tests.Failure):
            browser_tests.context_for("overlay", False, 1, 1)
        box = {"x": 0, "y": 0, "width": 10, "height": 10}
        self.assertTrue(browser_tests.intersects(box, (9, 9, 5, 5)))
        self.assertFalse(browser_tests.intersects(box, (10, 0, 5, 5)))


class SandboxTests(unittest.TestCase):
    def test_the_base_url_from_the_first_line(self):
        self.assertEqual(sandbox.base_url("Kontext sandbox ad server listening on http://127.0.0.1:8080"), "http://127.0.0.1:8080")
        self.assertIsNone(sandbox.base_url("error: port 8080 is busy"))

    def test_a_preload_as_the_sdk_sends_it(self):
        body = sandbox.preload_body("pause", "smoke")
        self.assertEqual((body["format"], body["publisherToken"], body["app"]["bundleId"]), ("pause", "acme-dev", "so.kontext.smoke"))
        self.assertEqual(set(body), {"publisherToken", "format", "playhead", "content", "sdk", "app", "device", "installId", "requestId"})


class ApiGuardTests(unittest.TestCase):
    DUMP = {"ABIRoot": {"kind": "Root", "children": [
        {"kind": "Import", "name": "KontextVideoModels", "declAttributes": ["Exported"]},
        {"kind": "Import", "name": "Foundation"},
        {"kind": "TypeDecl", "name": "A", "usr": "s:A", "children": [
            {"kind": "Function", "name": "f", "usr": "s:A.f"},
            {"kind": "Function", "name": "internalOnly", "usr": "s:A.g", "isInternal": True},
        ]},
        {"kind": "TypeAlias", "name": "Clock", "usr": "s:Clock", "children": [
            {"kind": "TypeNominal", "printedName": "KontextVideoTestSupport.TestClock"}]},
    ]}}

    def test_public_only_drops_package_declarations_and_plain_imports(self):
        reduced = api_guard.public_only(self.DUMP["ABIRoot"])
        self.assertEqual([c["name"] for c in reduced["children"]], ["KontextVideoModels", "A", "Clock"])
        self.assertEqual([c["name"] for c in reduced["children"][1]["children"]], ["f"])

    def test_what_a_module_exposes(self):
        targets = {"KontextVideoModels", "KontextVideoTestSupport"}
        self.assertEqual(api_guard.re_exports(self.DUMP, targets), ["KontextVideoModels"])
        self.assertEqual(api_guard.aliased_modules(self.DUMP["ABIRoot"], targets), {"KontextVideoTestSupport"})
        self.assertEqual(api_guard.declarations(self.DUMP["ABIRoot"]), {"s:A", "s:A.f", "s:A.g", "s:Clock"})


class SdkSizeTests(unittest.TestCase):
    def test_the_module_of_a_symbol_from_its_mangling(self):
        self.assertEqual(sdk_size.module_of_symbol("$s12KontextVideo7VideoAdC4loadyyYaKF"), "KontextVideo")
        self.assertEqual(sdk_size.module_of_symbol("_$s16KontextVideoVAST6ParserV"), "KontextVideoVAST")
        self.assertEqual(sdk_size.module_of_symbol("$s10Foundation4DataV"), "(other)")
        self.assertEqual(sdk_size.module_of_symbol("main"), "(other)")
        self.assertEqual(sdk_size.module_of_symbol("$sSS"), "(other)")

    def test_sizes_and_unwind_tables(self):
        nm = "0000000000001000 0000000000000010 T $s12KontextVideo1fyyF\n0000000000002000 0000000000000100 t main\nshort line\n"
        self.assertEqual(sdk_size.sizes_by_module(nm), {"KontextVideo": 16, "(other)": 256})
        size = "section size addr\n.text 5000 0\n.eh_frame 1000 0\n.eh_frame_hdr 24 0\n"
        self.assertEqual(sdk_size.unwind_bytes(size), 1024)


if __name__ == "__main__":
    unittest.main()
