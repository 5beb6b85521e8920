"""The Markdown the tools read: fenced code blocks with the `<!-- check: … -->` comment that says
how `Scripts/build-docs` checks a Swift sample."""
from __future__ import annotations

from dataclasses import dataclass


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
