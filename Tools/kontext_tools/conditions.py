"""Conditional compilation: `#if` conditions parsed from tokens and evaluated in three-valued
logic (True, False, None: "true on some devices, not on others"), per configuration; which lines
of a file each configuration compiles; and the platform conditions rewritten into flags.

Three configurations matter to `Scripts/apple-typecheck`: the real device (`real`), the Linux
build (`linux`), and its own compile of the rewritten sources on Linux (`sim`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from .swift_lexer import IDENTIFIER, NUMBER, OPERATOR, Token
from .swift_source import SwiftSource, closing_index, joined, split_arguments

OS_NAMES = {"iOS": "ios", "tvOS": "tvos", "macOS": "macos", "OSX": "macos", "watchOS": "watchos",
            "visionOS": "visionos", "Linux": "linux", "Windows": "windows", "Android": "android",
            "FreeBSD": "freebsd", "OpenBSD": "openbsd", "WASI": "wasi", "none": "none"}
# Modules a Linux toolchain has that an Apple SDK does not: their `canImport` is rewritten to
# false (the stubs' Foundation overlay re-exports what FoundationNetworking and FoundationXML
# hold, as Apple's Foundation contains URLSession and XMLParser).
LINUX_ONLY_MODULES = frozenset({"Glibc", "Musl", "Bionic", "Android", "FoundationNetworking", "FoundationXML",
                                "WASILibc", "WinSDK", "ucrt", "CRT"})
# Modules both have (the toolchain's own and Foundation).
COMMON_MODULES = frozenset({"Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization",
                            "Dispatch", "_Concurrency", "_StringProcessing", "RegexBuilder", "Observation",
                            "Synchronization", "Distributed", "XCTest", "Testing"})
# `arch(…)` spells a machine as Swift does, not as `uname -m` does: an AArch64 Linux host reports
# `aarch64`, and there `arch(arm64)` is true and `arch(aarch64)` false.
SWIFT_ARCHITECTURES = {"aarch64": "arm64", "amd64": "x86_64", "i686": "i386", "i586": "i386", "armv7l": "arm",
                       "ppc64le": "powerpc64le", "ppc64": "powerpc64"}


class ConditionError(ValueError):
    pass


# -- parsing ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Atom:
    """`name` alone (`DEBUG`, `true`), or `name(arguments)` (`os(iOS)`, `canImport(UIKit, _version: 2)`)."""
    name: str
    arguments: tuple[str, ...] | None = None  # each argument's tokens joined; None for a bare name
    first: Token | None = None  # for rewriting: the name's token …
    last: Token | None = None  # … and the closing parenthesis


@dataclass(frozen=True)
class Not:
    operand: object


@dataclass(frozen=True)
class Binary:
    operator: str  # "&&" or "||"
    left: object
    right: object


def _operators(tokens: list[Token]) -> list[Token | str]:
    """The tokens with runs of operator characters split into `&&`, `||` and `!` (`a &&!b`)."""
    out: list[Token | str] = []
    for t in tokens:
        if t.kind != OPERATOR:
            out.append(t)
            continue
        rest = t.text
        while rest:
            piece = next((p for p in ("&&", "||", "!") if rest.startswith(p)), None)
            if piece is None:
                out.append(t)  # another operator (`>=` inside `swift(>=6)` is read by the atom)
                break
            out.append(piece)
            rest = rest[len(piece):]
    return out


class _Parser:
    def __init__(self, tokens: list[Token]):
        self.tokens = tokens
        self.items = _operators(tokens)
        self.i = 0

    def peek(self):
        return self.items[self.i] if self.i < len(self.items) else None

    def parse(self):
        if not self.items:
            raise ConditionError("empty condition")
        node = self.disjunction()
        if self.peek() is not None:
            raise ConditionError(f"unexpected {self.describe(self.peek())} in condition")
        return node

    @staticmethod
    def describe(item) -> str:
        return repr(item if isinstance(item, str) else item.text)

    def chain(self, operator: str, operand):
        """`operand (operator operand)*`, left-associative."""
        node = operand()
        while self.peek() == operator:
            self.i += 1
            node = Binary(operator, node, operand())
        return node

    def disjunction(self):
        return self.chain("||", self.conjunction)

    def conjunction(self):
        return self.chain("&&", self.negation)

    def negation(self):
        if self.peek() == "!":
            self.i += 1
            return Not(self.negation())
        return self.atom()

    def atom(self):
        item = self.peek()
        if item is None:
            raise ConditionError("unexpected end of condition")
        if isinstance(item, str):
            raise ConditionError(f"unexpected {item!r} in condition")
        self.i += 1
        if item.is_punctuation("("):
            node = self.disjunction()
            close = self.peek()
            if close is None or isinstance(close, str) or not close.is_punctuation(")"):
                raise ConditionError("missing ')' in condition")
            self.i += 1
            return node
        if item.kind not in (IDENTIFIER, NUMBER):
            raise ConditionError(f"unexpected {item.text!r} in condition")
        nxt = self.peek()
        if nxt is not None and not isinstance(nxt, str) and nxt.is_punctuation("(") and item.kind == IDENTIFIER:
            # A call: its arguments are read whole, operators included (`swift(>=6.0)`).
            start = self.tokens.index(nxt)
            close = closing_index(self.tokens, start)
            arguments = tuple(joined(a) for a in split_arguments(self.tokens[start + 1:close]))
            closing = self.tokens[close]
            while self.i < len(self.items) and self.items[self.i] is not closing:
                self.i += 1
            self.i += 1
            return Atom(item.text, arguments, item, closing)
        return Atom(item.text, None, item, item)


def parse_condition(tokens: list[Token]):
    """The expression of a `#if`/`#elseif` condition; `ConditionError` when it is not one."""
    return _Parser(tokens).parse()


def directive_condition(source: SwiftSource, directive):
    """The parsed condition of a `#if`/`#elseif` of `source`; a ConditionError names the place."""
    try:
        return parse_condition(directive.condition)
    except ConditionError as error:
        raise ConditionError(f"{source.path or '<text>'}:{directive.line}: {error}") from None


def atoms(node) -> list[Atom]:
    """Every atom of an expression, left to right."""
    if isinstance(node, Atom):
        return [node]
    if isinstance(node, Not):
        return atoms(node.operand)
    return atoms(node.left) + atoms(node.right)


# -- evaluating ---------------------------------------------------------------------------------

def both(a, b):
    """Three-valued `and`."""
    return False if (a is False or b is False) else (True if (a is True and b is True) else None)


def either(a, b):
    """Three-valued `or`."""
    return True if (a is True or b is True) else (False if (a is False and b is False) else None)


class Env:
    """One configuration: the real device (`real`), the Linux build (`linux`), or apple-typecheck's
    compile of the rewritten sources on Linux (`sim`).

    `stubbed`: the frameworks the stubs provide for the platform; `unmodelled`: frameworks the
    platform has without stubs; `defined`: the flags the sim compile defines; `known`: every
    Apple framework of any platform."""

    def __init__(self, kind: str, platform: str | None, stubbed: set[str] = frozenset(),
                 unmodelled: set[str] = frozenset(), defined: set[str] = frozenset(), known: set[str] = frozenset(),
                 machine: str | None = None):
        self.kind = kind
        self.platform = platform
        self.stubbed = stubbed
        self.unmodelled = unmodelled
        self.defined = defined
        self.known = known
        machine = machine or os.uname().machine
        self.machine = SWIFT_ARCHITECTURES.get(machine, machine)  # the Linux build's, as `arch(…)` names it

    def evaluate(self, node):
        if isinstance(node, Atom):
            return self.ident(node.name) if node.arguments is None else self.call(node.name, list(node.arguments))
        if isinstance(node, Not):
            value = self.evaluate(node.operand)
            return None if value is None else not value
        left, right = self.evaluate(node.left), self.evaluate(node.right)
        return both(left, right) if node.operator == "&&" else either(left, right)

    def ident(self, name: str):
        if name == "true":
            return True
        if name == "false":
            return False
        if self.kind == "sim":
            return name in self.defined
        return None  # a custom flag: depends on the build

    def call(self, function: str, arguments: list[str]):
        argument = arguments[0] if arguments else ""
        if function == "os":
            target = OS_NAMES.get(argument, argument.lower())
            return target == ("linux" if self.kind == "linux" else self.platform)
        if function == "canImport":
            return self.can_import(argument)
        if function in ("swift", "compiler"):
            return True  # this toolchain (6.3) and Xcode's (6.x) agree on every check the SDK makes
        if function == "targetEnvironment":
            return False if self.kind in ("sim", "linux") else None
        if function == "arch":
            return None if self.kind == "real" else (argument == self.machine)
        if function == "_runtime":
            return argument == ("_ObjC" if self.kind == "real" else "_Native")
        return None  # hasFeature, hasAttribute, _endian, _pointerBitWidth …: not modelled

    def can_import(self, module: str):
        if self.kind == "linux":
            if module in LINUX_ONLY_MODULES or module in COMMON_MODULES:
                return True
            if module in self.stubbed or module in self.unmodelled or module in ("Darwin", "ObjectiveC"):
                return False
            return None
        if self.kind == "real":
            if module in LINUX_ONLY_MODULES:
                return False
            if module in self.stubbed or module in self.unmodelled or module in COMMON_MODULES:
                return True
            if module in self.known:
                return False  # an Apple framework this platform does not have
            return None
        # sim: the stubs and the toolchain's own modules; Linux-only ones are rewritten away.
        if module in LINUX_ONLY_MODULES:
            return False
        return module in self.stubbed or module in COMMON_MODULES


@dataclass
class LineState:
    """Whether a line is compiled in each configuration (True, False, None: it depends)."""
    real: object
    sim: object
    linux: object
    directive: bool
    condition: str  # the innermost conditions that make the line differ, for the report


def condition_text(source: SwiftSource, directive) -> str:
    """A condition as written, on one line (for the report)."""
    if not directive.condition:
        return ""
    return " ".join(source.text[directive.condition[0].start:directive.condition[-1].end].split())


def line_states(source: SwiftSource, envs: dict[str, Env]) -> list[LineState]:
    """Each line of a file (index 0 is line 1) and whether each configuration compiles it."""
    count = max(source.line_count, max((d.last_line for d in source.directives), default=0))
    directive_at = {d.line: d for d in source.directives}
    stack: list[dict] = []
    result: list[LineState] = []

    def active(name):
        value = True
        for frame in stack:
            value = both(value, frame[name]["this"])
        return value

    line = 1
    while line <= count:
        directive = directive_at.get(line)
        if directive is None:
            text = " && ".join(frame["text"] for frame in stack)
            result.append(LineState(active("real"), active("sim"), active("linux"), False, text))
            line += 1
            continue
        kind = directive.kind
        if kind == "if":
            tree = directive_condition(source, directive)
            frame = {"text": condition_text(source, directive)}
            for name, env in envs.items():
                value = env.evaluate(tree)
                frame[name] = {"taken": value, "this": value}
            stack.append(frame)
        elif kind in ("elseif", "else") and stack:
            frame = stack[-1]
            frame["text"] = "!(earlier branches)" if kind == "else" else condition_text(source, directive)
            tree = directive_condition(source, directive) if kind == "elseif" else None
            for name, env in envs.items():
                taken = frame[name]["taken"]
                value = True if tree is None else env.evaluate(tree)
                this = False if taken is True else (value if taken is False else (None if value is not False else False))
                frame[name] = {"taken": either(taken, value), "this": this}
        elif kind == "endif" and stack:
            stack.pop()
        for _ in range(directive.line, directive.last_line + 1):
            result.append(LineState(None, None, None, True, ""))
        line = directive.last_line + 1
    return result


# -- rewriting ----------------------------------------------------------------------------------

def flag_name(prefix: str, name: str, length: int) -> str:
    """An identifier of exactly `length` characters (padded or cut) naming a condition."""
    cleaned = "".join(c if c.isalnum() else "_" for c in name).upper()
    return (prefix + cleaned + "_" * length)[:length]


def rewrite_conditions(source: SwiftSource, platform: str) -> tuple[str, set[str]]:
    """The text with the platform atoms of every `#if`/`#elseif` condition replaced by flags of
    the same length, so lines and columns stay: `os(iOS)` becomes `_O_IOS_` (defined with -D on
    iOS), `canImport(FoundationNetworking)` a flag never defined. Returns the text and the flags
    to define."""
    defined: set[str] = set()
    edits: list[tuple[int, int, str]] = []
    for directive in source.directives:
        if directive.kind not in ("if", "elseif"):
            continue
        for atom in atoms(directive_condition(source, directive)):
            if atom.arguments is None or atom.first is None:
                continue
            start, end = atom.first.start, atom.last.end
            span = source.text[start:end]
            argument = atom.arguments[0] if atom.arguments else ""
            if atom.name == "os":
                target = OS_NAMES.get(argument, argument.lower())
                flag = flag_name("_O_", target, len(span.split("\n")[0]))
                if target == platform:
                    defined.add(flag)
            elif atom.name == "canImport" and argument in LINUX_ONLY_MODULES:
                flag = flag_name("_NO_", argument, len(span.split("\n")[0]))  # never defined: false
            else:
                continue
            edits.append((start, end, flag + "\n" * span.count("\n")))
    text = source.text
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text, defined
