#!/usr/bin/env python3
"""Every public or package declaration in Modules/*/Sources has a doc comment (`///`).

Enum cases and members of a public type are declarations too. Attributes (`@MainActor`,
`@available`, `@discardableResult`) may stand between the comment and the declaration.
Exits 1 and lists the places when any is missing.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
decl = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:nonisolated\s+)?(public|package|open)\b(?!\s+import)")
missing = []
for path in sorted(root.glob("Modules/*/Sources/**/*.swift")):
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        if not decl.match(line):
            continue
        # Attributes (`@MainActor`, `@discardableResult`) may stand between the comment and the declaration.
        j = index - 1
        while j >= 0 and lines[j].strip().startswith("@"):
            j -= 1
        if j >= 0 and lines[j].strip().startswith("///"):
            continue
        missing.append(f"{path.relative_to(root)}:{index + 1}: {line.strip()}")
if missing:
    print(f"{len(missing)} public/package declarations without a doc comment:")
    print("\n".join(missing))
    sys.exit(1)
print("doc comments: every public and package declaration has one")
