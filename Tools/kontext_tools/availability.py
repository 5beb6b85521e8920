"""Availability: `@available` attributes read from tokens and rewritten for one platform and its
floor, and the `#available`/`@available` guards that cover each place of a file.

The stubs of Tools/AppleSDKStubs carry Apple's attributes as Apple's SDK spells them. Linux's
compiler checks no Apple availability, so `Scripts/apple-typecheck` rewrites them, per platform,
into platform-independent ones the compiler does act on: unavailable or obsoleted there (at any
version) -> `@available(*, unavailable)`; introduced after the floor, or deprecated (at any version) ->
`@available(*, deprecated, message: "KONTEXT-AVAILABILITY: …")`, a marker the checker reads back
from the compiler's warning and turns into an error unless a guard covers the use.
"""
from __future__ import annotations

import bisect

from .swift_facts import SwiftFile, Token, closing_index, joined, split_arguments

PLATFORMS = {"ios": "iOS", "tvos": "tvOS", "macos": "macOS", "visionos": "visionOS"}
AVAILABILITY_MARKER = "KONTEXT-AVAILABILITY"
PLATFORM_ATTRIBUTE_NAMES = {"iOS": "ios", "tvOS": "tvos", "macOS": "macos", "OSX": "macos", "visionOS": "visionos"}
# `@available(iOSApplicationExtension, unavailable)`: the app-extension platform of each platform.
EXTENSION_ATTRIBUTE_NAMES = {"iOSApplicationExtension": "ios", "tvOSApplicationExtension": "tvos",
                             "macOSApplicationExtension": "macos", "OSXApplicationExtension": "macos",
                             "visionOSApplicationExtension": "visionos"}
# Platforms Swift knows that no pass checks: their attributes are read and left aside.
OTHER_PLATFORM_NAMES = {"watchOS", "watchOSApplicationExtension", "macCatalyst", "macCatalystApplicationExtension",
                        "driverkit", "DriverKit", "Linux", "Windows", "Android", "OpenBSD", "FreeBSD", "WASI"}
# The platforms whose attributes a platform takes when it has none of its own: visionOS takes
# iOS's, and a visionOS app extension iOS app extensions' (swift/lib/AST/PlatformKindUtils.cpp,
# `inheritsAvailabilityFromPlatform`). The first platform of the chain with an attribute decides.
AVAILABILITY_CHAIN = {"ios": ["ios"], "tvos": ["tvos"], "macos": ["macos"], "visionos": ["visionos", "ios"]}


def parse_version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.strip().split(".") if p.isdigit())


def format_version(v: tuple[int, ...]) -> str:
    return ".".join(str(p) for p in (v + (0,))[: max(2, len(v))])


def inherited_version(version: tuple[int, ...], source: str, target: str) -> tuple[int, ...]:
    """An iOS version read for visionOS, which inherits it: visionOS 1 came with iOS 17 and
    visionOS 2 with iOS 18 (before 17: available since visionOS began); from 26 on they share
    their numbers."""
    if source == target or target != "visionos" or source != "ios":
        return version
    major = version[0] if version else 0
    if major < 17:
        return (1, 0)
    if major < 26:
        return (major - 16,) + tuple(version[1:])
    return version


class AvailabilityError(ValueError):
    """An `@available` attribute this module cannot read (an unknown platform, a misspelling)."""


def _argument_value(tokens: list[Token]):
    """The value of a labelled argument: a string literal's text, else the tokens joined (`16.4`)."""
    if len(tokens) == 1 and tokens[0].literal == "string":
        return tokens[0].value if tokens[0].value is not None else tokens[0].text
    return joined(tokens)


def _is_name(token: Token) -> bool:
    return not token.literal and (token.text[:1].isalpha() or token.text[:1] == "_")


def parse_attribute(arguments: list[list[Token]]) -> list[tuple[str, str, dict]] | None:
    """The entries of one `@available` attribute, from its arguments: (kind, platform, options),
    kind being "platform" or "extension"; `None` for a platform-independent one (`*, …`,
    `swift 6`); an empty list for platforms no pass checks (watchOS …)."""
    if not arguments:
        raise AvailabilityError("@available without arguments")
    head = arguments[0]
    if head[0].is_identifier("*", "swift", "_PackageDescription"):
        return None
    labelled = len(head) == 1 and any(
        len(a) == 1 and a[0].is_identifier("unavailable", "deprecated", "noasync") or (len(a) >= 2 and a[1].is_punctuation(":"))
        for a in arguments[1:])
    if labelled:
        if not _is_name(head[0]):
            raise AvailabilityError(f"unexpected {head[0].text!r}")
        options: dict = {}
        for argument in arguments[1:]:
            if len(argument) >= 2 and argument[1].is_punctuation(":"):
                options[argument[0].text] = _argument_value(argument[2:])
            else:
                options[joined(argument)] = True
        name = head[0].text
        if name in EXTENSION_ATTRIBUTE_NAMES:
            return [("extension", EXTENSION_ATTRIBUTE_NAMES[name], options)]
        if name in PLATFORM_ATTRIBUTE_NAMES:
            return [("platform", PLATFORM_ATTRIBUTE_NAMES[name], options)]
        if name in OTHER_PLATFORM_NAMES:
            return []
        raise AvailabilityError(f"unknown platform {name!r}")
    entries = []
    for argument in arguments:  # shorthand: `@available(iOS 13.0, macOS 10.15, tvOS 13.0, *)`
        if len(argument) == 1 and argument[0].text == "*":
            continue
        name = argument[0].text
        if not _is_name(argument[0]) or len(argument) < 2:
            raise AvailabilityError(f"cannot read {joined(argument)!r}")
        version = joined(argument[1:])
        if name in PLATFORM_ATTRIBUTE_NAMES:
            entries.append(("platform", PLATFORM_ATTRIBUTE_NAMES[name], {"introduced": version}))
        elif name in EXTENSION_ATTRIBUTE_NAMES:
            entries.append(("extension", EXTENSION_ATTRIBUTE_NAMES[name], {"introduced": version}))
        elif name not in OTHER_PLATFORM_NAMES:
            raise AvailabilityError(f"unknown platform {name!r}")
    return entries


def effective_attribute(entries: list[tuple[str, str, dict]], platform: str, floor: tuple[int, ...],
                        extension: bool) -> str | None:
    """What a declaration's platform attributes mean on `platform` (in an app extension when
    `extension`): the arguments of one platform-independent `@available(*, …)`, or `None` when
    the declaration is simply available there."""
    name = PLATFORMS[platform]
    if extension:
        for source in AVAILABILITY_CHAIN[platform]:
            mine = [options for kind, p, options in entries if kind == "extension" and p == source]
            if mine:
                if any(options.get("unavailable") for options in mine):
                    return f'*, unavailable, message: "unavailable in application extensions for {name}"'
                break
    for source in AVAILABILITY_CHAIN[platform]:
        mine = [options for kind, p, options in entries if kind == "platform" and p == source]
        if not mine:
            continue
        options: dict = {}
        for o in mine:
            options.update(o)
        if options.get("unavailable"):
            return f'*, unavailable, message: "unavailable on {name}"'
        if "obsoleted" in options:
            # Whatever the floor: Swift refuses a use only when the floor is at or past that
            # version, but the SDK also runs on the versions that no longer have it.
            obsoleted = inherited_version(parse_version(options["obsoleted"]), source, platform)
            return f'*, unavailable, message: "obsoleted in {name} {format_version(obsoleted)}"'
        notes = []
        if "introduced" in options:
            introduced = inherited_version(parse_version(options["introduced"]), source, platform)
            if introduced > floor:
                notes.append(f"{AVAILABILITY_MARKER}: introduced in {name} {format_version(introduced)}; "
                             f"the floor is {name} {format_version(floor)}")
        if options.get("deprecated") is True:
            notes.append(f"deprecated on {name}")
        elif "deprecated" in options:
            deprecated = inherited_version(parse_version(options["deprecated"]), source, platform)
            notes.append(f"deprecated in {name} {format_version(deprecated)}")
        if "message" in options:
            notes.append(str(options["message"]))
        if not notes:
            return None
        message = ": ".join(notes).replace('"', "'").replace("\\", "")
        return f'*, deprecated, message: "{message}"'
    return None  # no attribute for this platform or the one it inherits from: available


def _attribute_runs(tokens: list[Token]) -> list[list[tuple[Token, Token, list[list[Token]]]]]:
    """The attributes of each declaration, runs of `@name` tokens each with its arguments (a `(`
    right after the name: `@MainActor () -> Void` is an attribute before a function type): its
    first token, its last, its arguments."""
    runs, i = [], 0
    while i < len(tokens):
        run = []
        while i < len(tokens) and tokens[i].text[:1] == "@" and not tokens[i].literal:
            last = i
            if i + 1 < len(tokens) and tokens[i + 1].is_punctuation("(") and tokens[i + 1].start == tokens[i].end:
                last = closing_index(tokens, i + 1)
            run.append((tokens[i], tokens[last], split_arguments(tokens[i + 2:last]) if last > i else []))
            i = last + 1
        if run:
            runs.append(run)
        else:
            i += 1
    return runs


def rewrite_availability(source: SwiftFile, platform: str, floor: tuple[int, ...], extension: bool = False,
                         unavailable_only: bool = False, text: str | None = None) -> str:
    """The text (`text`, or the file's: the same bytes with some lines blanked) with the
    `@available` attributes of each declaration rewritten for `platform` (and its app extensions):
    all of a declaration's attributes are read together (visionOS takes iOS's only when it has none
    of its own) and become at most one platform-independent attribute, in the place of the first;
    the others are blanked, so every line stays where it was. Attributes in blanked lines stay blank.

    `unavailable_only` rewrites only what makes a declaration unavailable there (for the SDK's
    own sources, whose version attributes `guard_map` reads as they are)."""
    data = (source.text if text is None else text).encode()
    edits: list[tuple[int, int, bytes]] = []
    for run in _attribute_runs(source.tokens):
        platform_attributes = []
        entries = []
        for first, last, arguments in run:
            if first.text != "@available" or data[first.start:first.start + 1] != b"@":
                continue
            try:
                parsed = parse_attribute(arguments)
            except AvailabilityError as error:
                raise AvailabilityError(f"{source.path or '<text>'}:{first.line}:{first.column}: {error}") from None
            if parsed is not None:
                platform_attributes.append((first.start, last.end))
                entries += parsed
        if not platform_attributes:
            continue
        effective = effective_attribute(entries, platform, floor, extension)
        if unavailable_only and effective is not None and ", unavailable," not in effective:
            continue
        for k, (start, end) in enumerate(platform_attributes):
            newlines = data[start:end].count(b"\n")
            replacement = b"\n".join(b" " * len(line) for line in data[start:end].split(b"\n"))
            if k == 0 and effective is not None:
                new = f"@available({effective})".encode()
                replacement = new + b"\n" * newlines if newlines or len(new) >= end - start else new.ljust(end - start)
            edits.append((start, end, replacement))
    for start, end, replacement in sorted(edits, reverse=True):
        data = data[:start] + replacement + data[end:]
    return data.decode()


# -- guards -------------------------------------------------------------------------------------

def _guard_versions(arguments: list[list[Token]]) -> dict[str, tuple[int, ...]]:
    versions = {}
    for argument in arguments:
        if len(argument) >= 2 and argument[0].text in PLATFORM_ATTRIBUTE_NAMES and not argument[1].is_punctuation(":"):
            versions[PLATFORM_ATTRIBUTE_NAMES[argument[0].text]] = parse_version(joined(argument[1:]))
    if "ios" in versions and "visionos" not in versions:
        # `#available(iOS 17, *)` guards visionOS too, which takes iOS's specs.
        versions["visionos"] = inherited_version(versions["ios"], "ios", "visionos")
    return versions


def _is_guard_statement(tokens: list[Token], index: int) -> bool:
    """`tokens[index]` (`#available`) is the condition of a `guard`: a `guard` before it in the
    same statement, with no brace between."""
    for j in range(index - 1, max(-1, index - 40), -1):
        t = tokens[j]
        if not t.literal and t.text in ("{", "}", ";"):
            return False
        if t.is_identifier("guard"):
            return True
    return False


def guard_map(source: SwiftFile):
    """A function from a (1-based) line and column to the platform versions the code there is
    guarded to, from enclosing `if #available` blocks, `guard #available` (the rest of its scope)
    and `@available` declarations. Approximate: an `@available`/`if #available` applies to the
    next `{` at the same depth."""
    tokens = source.tokens

    def merged(a: dict, b: dict) -> dict:
        out = dict(a)
        for k, v in b.items():
            if k not in out or v > out[k]:
                out[k] = v
        return out

    scopes: list[dict] = [{}]
    pending: dict | None = None
    guard_statement: dict | None = None
    guard_else_depth: int | None = None
    changes: list[tuple[tuple[int, int], dict]] = [((0, 0), {})]
    for index, t in enumerate(tokens):
        if t.is_identifier("#available", "@available"):
            nxt = tokens[index + 1] if index + 1 < len(tokens) else None
            if nxt is not None and nxt.is_punctuation("("):
                close = closing_index(tokens, index + 1)
                versions = _guard_versions(split_arguments(tokens[index + 2:close]))
                if versions:
                    if t.text == "#available" and _is_guard_statement(tokens, index):
                        guard_statement = versions
                    else:
                        pending = merged(pending or {}, versions)
            continue
        if t.is_punctuation("{"):
            inherited = dict(scopes[-1])
            if guard_statement is not None and guard_else_depth is None:
                guard_else_depth = len(scopes)
                scopes.append(inherited)
            else:
                scopes.append(merged(inherited, pending) if pending else inherited)
                pending = None
            changes.append(((t.line, t.column), scopes[-1]))
        elif t.is_punctuation("}"):
            if len(scopes) > 1:
                scopes.pop()
            if guard_else_depth is not None and len(scopes) == guard_else_depth:
                scopes[-1] = merged(scopes[-1], guard_statement or {})
                guard_statement, guard_else_depth = None, None
            changes.append(((t.line, t.column + 1), scopes[-1]))
    positions = [c[0] for c in changes]

    def at(line: int, column: int) -> dict:
        return changes[bisect.bisect_right(positions, (line, column)) - 1][1]

    return at


def stdlib_introduced(entry: dict, platform: str) -> tuple[int, ...] | None:
    """When a standard-library entry came to `platform`: its own version, or for visionOS the
    one iOS's implies."""
    introduced = entry["introduced"]
    if platform in introduced:
        return parse_version(introduced[platform])
    if platform == "visionos" and "ios" in introduced:
        return inherited_version(parse_version(introduced["ios"]), "ios", "visionos")
    return None
