"""What the tools read from a Swift file, from its tokens (`swift_lexer`): conditional-compilation
directives and their conditions, import declarations, attributes and their arguments, the
comment header of a file, and sequences of tokens."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .swift_lexer import ATTRIBUTE, COMMENT, IDENTIFIER, OPERATOR, POUND, PUNCTUATION, Token, tokenize

OPENING = {"(": ")", "[": "]", "{": "}"}
IMPORT_KINDS = ("struct", "class", "enum", "protocol", "typealias", "func", "let", "var")


class SwiftSource:
    """One file's text and its tokens (without comments), read once."""

    def __init__(self, text: str, path: str | Path | None = None):
        self.text = text
        self.path = path
        self.tokens = tokenize(text)
        self._directives: list[Directive] | None = None

    @classmethod
    def read(cls, path: Path) -> "SwiftSource":
        return cls(path.read_text(encoding="utf-8"), path)

    @property
    def directives(self) -> list["Directive"]:
        if self._directives is None:
            self._directives = directives(self.tokens)
        return self._directives

    @property
    def line_count(self) -> int:
        """The number of lines, a final newline ending the last one rather than opening another."""
        lines = self.text.split("\n")
        return len(lines) - 1 if self.text.endswith("\n") else len(lines)


# -- balanced groups and arguments ----------------------------------------------------------------

def closing_index(tokens: list[Token], index: int) -> int:
    """`tokens[index]` is `(`, `[` or `{`: the index of the token that closes it (or the last index
    when it is never closed)."""
    depth = 0
    for j in range(index, len(tokens)):
        t = tokens[j]
        if t.kind != PUNCTUATION:
            continue
        if t.text in OPENING:
            depth += 1
        elif t.text in (")", "]", "}"):
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def split_arguments(tokens: list[Token]) -> list[list[Token]]:
    """The tokens inside a pair of parentheses, split at the commas between arguments."""
    arguments: list[list[Token]] = [[]]
    depth = 0
    for t in tokens:
        if t.kind == PUNCTUATION and t.text in OPENING:
            depth += 1
        elif t.kind == PUNCTUATION and t.text in (")", "]", "}"):
            depth -= 1
        if depth == 0 and t.is_punctuation(","):
            arguments.append([])
        else:
            arguments[-1].append(t)
    return [a for a in arguments if a]


def joined(tokens: list[Token]) -> str:
    """Token texts joined without spaces (`16` `.` `4` is `16.4`; `>=` `5.9` is `>=5.9`)."""
    return "".join(t.text for t in tokens)


def matches_at(tokens: list[Token], index: int, sequence: list[str]) -> bool:
    """The tokens from `index` on have the texts of `sequence`."""
    if index + len(sequence) > len(tokens):
        return False
    return all(tokens[index + k].text == text for k, text in enumerate(sequence))


# -- conditional compilation ---------------------------------------------------------------------

DIRECTIVE_KINDS = {"#if": "if", "#elseif": "elseif", "#else": "else", "#endif": "endif"}


@dataclass
class Directive:
    kind: str  # "if", "elseif", "else", "endif"
    token: Token
    condition: list[Token] = field(default_factory=list)  # empty for `#else` and `#endif`
    last_line: int = 0  # a condition may go on over the next lines

    @property
    def line(self) -> int:
        return self.token.line


def _continues(condition: list[Token], depth: int) -> bool:
    """Whether a condition read so far goes on past the end of its line: inside parentheses, or
    after a binary or prefix operator."""
    if depth > 0:
        return True
    last = condition[-1] if condition else None
    return last is not None and last.kind == OPERATOR and last.text.endswith(("&&", "||", "!"))


def directives(tokens: list[Token]) -> list[Directive]:
    """The `#if`/`#elseif`/`#else`/`#endif` directives, in order, each with its condition's tokens."""
    found: list[Directive] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        kind = DIRECTIVE_KINDS.get(t.text) if t.kind == POUND else None
        if kind is None:
            i += 1
            continue
        directive = Directive(kind, t, last_line=t.line)
        i += 1
        if kind in ("if", "elseif"):
            depth = 0
            while i < len(tokens):
                nxt = tokens[i]
                if nxt.line != directive.last_line and not _continues(directive.condition, depth):
                    break
                if nxt.kind == POUND and nxt.text in DIRECTIVE_KINDS:
                    break
                if nxt.kind == PUNCTUATION and nxt.text == "(":
                    depth += 1
                elif nxt.kind == PUNCTUATION and nxt.text == ")":
                    depth -= 1
                directive.condition.append(nxt)
                directive.last_line = nxt.line + nxt.text.count("\n")
                i += 1
        found.append(directive)
    return found


# -- imports -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Import:
    module: str  # the top-level module (`import Foundation.NSData` imports Foundation)
    token: Token  # the `import` keyword


def imports(tokens: list[Token]) -> list[Import]:
    """Every import declaration, in every `#if` branch (`import` is a reserved word: it starts one
    wherever it stands)."""
    found = []
    for i, t in enumerate(tokens):
        if not t.is_identifier("import"):
            continue
        j = i + 1
        if j < len(tokens) and tokens[j].is_identifier(*IMPORT_KINDS):
            j += 1
        if j < len(tokens) and tokens[j].kind == IDENTIFIER:
            found.append(Import(tokens[j].name, t))
    return found


# -- attributes ----------------------------------------------------------------------------------

@dataclass
class Attribute:
    name: str  # without the `@`: "available", "objc"
    first: int  # index of the `@name` token
    last: int  # index of its last token (the `)` of its arguments, or the name)
    arguments: list[list[Token]]  # split at the top-level commas; empty without parentheses

    def span(self, tokens: list[Token]) -> tuple[int, int]:
        """Its offsets in the source."""
        return tokens[self.first].start, tokens[self.last].end


def attribute_at(tokens: list[Token], index: int) -> Attribute:
    """`tokens[index]` is an attribute: it and its arguments (a `(` right after the name, with no
    space: `@MainActor () -> Void` is an attribute before a function type)."""
    t = tokens[index]
    nxt = tokens[index + 1] if index + 1 < len(tokens) else None
    if nxt is not None and nxt.is_punctuation("(") and nxt.start == t.end:
        close = closing_index(tokens, index + 1)
        return Attribute(t.text[1:], index, close, split_arguments(tokens[index + 2:close]))
    return Attribute(t.text[1:], index, index, [])


def attribute_runs(tokens: list[Token]) -> list[list[Attribute]]:
    """The attributes of each declaration: runs of attributes with nothing but whitespace and
    comments between them."""
    runs: list[list[Attribute]] = []
    i = 0
    while i < len(tokens):
        if tokens[i].kind != ATTRIBUTE:
            i += 1
            continue
        run = []
        while i < len(tokens) and tokens[i].kind == ATTRIBUTE:
            attribute = attribute_at(tokens, i)
            run.append(attribute)
            i = attribute.last + 1
        runs.append(run)
    return runs


# -- the comment header -------------------------------------------------------------------------

def header_comments(text: str) -> list[str]:
    """The line comments at the top of a file, before its first token, without their `//`."""
    lines = []
    for t in tokenize(text, comments=True):
        if t.kind != COMMENT or not t.text.startswith("//"):
            break
        lines.append(t.text[2:])
    return lines
