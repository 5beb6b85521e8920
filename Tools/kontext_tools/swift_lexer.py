"""Swift source as tokens, recognised as the Swift compiler's lexer recognises them.

What the tools need from Swift text is never a regular expression's job: a `#if` inside a
multi-line string is not a directive, `import Foo` in a comment is not an import, a `{` in an
interpolation opens no scope. This lexer knows nested block comments, string literals (escapes,
interpolation with nested strings, multi-line `\"\"\"`, raw `#"…"#` and their `\\#(…)`), extended
regex literals (`#/…/#`), backticked identifiers, attributes (`@available`), pound keywords
(`#if`, `#available`) and operators. A bare `/…/` regex literal is read as operators (telling it
from division needs the parser; the SDK writes none).

Tokens keep their exact text and position, so a tool can rewrite a span and keep every other
byte, line and column as it was.
"""
from __future__ import annotations

import bisect
from dataclasses import dataclass

IDENTIFIER = "identifier"  # names and keywords alike (`func`, `import`, `os`); backticks kept in `text`
NUMBER = "number"
STRING = "string"  # the whole literal, delimiters and interpolations included
REGEX = "regex"  # an extended regex literal, `#/…/#`
PUNCTUATION = "punctuation"  # ( ) [ ] { } , : ; . and any character the lexer does not know
OPERATOR = "operator"  # a run of operator characters (`&&`, `->`, `...`, `!`)
POUND = "pound"  # `#if`, `#elseif`, `#available`, `#selector` …: `#` and its name
ATTRIBUTE = "attribute"  # `@available`, `@objc` …: `@` and its name (arguments are separate tokens)
COMMENT = "comment"  # only with `comments=True`

OPERATOR_CHARACTERS = frozenset("/=-+!*%<>&|^~?")
PUNCTUATION_CHARACTERS = frozenset("()[]{},:;")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    text: str
    start: int  # offset of the first character in the source
    end: int  # offset just past the last
    line: int  # 1-based, of the first character
    column: int  # 1-based

    @property
    def name(self) -> str:
        """An identifier without its backticks (`` `default` `` is `default`)."""
        if self.kind == IDENTIFIER and len(self.text) >= 2 and self.text[0] == "`" == self.text[-1]:
            return self.text[1:-1]
        return self.text

    def is_identifier(self, *names: str) -> bool:
        """An unquoted identifier (a keyword, when it is one) among `names`."""
        return self.kind == IDENTIFIER and self.text in names

    def is_punctuation(self, text: str) -> bool:
        return self.kind == PUNCTUATION and self.text == text


class LexError(ValueError):
    """Raised only with `strict=True`: an unterminated comment or literal."""


def _is_identifier_start(c: str) -> bool:
    return c == "_" or c.isalpha()


def _is_identifier_character(c: str) -> bool:
    return _is_identifier_start(c) or c.isdigit()


class _Lexer:
    def __init__(self, text: str, comments: bool, strict: bool):
        self.text = text
        self.n = len(text)
        self.keep_comments = comments
        self.strict = strict
        self.line_starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        self.tokens: list[Token] = []

    def position(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.line_starts, offset) - 1
        return index + 1, offset - self.line_starts[index] + 1

    def emit(self, kind: str, start: int, end: int) -> None:
        line, column = self.position(start)
        self.tokens.append(Token(kind, self.text[start:end], start, end, line, column))

    def unterminated(self, what: str, start: int, end: int | None = None) -> int:
        """Where an unterminated comment or literal ends: `end` (the end of its line, for a
        one-line string), else the end of the text; with `strict`, a LexError."""
        if self.strict:
            line, column = self.position(start)
            raise LexError(f"{line}:{column}: unterminated {what}")
        return self.n if end is None else end

    # -- pieces -------------------------------------------------------------------------------

    def block_comment_end(self, i: int) -> int:
        """`i` at `/*`: the offset past its matching `*/` (block comments nest in Swift)."""
        start, depth, i = i, 1, i + 2
        while i < self.n:
            if self.text.startswith("/*", i):
                depth, i = depth + 1, i + 2
            elif self.text.startswith("*/", i):
                depth, i = depth - 1, i + 2
                if depth == 0:
                    return i
            else:
                i += 1
        return self.unterminated("block comment", start)

    def string_end(self, i: int) -> int:
        """`i` at the first `#` or `"` of a string literal: the offset past its end."""
        start = i
        hashes = 0
        while i < self.n and self.text[i] == "#":
            hashes, i = hashes + 1, i + 1
        multiline = self.text.startswith('"""', i)
        i += 3 if multiline else 1
        closing = ('"""' if multiline else '"') + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < self.n:
            if self.text.startswith(escape, i):
                i += len(escape)
                if i < self.n and self.text[i] == "(":
                    i = self.interpolation_end(i)
                else:
                    i += 1  # the escaped character (`\n`, `\"`, `\u{…}` is harmless read this way)
                continue
            if self.text.startswith(closing, i):
                return i + len(closing)
            if not multiline and self.text[i] == "\n":
                return self.unterminated("string literal", start, i)
            i += 1
        return self.unterminated("string literal", start)

    def interpolation_end(self, i: int) -> int:
        """`i` at the `(` of `\\(`: the offset past its matching `)`, strings and comments inside skipped."""
        depth = 0
        while i < self.n:
            c = self.text[i]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    return i + 1
            elif c == '"' or (c == "#" and self.raw_string_at(i)):
                i = self.string_end(i)
                continue
            elif self.text.startswith("//", i):
                newline = self.text.find("\n", i)
                i = self.n if newline < 0 else newline
                continue
            elif self.text.startswith("/*", i):
                i = self.block_comment_end(i)
                continue
            i += 1
        return self.unterminated("interpolation", i)

    def raw_string_at(self, i: int) -> bool:
        j = i
        while j < self.n and self.text[j] == "#":
            j += 1
        return j > i and j < self.n and self.text[j] == '"'

    def regex_at(self, i: int) -> bool:
        j = i
        while j < self.n and self.text[j] == "#":
            j += 1
        return j > i and j < self.n and self.text[j] == "/"

    def regex_end(self, i: int) -> int:
        start, hashes = i, 0
        while self.text[i] == "#":
            hashes, i = hashes + 1, i + 1
        closing = "/" + "#" * hashes
        i += 1
        while i < self.n:
            if self.text[i] == "\\":
                i += 2
                continue
            if self.text.startswith(closing, i):
                return i + len(closing)
            i += 1
        return self.unterminated("regex literal", start)

    def number_end(self, i: int) -> int:
        hexadecimal = self.text.startswith(("0x", "0X"), i)
        exponent = "pP" if hexadecimal else "eE"
        i += 1
        while i < self.n:
            c = self.text[i]
            if c.isalnum() or c == "_":
                i += 1
                if c in exponent and i < self.n and self.text[i] in "+-":
                    i += 1
            elif c == "." and i + 1 < self.n and (self.text[i + 1].isdigit() or (hexadecimal and self.text[i + 1] in "0123456789abcdefABCDEF")):
                i += 1
            else:
                break
        return i

    def operator_end(self, i: int) -> int:
        dot = self.text[i] == "."
        i += 1
        while i < self.n:
            c = self.text[i]
            if self.text.startswith(("//", "/*"), i):
                break
            if c in OPERATOR_CHARACTERS or (dot and c == "."):
                i += 1
            else:
                break
        return i

    # -- the loop -------------------------------------------------------------------------------

    def run(self) -> list[Token]:
        text, n, i = self.text, self.n, 0
        while i < n:
            c = text[i]
            if c.isspace():
                i += 1
            elif text.startswith("//", i):
                newline = text.find("\n", i)
                end = n if newline < 0 else newline
                if self.keep_comments:
                    self.emit(COMMENT, i, end)
                i = end
            elif text.startswith("/*", i):
                end = self.block_comment_end(i)
                if self.keep_comments:
                    self.emit(COMMENT, i, end)
                i = end
            elif c == '"' or (c == "#" and self.raw_string_at(i)):
                end = self.string_end(i)
                self.emit(STRING, i, end)
                i = end
            elif c == "#" and self.regex_at(i):
                end = self.regex_end(i)
                self.emit(REGEX, i, end)
                i = end
            elif c in "#@" and i + 1 < n and _is_identifier_start(text[i + 1]):
                end = i + 2
                while end < n and _is_identifier_character(text[end]):
                    end += 1
                self.emit(POUND if c == "#" else ATTRIBUTE, i, end)
                i = end
            elif c == "`":
                close = text.find("`", i + 1)
                end = close + 1 if close > i and "\n" not in text[i:close] else i + 1
                self.emit(IDENTIFIER if end > i + 1 else PUNCTUATION, i, end)
                i = end
            elif c == "$" or _is_identifier_start(c):
                end = i + 1
                while end < n and (_is_identifier_character(text[end]) or text[end] == "$"):
                    end += 1
                self.emit(IDENTIFIER, i, end)
                i = end
            elif c.isdigit():
                end = self.number_end(i)
                self.emit(NUMBER, i, end)
                i = end
            elif c in OPERATOR_CHARACTERS or (c == "." and text.startswith("..", i)):
                end = self.operator_end(i)
                self.emit(OPERATOR, i, end)
                i = end
            else:
                self.emit(PUNCTUATION, i, i + 1)
                i += 1
        return self.tokens


def tokenize(text: str, comments: bool = False, strict: bool = False) -> list[Token]:
    """The tokens of `text`; comments among them only when `comments`. An unterminated comment or
    literal runs to the end of the text (the compiler reports it), or raises `LexError` when `strict`."""
    return _Lexer(text, comments, strict).run()


def string_value(token: Token) -> str | None:
    """The value of a string literal without interpolation (`"a\\nb"` is `a`, newline, `b`);
    `None` for one with interpolation or for any other token."""
    if token.kind != STRING:
        return None
    text = token.text
    hashes = len(text) - len(text.lstrip("#"))
    body = text[hashes:len(text) - hashes]
    quotes = 3 if body.startswith('"""') else 1
    body = body[quotes:len(body) - quotes]
    if quotes == 3:
        # A multi-line literal starts on the line after its opening delimiter; the closing
        # delimiter's indentation is removed from every line.
        lines = body.split("\n")
        indent = lines[-1] if lines[-1].strip() == "" else ""
        lines = lines[1:-1] if len(lines) >= 2 else lines
        body = "\n".join(line[len(indent):] if line.startswith(indent) else line for line in lines)
    escape = "\\" + "#" * hashes
    out, i = [], 0
    simple = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", '"': '"', "'": "'"}
    while i < len(body):
        if body.startswith(escape, i):
            i += len(escape)
            c = body[i] if i < len(body) else ""
            if c == "(":
                return None
            if c == "u" and body.startswith("{", i + 1):
                close = body.index("}", i)
                out.append(chr(int(body[i + 2:close], 16)))
                i = close + 1
                continue
            out.append(simple.get(c, c))
            i += 1
            continue
        out.append(body[i])
        i += 1
    return "".join(out)


def interpolations(token: Token) -> list[list[Token]]:
    """The tokens of each interpolation of a string literal, in order, without the `\\(` and its
    `)`: `"a \\(x, privacy: .public) b"` has one, the tokens `x` `,` `privacy` `:` `.` `public`.
    Offsets, lines and columns are those of the source the literal came from. `[]` for a literal
    without interpolation or any other token; a nested literal's own interpolations are inside its
    string token, not listed here."""
    if token.kind != STRING:
        return []
    text = token.text
    lexer = _Lexer(text, comments=False, strict=False)
    hashes = len(text) - len(text.lstrip("#"))
    i = hashes + (3 if text.startswith('"""', hashes) else 1)
    escape = "\\" + "#" * hashes
    found: list[list[Token]] = []
    while i < len(text):
        if text.startswith(escape, i):
            i += len(escape)
            if i < len(text) and text[i] == "(":
                close = lexer.interpolation_end(i)
                inner = text[i + 1:close - 1]
                base = token.start + i + 1
                line, column = _position_in(text, i + 1, token)
                found.append([_shifted(t, base, line, column) for t in tokenize(inner)])
                i = close
            else:
                i += 1
            continue
        i += 1
    return found


def _position_in(text: str, offset: int, token: Token) -> tuple[int, int]:
    """The source line and column of `text[offset]`, `text` being `token`'s literal."""
    before = text[:offset]
    newlines = before.count("\n")
    if newlines == 0:
        return token.line, token.column + offset
    return token.line + newlines, offset - before.rfind("\n")


def _shifted(t: Token, base: int, line: int, column: int) -> Token:
    """`t`, lexed from a substring that starts at source offset `base`, line `line`, column `column`."""
    return Token(t.kind, t.text, t.start + base, t.end + base, t.line + line - 1,
                 t.column + column - 1 if t.line == 1 else t.column)
