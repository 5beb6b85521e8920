"""Swift source as the toolchain's own parser reads it: `Tools/SwiftFacts/main.swift` (SwiftParser
and SwiftIfConfig, the libraries in the toolchain's `usr/lib/swift/host`), compiled here with
swiftc into `.build/swift-facts/` the first time and again when its source or the compiler
changes, prints each file's facts as JSON: its tokens (comments aside; a string or regex literal
is one token with its value and its interpolations' tokens), its imports, its leading `//`
comments, and every `#if` clause with its lines, its `name(argument)` calls, and whether each
named configuration compiles it (three-valued: None is "on some devices, not on others").

A `#if` inside a string is no directive, `import` in a comment no import, a `{` in an
interpolation opens no scope: the parser knows, so the tools never read Swift with a regular
expression, nor with a lexer of their own."""
from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .repo import ROOT

SOURCE = ROOT / "Tools" / "SwiftFacts" / "main.swift"
OPENING = {"(": ")", "[": "]", "{": "}"}


class FactsError(RuntimeError):
    """The tool could not be built or run, or a file does not parse."""


@dataclass(frozen=True, slots=True)
class Token:
    text: str  # a literal's whole source; `@name` and `#name` are one token
    line: int
    column: int  # 1-based, in UTF-8 bytes as the compiler counts
    start: int  # UTF-8 offsets in the file
    end: int
    literal: str = ""  # "string" or "regex"
    value: str | None = None  # a string literal's value; None with interpolations
    interpolations: tuple = ()  # each interpolation's tokens

    @property
    def name(self) -> str:
        """An identifier without its backticks (`` `default` `` is `default`)."""
        return self.text[1:-1] if len(self.text) >= 2 and self.text[0] == "`" == self.text[-1] else self.text

    def is_identifier(self, *names: str) -> bool:
        return not self.literal and self.text in names

    def is_punctuation(self, text: str) -> bool:
        return not self.literal and self.text == text


def _token(raw: list) -> Token:
    if len(raw) == 5:
        return Token(*raw)
    text, line, column, start, end, literal = raw[:6]
    value = raw[6] if len(raw) > 6 else None
    inner = tuple(tuple(_token(t) for t in group) for group in (raw[7] if len(raw) > 7 else []))
    return Token(text, line, column, start, end, literal, value, inner)


class SwiftFile:
    """One file's text and facts."""

    def __init__(self, text: str, facts: dict, path: str | Path | None = None):
        self.text, self.path = text, path
        self.tokens = [_token(t) for t in facts["tokens"]]
        self.imports: list[str] = [module for module, _ in facts["imports"]]
        self.import_lines: list[tuple[str, int]] = [tuple(i) for i in facts["imports"]]
        self.header: list[str] = facts["header"]
        self.clauses: list[dict] = facts["clauses"]
        self.valid: bool = facts["valid"]

    @property
    def line_count(self) -> int:
        """The number of lines, a final newline ending the last one rather than opening another."""
        lines = self.text.split("\n")
        return len(lines) - 1 if self.text.endswith("\n") else len(lines)


@functools.cache
def tool() -> Path:
    """The compiled tool, built when its source or the compiler changed."""
    swiftc = shutil.which("swiftc") or "swiftc"
    host = Path(swiftc).resolve().parent.parent / "lib" / "swift" / "host"
    version = subprocess.run([swiftc, "--version"], capture_output=True, text=True).stdout
    digest = hashlib.sha256(SOURCE.read_bytes() + version.encode()).hexdigest()[:16]
    binary = ROOT / ".build" / "swift-facts" / digest / "swift-facts"
    if binary.exists():
        return binary
    binary.parent.mkdir(parents=True, exist_ok=True)
    partial = binary.with_name(f"swift-facts.{os.getpid()}")
    libraries = [f"-lSwift{name}" for name in ("Parser", "Syntax", "IfConfig", "Diagnostics", "Operators")]
    result = subprocess.run([swiftc, "-O", "-swift-version", "6", "-I", str(host), "-L", str(host), *libraries,
                             "-Xlinker", "-rpath", "-Xlinker", str(host), str(SOURCE), "-o", str(partial)],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise FactsError(f"swiftc could not build {SOURCE.relative_to(ROOT)}:\n{result.stdout}{result.stderr}")
    partial.replace(binary)  # atomic: another run may be building the same
    return binary


def read(paths: list[Path], configurations: dict | None = None) -> dict[Path, SwiftFile]:
    """The facts of every file, each `#if` clause evaluated in each configuration."""
    found: dict[Path, SwiftFile] = {}
    paths = list(dict.fromkeys(paths))
    for first in range(0, len(paths), 500):
        batch = paths[first:first + 500]
        result = subprocess.run([str(tool()), json.dumps(configurations or {}), *map(str, batch)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise FactsError(f"swift-facts failed: {result.stderr.strip()}")
        facts = json.loads(result.stdout)
        for path in batch:
            found[path] = SwiftFile(path.read_text(encoding="utf-8"), facts[str(path)], path)
    return found


def parse_texts(texts: list[str], configurations: dict | None = None) -> list[SwiftFile]:
    """The facts of pieces of Swift that are not files (samples, tests), in one run of the tool."""
    with tempfile.TemporaryDirectory() as directory:
        paths = [Path(directory) / f"{i}.swift" for i in range(len(texts))]
        for path, text in zip(paths, texts):
            path.write_text(text, encoding="utf-8")
        files = read(paths, configurations)
    for path in paths:
        files[path].path = None
    return [files[path] for path in paths]


def parse(text: str, configurations: dict | None = None) -> SwiftFile:
    return parse_texts([text], configurations)[0]


# -- sequences of tokens ----------------------------------------------------------------------------

def closing_index(tokens: list[Token], index: int) -> int:
    """`tokens[index]` is `(`, `[` or `{`: the index of the token that closes it (or the last index)."""
    depth = 0
    for j in range(index, len(tokens)):
        if tokens[j].literal:
            continue
        if tokens[j].text in OPENING:
            depth += 1
        elif tokens[j].text in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def split_arguments(tokens: list[Token]) -> list[list[Token]]:
    """The tokens inside a pair of parentheses, split at the commas between arguments."""
    arguments: list[list[Token]] = [[]]
    depth = 0
    for t in tokens:
        if not t.literal and t.text in OPENING:
            depth += 1
        elif not t.literal and t.text in (")", "]", "}"):
            depth -= 1
        if depth == 0 and t.is_punctuation(","):
            arguments.append([])
        else:
            arguments[-1].append(t)
    return [a for a in arguments if a]


def joined(tokens: list[Token]) -> str:
    """Token texts joined without spaces (`16` `.` `4` is `16.4`)."""
    return "".join(t.text for t in tokens)


def matches_at(tokens: list[Token], index: int, sequence: list[str]) -> bool:
    """The tokens from `index` on have the texts of `sequence`."""
    return index + len(sequence) <= len(tokens) and all(tokens[index + k].text == s for k, s in enumerate(sequence))


# -- conditional compilation ----------------------------------------------------------------------

@dataclass
class LineState:
    """Whether a line is compiled in each configuration (True, False, None: it depends)."""
    states: dict
    directive: bool
    condition: str  # the conditions of the clauses around it, for the report

    def __getattr__(self, name: str):
        try:
            return self.__dict__["states"][name]
        except KeyError:
            raise AttributeError(name) from None


def both(a, b):
    """Three-valued `and`."""
    return False if (a is False or b is False) else (True if (a is True and b is True) else None)


def line_states(source: SwiftFile, names: dict[str, str]) -> list[LineState]:
    """Each line (index 0 is line 1) and whether each configuration compiles it; `names` maps the
    names the caller reads (`real`) to configurations the facts were read with (`real-ios`)."""
    if not source.valid:
        raise FactsError(f"{source.path or '<text>'}: the Swift parser reports a syntax error")
    count = max([source.line_count] + [c["endif"] for c in source.clauses])
    result = [LineState({name: True for name in names}, False, "") for _ in range(count)]
    for clause in source.clauses:  # outer clauses come before those inside them
        text = clause["condition"] or "!(earlier branches)"
        for line in range(clause["conditionEnd"] + 1, clause["end"] + 1):
            state = result[line - 1]
            for name, configuration in names.items():
                state.states[name] = both(state.states[name], clause["active"][configuration])
            state.condition = f"{state.condition} && {text}" if state.condition else text
        for line in [*range(clause["line"], clause["conditionEnd"] + 1), clause["endif"]]:
            result[line - 1] = LineState({name: None for name in names}, True, "")
    return result
