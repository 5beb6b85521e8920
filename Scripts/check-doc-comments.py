#!/usr/bin/env python3
"""Every public or package declaration in Modules/*/Sources has a doc comment (`///`), and every
public function says what it takes, throws and returns.

1. Every `public`, `open` or `package` declaration has a doc comment. So do the requirements of a
   public protocol and the cases of a public enum, which carry no access modifier of their own.
   Attributes (`@MainActor`, `@available`, `@discardableResult`) may stand between the comment and
   the declaration.
2. A public function, initializer or subscript (and a requirement of a public protocol) documents
   - every parameter: `- Parameter name:`, or `- Parameters:` with a `- name:` item each;
   - what it throws, when it throws (`throws`, `throws(E)`, `rethrows`): `- Throws:`;
   - what it returns, when it returns something (a function or subscript not returning `Void`):
     `- Returns:`.
   A parameter documented that the declaration does not have is an error too (DocC warns on it).
   `package` declarations need only the summary of rule 1.

Exits 1 and lists the places when anything is missing. `--self-test` runs the parser's own cases.
"""
from __future__ import annotations

import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent

ATTRIBUTE = r"@\w+(?:\([^)]*\))?\s+"
DECL = re.compile(rf"^\s*(?:{ATTRIBUTE})*(?:(?:nonisolated|final|static|class|override|convenience|required|indirect|mutating|nonmutating|dynamic)\s+)*(public|package|open)\b(?!\s+import)")
FUNCTION_KEYWORD = re.compile(r"\b(func|init|subscript)\b")
TYPE_OPENER = re.compile(r"^\s*(?:" + ATTRIBUTE + r")*(?:(?:public|open|package|final|indirect)\s+)*(protocol|enum|struct|class|actor|extension)\s+([A-Za-z_][\w.]*)")
PROTOCOL_MEMBER = re.compile(r"^\s*(?:" + ATTRIBUTE + r")*(?:(?:static|mutating|nonisolated)\s+)*(func|var|init|subscript|associatedtype)\b")
# The kind of a declaration: the first declaration keyword after its attributes and modifiers.
DECL_KIND = re.compile(rf"^\s*(?:{ATTRIBUTE})*(?:(?:public|package|open|internal|private|fileprivate|nonisolated|final|static|class|override|convenience|required|indirect|mutating|nonmutating|dynamic|lazy|weak|unowned)(?:\([^)]*\))?\s+)*(func|init|subscript|var|let|case|typealias|struct|class|enum|protocol|actor|extension|associatedtype)\b")
ENUM_CASE = re.compile(r"^\s*(?:indirect\s+)?case\s+[A-Za-z_`]")


def strip_strings(text: str) -> str:
    """Replaces the contents of string literals with spaces (same length), so their parentheses,
    braces and commas are not read as code."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            out.append(c)
            i += 1
            while i < n and text[i] != '"':
                if text[i] == "\\" and i + 1 < n:
                    out.append("  ")
                    i += 2
                    continue
                out.append(" ")
                i += 1
            if i < n:
                out.append('"')
                i += 1
            continue
        if c == "/" and text.startswith("//", i):
            break  # a line comment: the rest of the line is not code
        out.append(c)
        i += 1
    return "".join(out)


def collect_signature(lines: list[str], start: int, has_body: bool) -> str:
    """The declaration starting at `lines[start]`, up to its body's `{` (or, for a requirement
    without a body, the end of the line where its parentheses close)."""
    parts, depth = [], 0
    for k in range(start, min(len(lines), start + 40)):
        code = strip_strings(lines[k])
        for pos, c in enumerate(code):
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
            elif c == "{" and depth == 0:
                parts.append(code[:pos])
                return " ".join(parts)
        parts.append(code)
        if depth == 0 and not has_body:
            nxt = lines[k + 1].strip() if k + 1 < len(lines) else ""
            if not re.match(r"^(->|throws|rethrows|async|where)\b|^->", nxt):
                break
    return " ".join(parts)


def split_top_level(text: str) -> list[str]:
    """Splits a parameter clause's inside at the commas that separate parameters."""
    items, depth, current, i = [], 0, [], 0
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "<":
            depth += 1
        elif c == ">" and not (i > 0 and text[i - 1] == "-"):
            depth -= 1
        if c == "," and depth == 0:
            items.append("".join(current))
            current = []
        else:
            current.append(c)
        i += 1
    if "".join(current).strip():
        items.append("".join(current))
    return items


def matching_paren(text: str, open_index: int) -> int:
    depth = 0
    for i in range(open_index, len(text)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i
    return -1


def parse_signature(signature: str):
    """(kind, parameter names, throws, returns a value) of a func/init/subscript declaration, or
    None when `signature` is not one."""
    m = FUNCTION_KEYWORD.search(signature)
    if not m:
        return None
    kind = m.group(1)
    i = m.end()
    if kind == "func":
        while i < len(signature) and signature[i] == " ":
            i += 1
        name = re.match(r"[A-Za-z_`][\w`]*|[^\s(A-Za-z_]+", signature[i:])
        if not name:
            return None
        i += name.end()
    elif kind == "init":
        while i < len(signature) and signature[i] in "?!":
            i += 1
    while i < len(signature) and signature[i] == " ":
        i += 1
    if i < len(signature) and signature[i] == "<":
        depth = 0
        while i < len(signature):
            if signature[i] == "<":
                depth += 1
            elif signature[i] == ">" and signature[i - 1] != "-":
                depth -= 1
                if depth == 0:
                    i += 1
                    break
            i += 1
    open_index = signature.find("(", i)
    if open_index < 0:
        return None
    close = matching_paren(signature, open_index)
    if close < 0:
        return None
    names = []
    for item in split_top_level(signature[open_index + 1:close]):
        head = item.split(":", 1)[0]
        head = re.sub(ATTRIBUTE, "", head).strip()
        tokens = head.split()
        if not tokens:
            continue
        names.append(tokens[-1].strip("`"))
    tail = signature[close + 1:]
    arrow = re.search(r"->", tail)
    effects = tail[:arrow.start()] if arrow else tail
    throws = bool(re.search(r"\b(throws|rethrows)\b", effects))
    returns = False
    if arrow and kind in ("func", "subscript"):
        result = re.split(r"\bwhere\b", tail[arrow.end():])[0].strip()
        returns = result not in ("Void", "()", "")
    return kind, names, throws, returns


def parse_doc(doc_lines: list[str]):
    """(documented parameter names, has Throws, has Returns) of a doc comment."""
    text = [re.sub(r"^\s*///\s?", "", l) for l in doc_lines]
    params, throws, returns = [], False, False
    in_parameters = None  # the indentation of a `- Parameters:` line while reading its items
    for line in text:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        single = re.match(r"^[-*+]\s+Parameter\s+([A-Za-z_`][\w`]*)\s*:", stripped, re.I)
        if single:
            params.append(single.group(1).strip("`"))
            in_parameters = None
            continue
        # An item of an open `- Parameters:` list first: a parameter may be named `parameters`.
        if in_parameters is not None:
            item = re.match(r"^[-*+]\s+([A-Za-z_`][\w`]*)\s*:", stripped)
            if item and indent > in_parameters:
                params.append(item.group(1).strip("`"))
                continue
            if stripped.startswith(("-", "*", "+")) and indent <= in_parameters:
                in_parameters = None
        if re.match(r"^[-*+]\s+Parameters\s*:", stripped, re.I):
            in_parameters = indent
            continue
        if re.match(r"^[-*+]\s+Throws\s*:", stripped, re.I):
            throws = True
        if re.match(r"^[-*+]\s+Returns\s*:", stripped, re.I):
            returns = True
    return params, throws, returns


def doc_block_above(lines: list[str], index: int) -> list[str]:
    """The `///` lines right above `lines[index]`, attributes skipped; empty when there are none."""
    j = index - 1
    while j >= 0 and lines[j].strip().startswith("@") and not lines[j].strip().startswith("///"):
        j -= 1
    block = []
    while j >= 0 and lines[j].strip().startswith("///"):
        block.append(lines[j])
        j -= 1
    return list(reversed(block))


def check_file(path: pathlib.Path, rel: str, missing: list[str], incomplete: list[str], counts: dict) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    # A stack of open braces: for each, whether it opened a public protocol or enum body.
    stack: list[str | None] = []
    pending_type = None
    for index, line in enumerate(lines):
        code = strip_strings(line)
        container = stack[-1] if stack else None
        public_decl = DECL.match(line)
        member_of = None
        if container in ("protocol", "enum") and len(stack) >= 1:
            if container == "protocol" and PROTOCOL_MEMBER.match(line):
                member_of = "protocol"
            elif container == "enum" and ENUM_CASE.match(line):
                member_of = "enum"
        if public_decl or member_of:
            doc = doc_block_above(lines, index)
            if not doc:
                missing.append(f"{rel}:{index + 1}: {line.strip()}")
            level = public_decl.group(1) if public_decl else "public"
            if level in ("public", "open") and (member_of != "enum"):
                has_body = member_of != "protocol"
                kind_match = DECL_KIND.match(line)
                parsed = None
                if kind_match and kind_match.group(1) in ("func", "init", "subscript"):
                    parsed = parse_signature(collect_signature(lines, index, has_body))
                if parsed:
                    kind, names, throws, returns = parsed
                    counts["functions"] += 1
                    documented, doc_throws, doc_returns = parse_doc(doc)
                    problems = []
                    for name in names:
                        if name not in documented:
                            problems.append(f"parameter `{name}` undocumented")
                    for name in documented:
                        if name not in names:
                            problems.append(f"documents `{name}`, which is no parameter")
                    if throws and not doc_throws:
                        problems.append("throws, without `- Throws:`")
                    if returns and not doc_returns:
                        problems.append("returns a value, without `- Returns:`")
                    counts["parameters"] += len(names)
                    counts["throwing"] += int(throws)
                    if problems and doc:
                        incomplete.append(f"{rel}:{index + 1}: {line.strip()}\n    " + "; ".join(problems))
        # Track the braces this line opens and closes, and what type (if any) each one opened.
        opener = TYPE_OPENER.match(line)
        if opener:
            is_public = bool(re.search(r"\b(public|open)\b", line))
            pending_type = opener.group(1) if is_public and opener.group(1) in ("protocol", "enum") else "other"
        for c in code:
            if c == "{":
                stack.append(pending_type)
                pending_type = None
            elif c == "}":
                if stack:
                    stack.pop()
        if opener and "{" in code:
            pending_type = None


def main() -> int:
    missing: list[str] = []
    incomplete: list[str] = []
    counts = {"functions": 0, "parameters": 0, "throwing": 0}
    for path in sorted(root.glob("Modules/*/Sources/**/*.swift")):
        check_file(path, str(path.relative_to(root)), missing, incomplete, counts)
    if missing:
        print(f"{len(missing)} public/package declarations without a doc comment:")
        print("\n".join(missing))
    if incomplete:
        print(f"{len(incomplete)} public functions with incomplete documentation:")
        print("\n".join(incomplete))
    if missing or incomplete:
        return 1
    print("doc comments: every public and package declaration has one; "
          f"{counts['functions']} public functions document their {counts['parameters']} parameters, "
          f"{counts['throwing']} throwing ones what they throw, and every return value")
    return 0


def self_test() -> int:
    cases = [
        ("public func format(_ format: AdFormat) async throws -> VideoAd {", ("func", ["format"], True, True)),
        ("public init(content: KontextVideo.Content, labels: [String: String] = [:]) {", ("init", ["content", "labels"], False, False)),
        ("public static func run<Value>(serverURL: URL? = nil, _ body: @MainActor (KontextVideoHarness) async throws -> Value) async throws -> Value {",
         ("func", ["serverURL", "body"], True, True)),
        ("public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }", ("func", ["lhs", "rhs"], False, True)),
        ("public func initialize(with configuration: Configuration, completion: (@MainActor (State) -> Void)? = nil) {",
         ("func", ["configuration", "completion"], False, False)),
        ("public init(scenario: SandboxScenario = SandboxScenario(), port: UInt16 = 0, logger: (@Sendable (String) -> Void)? = nil) throws(HTTPServerError) {",
         ("init", ["scenario", "port", "logger"], True, False)),
        ("public subscript(key: String) -> JSONValue? {", ("subscript", ["key"], False, True)),
        ("public init?(data: Data) {", ("init", ["data"], False, False)),
        ("public func destroy() {", ("func", [], False, False)),
        ("func videoAd(_ ad: VideoAd, didEnd reason: VideoAd.EndReason)", ("func", ["ad", "reason"], False, False)),
        ('public init(clickURL: String? = "{base}/landing/{adId}", x: Int) {', ("init", ["clickURL", "x"], False, False)),
        ("public func enqueue(_ answers: SandboxAnswer..., for format: SandboxFormat) {", ("func", ["answers", "format"], False, False)),
        ("public func f() -> Void {", ("func", [], False, False)),
    ]
    failures = 0
    for text, expected in cases:
        got = parse_signature(strip_strings(text).split("{")[0] if not text.startswith("public init(clickURL") else collect_signature([text], 0, True))
        if got != expected:
            failures += 1
            print(f"FAIL {text!r}: {got} != {expected}")
    docs = [
        (["/// Summary.", "/// - Parameters:", "///   - a: A.", "///   - b: B.", "/// - Throws: X.", "/// - Returns: Y."], (["a", "b"], True, True)),
        (["/// Summary.", "/// - Parameter a: A.", "/// - Returns: Y."], (["a"], False, True)),
        (["/// Summary.", "///", "/// - parameters:", "///   - a: A,", "///     more.", "/// - throws: `X`."], (["a"], True, False)),
    ]
    for lines, expected in docs:
        got = parse_doc(lines)
        if got != expected:
            failures += 1
            print(f"FAIL {lines!r}: {got} != {expected}")
    print("self-test:", "ok" if not failures else f"{failures} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(self_test() if "--self-test" in sys.argv else main())
