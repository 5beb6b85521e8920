"""The unified log's glue writes each part of a line with the privacy the part was cut by.

`UnifiedLogLine` (KontextVideoModels) decides, on every platform, which field of an event is
public and which private, and the Linux tests read that decision. On Apple platforms
`KontextVideoConsole+Apple.swift` hands the line to `os.Logger`, which needs each privacy as a
literal in the message's interpolation; that file is compiled only for Apple platforms, so no test
runs it. This check reads it, and every other source of the SDK, through the Swift parser: in every
string literal that gives an interpolation a `privacy:`, each interpolation must be
`<line>.text(.P), privacy: .P` with the same `P`, and `.public` and `.private` are each written
once. A swapped literal, a part written without its privacy, or a value that is not a part of a
`UnifiedLogLine` fails.
"""
from __future__ import annotations

from pathlib import Path

from .repo import ROOT
from . import swift_facts
from .swift_facts import SwiftFile, Token, split_arguments

PRIVACIES = ("public", "private")


def _member_literal(tokens: list[Token]) -> str | None:
    """`.public` -> `public`; `None` for anything else."""
    if len(tokens) == 2 and tokens[0].text == "." and not tokens[1].literal:
        return tokens[1].name
    return None


def _part(tokens: list[Token]) -> str | None:
    """`line.text(.public)` (any receiver) -> `public`; `None` when the value is not a part."""
    if len(tokens) < 7 or [t.text for t in tokens[-6:-3]] != [".", "text", "("] or not tokens[-1].is_punctuation(")"):
        return None
    return _member_literal(tokens[-3:-1])


def messages(source: SwiftFile) -> list[Token]:
    """The string literals of a file that give an interpolation a `privacy:`: messages to the unified log."""
    return [token for token in source.tokens
            if any(any(a and a[0].text == "privacy" for a in split_arguments(group)) for group in token.interpolations)]


def problems(source: SwiftFile | str, path: str = "<source>") -> list[str]:
    """What is wrong with how a file (or a text) writes privacies, one line per problem."""
    found = []
    for token in messages(swift_facts.parse(source) if isinstance(source, str) else source):
        groups = token.interpolations
        arguments = [split_arguments(group) for group in groups]
        written = []
        for group, args in zip(groups, arguments):
            where = f"{path}:{group[0].line}:{group[0].column}" if group else f"{path}:{token.line}:{token.column}"
            privacy = [a for a in args if a and a[0].text == "privacy"]
            if not privacy:
                found.append(f"{where}: an interpolation without `privacy:` in a message to the unified log")
                continue
            literal = _member_literal(privacy[0][2:]) if len(privacy[0]) >= 2 and privacy[0][1].text == ":" else None
            if literal not in PRIVACIES:
                found.append(f"{where}: `privacy:` is not `.public` or `.private`")
                continue
            part = _part(args[0])
            if part is None:
                found.append(f"{where}: writes something other than a `UnifiedLogLine` part (`line.text(.{literal})`)")
            elif part != literal:
                found.append(f"{where}: writes `text(.{part})` with `privacy: .{literal}`")
            written.append(literal)
        for privacy in PRIVACIES:
            if written.count(privacy) != 1:
                found.append(f"{path}:{token.line}:{token.column}: the `.{privacy}` part is written {written.count(privacy)} times, not once")
    return found


def sources(root: Path = ROOT) -> list[Path]:
    """Every Swift file of the modules' sources."""
    return sorted((root / "Modules").glob("*/Sources/**/*.swift"))


def check(root: Path = ROOT) -> list[str]:
    """The problems of every source of the SDK."""
    found = []
    for path, source in swift_facts.read(sources(root)).items():
        found += problems(source, str(path.relative_to(root)))
    return found
