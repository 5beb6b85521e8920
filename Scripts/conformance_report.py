#!/usr/bin/env python3
"""The conformance gate's report: catalogue x the suite's event stream -> clause verdicts.
The program is Tools/kontext_tools/conformance.py."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tools"))
from kontext_tools.conformance import main  # noqa: E402

sys.exit(main())
