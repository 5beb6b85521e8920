#!/usr/bin/env python3
"""Every public and package declaration of the SDK has a doc comment; public functions document
their parameters, what they throw and what they return. The program is Tools/kontext_tools/doc_comments.py."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "Tools"))
from kontext_tools.doc_comments import main  # noqa: E402

sys.exit(main())
