"""The Markdown the tools read: tables (CONTRIBUTING.md's module table) and fenced code blocks
with the `<!-- check: … -->` comment that says how `Scripts/build-docs` checks a Swift sample."""
from __future__ import annotations

from dataclasses import dataclass


def split_row(line: str) -> list[str]:
    """The cells of a table row, split at the pipes outside code spans and not escaped (`\\|`)."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not text.endswith("\\|"):
        text = text[:-1]
    cells, current, in_code, i = [], [], False, 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] == "|":
            current.append("|")
            i += 2
            continue
        if c == "`":
            in_code = not in_code
        if c == "|" and not in_code:
            cells.append("".join(current).strip())
            current = []
        else:
            current.append(c)
        i += 1
    cells.append("".join(current).strip())
    return cells


def _is_separator(cells: list[str]) -> bool:
    return bool(cells) and all(c and set(c) <= set(":-") and "-" in c for c in cells)


def tables(markdown: str) -> list[tuple[list[str], list[list[str]]]]:
    """Every table: (header cells, rows of cells)."""
    found = []
    lines = markdown.splitlines()
    i = 0
    in_fence = None
    while i < len(lines):
        fence = fence_marker(lines[i])
        if fence and (in_fence is None or fence.startswith(in_fence)):
            in_fence = None if in_fence else fence
            i += 1
            continue
        if in_fence is None and lines[i].lstrip().startswith("|") and i + 1 < len(lines) \
                and _is_separator(split_row(lines[i + 1])):
            header = split_row(lines[i])
            rows = []
            j = i + 2
            while j < len(lines) and lines[j].lstrip().startswith("|"):
                rows.append(split_row(lines[j]))
                j += 1
            found.append((header, rows))
            i = j
            continue
        i += 1
    return found


def table_rows(markdown: str, header_starts: tuple[str, ...]) -> list[dict[str, str]]:
    """The rows of the first table whose header begins with `header_starts` (case-insensitive),
    each as header -> cell; `ValueError` when there is no such table."""
    wanted = [h.lower() for h in header_starts]
    for header, rows in tables(markdown):
        names = [h.lower() for h in header]
        if names[:len(wanted)] == wanted:
            return [dict(zip(names, row + [""] * (len(names) - len(row)))) for row in rows]
    raise ValueError(f"no table with the columns {', '.join(header_starts)}")


# -- fenced code and their check comments ---------------------------------------------------------

def fence_marker(line: str) -> str | None:
    """The fence a line opens or closes (```` ``` ```` or `~~~`, up to three spaces in), or None."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3:
        return None
    for character in "`~":
        if stripped.startswith(character * 3):
            count = len(stripped) - len(stripped.lstrip(character))
            return character * count
    return None


@dataclass
class CodeBlock:
    language: str  # the first word of the info string: "swift"
    line: int  # 1-based line of the opening fence
    code: str
    check: str | None  # the text of a `<!-- check: … -->` right before it (blank lines between allowed)
    check_line: int = 0


def code_blocks(markdown: str) -> list[CodeBlock]:
    """Every fenced code block, with the `<!-- check: … -->` comment right before it, if any."""
    lines = markdown.split("\n")
    blocks: list[CodeBlock] = []
    pending: tuple[str, int] | None = None  # a check comment not yet followed by a fence
    i = 0
    while i < len(lines):
        line = lines[i]
        fence = fence_marker(line)
        if fence:
            info = line.strip()[len(fence):].strip()
            language = info.split()[0] if info else ""
            j = i + 1
            while j < len(lines):
                closing = fence_marker(lines[j])
                if closing and closing.startswith(fence) and not lines[j].strip()[len(closing):].strip():
                    break
                j += 1
            blocks.append(CodeBlock(language, i + 1, "\n".join(lines[i + 1:j]),
                                    pending[0] if pending else None, pending[1] if pending else 0))
            pending = None
            i = j + 1
            continue
        stripped = line.strip()
        if stripped.startswith("<!--") and stripped[4:].lstrip().startswith("check:"):
            start = i
            text = line[line.index("<!--") + 4:]
            while "-->" not in text and i + 1 < len(lines):
                i += 1
                text += "\n" + lines[i]
            body = text[:text.index("-->")] if "-->" in text else text
            pending = (body.lstrip()[len("check:"):].strip(" \t"), start + 1)
            i += 1
            continue
        if stripped:
            pending = None  # a check comment applies only to the code right after it
        i += 1
    return blocks
