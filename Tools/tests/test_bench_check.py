"""Scripts/bench-check: the best of several runs of `kontext-video-bench sdk`, checked against the
ceilings of thresholds.json."""
import contextlib
import io
import json
import pathlib
import tempfile
import unittest

from kontext_tools import bench_check

CEILINGS = {
    "ratios": {"format": {"max": 3.0, "measured": "1.5×"}, "show": {"max": 12}},
    "bytes": {"held ad": {"max": 2048}},
}


class CheckTests(unittest.TestCase):
    def setUp(self):
        self.directory = pathlib.Path(tempfile.mkdtemp())
        self.thresholds = self.directory / "thresholds.json"
        self.thresholds.write_text(json.dumps(CEILINGS), encoding="utf-8")
        self.ceilings = bench_check.load_thresholds(self.thresholds)

    def figures(self, name, ratios, held=1900.0):
        path = self.directory / name
        path.write_text(json.dumps({"ratios": ratios, "bytes": {"held ad": held}}), encoding="utf-8")
        return path

    def check(self, *paths):
        output = io.StringIO()
        with contextlib.redirect_stdout(output):
            status = bench_check.main(["--thresholds", str(self.thresholds), "--figures", *map(str, paths)])
        return status, output.getvalue()

    def test_figures_within_their_ceilings_pass(self):
        status, output = self.check(self.figures("a.json", {"format": 1.5, "show": 6.0}))
        self.assertEqual(status, 0, output)
        self.assertNotIn("FAILED", output)

    def test_a_figure_over_its_ceiling_fails_naming_the_call_and_its_ratio(self):
        status, output = self.check(self.figures("a.json", {"format": 3.1, "show": 6.0}))
        self.assertEqual(status, 1)
        self.assertIn("FAILED format: 3.10×, over its ceiling of 3×; 1.5× when the ceiling was set", output)
        self.assertNotIn("FAILED show", output)

    def test_a_figure_exactly_at_its_ceiling_passes(self):
        status, _ = self.check(self.figures("a.json", {"format": 3.0, "show": 12.0}, held=2048))
        self.assertEqual(status, 0)

    def test_memory_is_held_in_bytes(self):
        status, output = self.check(self.figures("a.json", {"format": 1.5, "show": 6.0}, held=2400))
        self.assertEqual(status, 1)
        self.assertIn("FAILED held ad: 2400.00 B, over its ceiling of 2048 B", output)

    def test_each_figure_is_its_best_over_the_runs(self):
        # A noisy run is outvoted figure by figure: each run alone fails, their best passes.
        first = self.figures("1.json", {"format": 4.0, "show": 6.0})
        second = self.figures("2.json", {"format": 1.6, "show": 20.0})
        self.assertEqual(self.check(first)[0], 1)
        self.assertEqual(self.check(second)[0], 1)
        self.assertEqual(self.check(first, second)[0], 0)

    def test_a_figure_not_measured_fails(self):
        status, output = self.check(self.figures("a.json", {"format": 1.5}))
        self.assertEqual(status, 1)
        self.assertIn("FAILED show: not measured", output)

    def test_nan_and_missing_values_do_not_count_as_measured(self):
        best = bench_check.best_of([{"ratios": {"format": float("nan")}}, {"ratios": {}}, {"bytes": {"held ad": 10}}])
        self.assertEqual(best, {("bytes", "held ad"): 10})

    def test_a_ceiling_without_a_number_is_refused(self):
        self.thresholds.write_text(json.dumps({"ratios": {"format": {"measured": "1.5×"}}}), encoding="utf-8")
        with self.assertRaises(ValueError):
            bench_check.load_thresholds(self.thresholds)

    def test_the_committed_thresholds_hold_every_call_the_issue_names(self):
        ceilings = bench_check.load_thresholds(bench_check.THRESHOLDS)
        for name in ["format", "load", "show", "dismiss", "reject", "destroy", "format+load wall"]:
            self.assertIn(("ratios", name), ceilings)
        self.assertIn(("bytes", "held ad"), ceilings)


if __name__ == "__main__":
    unittest.main()
