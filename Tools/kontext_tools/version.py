"""The SDK's version: defined once, in Modules/KontextVideo/Sources/Internal/Session/KontextVideoVersion.swift
(`KontextVideo.shared.version`, and `sdk.version` in every request).

It also defines, once, how a publisher depends on the package: the repository's URL
(`REPOSITORY_URL` below) and the version pin, `.upToNextMinor(from:)` the current version while it
is 0.x (RELEASING.md: a 0.x minor release may break), `from:` from 1.0 on.

    Scripts/version            print it
    Scripts/version --install  print the `.package(...)` line publishers add to their Package.swift
    Scripts/version --check    CI: it is a semantic version; CHANGELOG.md's latest release heading
                               (`## [X.Y.Z] - YYYY-MM-DD`) is that version, so no release ships a version
                               the CHANGELOG does not describe; a version tag on HEAD (`X.Y.Z` or
                               `vX.Y.Z`) is that version; no other source file spells it out; every
                               install line of the documentation is `--install`'s, every mention of the
                               repository is REPOSITORY_URL, `.product(…, package:)` names the
                               package identity SwiftPM derives from that URL, and, while
                               REPOSITORY_PUBLIC is False, each install document says the URL is
                               "not public yet".
Exit status: 0, or 1 with what is wrong. Standard library only.
"""
from __future__ import annotations

import argparse
import datetime
import pathlib
import re
import subprocess
import sys

from .repo import ROOT
from . import swift_facts
from .swift_facts import matches_at

VERSION_FILE = pathlib.Path("Modules/KontextVideo/Sources/Internal/Session/KontextVideoVersion.swift")
# The definition, as tokens: `static let current = "X.Y.Z"`.
DEFINITION = ["static", "let", "current", "="]
# Semantic Versioning 2.0.0, https://semver.org
SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
                    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
                    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$")
RELEASE_HEADING = re.compile(r"^## \[([^\]]+)\](.*)$", re.M)

# The repository publishers add. Not public yet: this is the one place to change when it is.
REPOSITORY_URL = "https://github.com/kontextso/sdk-swift-video"
# While it is not, every install document says so in these words, next to the URL; set it to True
# the day the repository is public (and take the sentences out).
REPOSITORY_PUBLIC = False
NOT_PUBLIC_NOTE = "not public yet"
# The documents that tell publishers how to install (each must carry the install line) and every
# Markdown file the checks read (the DocC catalogs included).
INSTALL_DOCUMENTS = ("README.md", "Modules/KontextVideo/Sources/KontextVideo.docc/Articles/getting-started.md")
DOCUMENTS = ("*.md", "Modules/**/*.md", "Examples/**/*.md", "ConformanceTests/*.md", "Scripts/**/*.md")
PACKAGE_DEPENDENCY = re.compile(r"\.package\(url:\s*\"[^\n]*\)")
PRODUCT_PACKAGE = re.compile(r"\.product\(name:\s*\"KontextVideo(?:Testing)?\",\s*package:\s*\"([^\"]*)\"\)")


def version_definitions(swift: str) -> list[str]:
    """The values of every `static let current = "…"` of a Swift file (comments and other
    strings aside)."""
    tokens = swift_facts.parse(swift).tokens
    return [tokens[i + len(DEFINITION)].value for i in range(len(tokens) - len(DEFINITION))
            if matches_at(tokens, i, DEFINITION) and tokens[i + len(DEFINITION)].value is not None]


def read_version(root: pathlib.Path) -> str:
    found = version_definitions((root / VERSION_FILE).read_text(encoding="utf-8"))
    if len(found) != 1:
        raise SystemExit(f"version: expected one `static let current = \"…\"` in {VERSION_FILE}, found {len(found)}")
    return found[0]


def latest_release(changelog: str) -> tuple[str | None, str]:
    """The first `## [X]` heading other than `[Unreleased]`, and the rest of its line (its date,
    which `release_problems` requires)."""
    for match in RELEASE_HEADING.finditer(changelog):
        if match.group(1).strip().lower() != "unreleased":
            return match.group(1).strip(), match.group(2)
    return None, ""


def is_day(text: str) -> bool:
    """`YYYY-MM-DD` names a day of the calendar (not 2026-13-01)."""
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def release_problems(changelog: str, version: str, name: str = "CHANGELOG.md") -> list[str]:
    """What is wrong with the CHANGELOG's latest release heading for `version`: there is none (only
    `## [Unreleased]`), it names another version, or it has no date (`## [X.Y.Z] - YYYY-MM-DD`, a
    real day, as Keep a Changelog writes it)."""
    release, rest = latest_release(changelog)
    if release is None:
        return [f"{name} has no release section: the version is {version}, so its latest "
                f"release heading must read `## [{version}] - YYYY-MM-DD` (RELEASING.md)"]
    if release != version:
        return [f"{name}'s latest release is [{release}] but the version is {version}: "
                f"a release must ship the version its CHANGELOG section describes (RELEASING.md)"]
    date = re.match(r"^ - (\d{4}-\d{2}-\d{2})\s*$", rest)
    if date is None or not is_day(date.group(1)):
        return [f"{name}: the heading `## [{release}]{rest}` needs its date: `## [{release}] - YYYY-MM-DD`"]
    return []


def head_tags(root: pathlib.Path) -> list[str]:
    result = subprocess.run(["git", "tag", "--points-at", "HEAD"], cwd=root, capture_output=True, text=True)
    return result.stdout.split() if result.returncode == 0 else []


def other_copies(root: pathlib.Path, version: str) -> list[str]:
    """Source files (SDK, tools, examples) other than the version file with the version as a
    string literal."""
    found = []
    paths = [path for pattern in ("Modules/*/Sources/**/*.swift", "Examples/**/*.swift") for path in sorted(root.glob(pattern))
             if path.relative_to(root) != VERSION_FILE]
    for path, source in swift_facts.read(paths).items():
        if any(t.value == version for t in source.tokens):
            found.append(str(path.relative_to(root)))
    return found


def install_line(version: str, repository: str = REPOSITORY_URL) -> str:
    """The dependency a publisher adds: up to the next minor version while 0.x, the next major after."""
    pin = f'.upToNextMinor(from: "{version}")' if version.split(".")[0] == "0" else f'from: "{version}"'
    return f'.package(url: "{repository}", {pin})'


def package_identity(repository: str) -> str:
    """SwiftPM's identity for a URL dependency: the last path component, lowercased, without `.git`."""
    name = repository.rstrip("/").rsplit("/", 1)[-1]
    return (name[:-4] if name.endswith(".git") else name).lower()


def documents(root: pathlib.Path) -> list[pathlib.Path]:
    found = {path for pattern in DOCUMENTS for path in root.glob(pattern) if ".build" not in path.parts}
    return sorted(found)


def check_install_lines(root: pathlib.Path, version: str, repository: str = REPOSITORY_URL,
                        public: bool = REPOSITORY_PUBLIC) -> list[str]:
    """Every install line, repository mention and product reference of the documentation agrees
    with `install_line`; the install documents carry the line and, while the repository is not
    public, say so (`NOT_PUBLIC_NOTE`)."""
    expected = install_line(version, repository)
    identity = package_identity(repository)
    # Any repository of the same owner, so a renamed or older name is caught.
    owner = repository.rstrip("/").rsplit("/", 1)[0].split("://", 1)[-1]
    mention = re.compile(r"https?://" + re.escape(owner) + r"/[A-Za-z0-9._-]+")
    problems = []
    for path in documents(root):
        text = path.read_text(encoding="utf-8")
        name = str(path.relative_to(root))
        for number, line in enumerate(text.splitlines(), 1):
            for found in PACKAGE_DEPENDENCY.findall(line):
                if found != expected:
                    problems.append(f"{name}:{number}: `{found}` is not the install line `{expected}` (Scripts/version --install)")
            for found in mention.findall(line):
                if found != repository:
                    problems.append(f"{name}:{number}: {found} is not the repository, {repository} (REPOSITORY_URL in Tools/kontext_tools/version.py)")
            for found in PRODUCT_PACKAGE.findall(line):
                if found != identity:
                    problems.append(f"{name}:{number}: package: \"{found}\" is not the package's identity, \"{identity}\" "
                                    f"(the last component of its URL)")
        if name in INSTALL_DOCUMENTS and expected not in text:
            problems.append(f"{name} does not carry the install line `{expected}`")
        if name in INSTALL_DOCUMENTS and not public and NOT_PUBLIC_NOTE not in " ".join(text.lower().split()):
            problems.append(f"{name} gives the repository's URL without saying it is {NOT_PUBLIC_NOTE} "
                            f"(REPOSITORY_PUBLIC in Tools/kontext_tools/version.py)")
    return problems


def check(root: pathlib.Path, changelog_path: pathlib.Path) -> list[str]:
    problems = []
    version = read_version(root)
    if not SEMVER.match(version):
        problems.append(f"{VERSION_FILE}: {version!r} is not a semantic version (MAJOR.MINOR.PATCH[-PRERELEASE])")
    changelog = changelog_path.read_text(encoding="utf-8") if changelog_path.exists() else ""
    problems += release_problems(changelog, version, changelog_path.name)
    for tag in head_tags(root):
        name = tag[1:] if tag.startswith("v") else tag
        if SEMVER.match(name) and name != version:
            problems.append(f"HEAD is tagged {tag}, but the version is {version}")
    for path in other_copies(root, version):
        problems.append(f"{path} spells out the version \"{version}\": read KontextVideoVersion.current instead")
    problems += check_install_lines(root, version)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print or check the SDK's version.")
    parser.add_argument("--check", action="store_true", help="check the version against CHANGELOG.md, tags, sources and install lines")
    parser.add_argument("--install", action="store_true", help="print the line publishers add to their Package.swift")
    parser.add_argument("--root", type=pathlib.Path, default=ROOT, help=argparse.SUPPRESS)
    parser.add_argument("--changelog", type=pathlib.Path, help="default: CHANGELOG.md of the repository")
    arguments = parser.parse_args(argv)
    version = read_version(arguments.root)
    if arguments.install:
        print(install_line(version))
        return 0
    if not arguments.check:
        print(version)
        return 0
    problems = check(arguments.root, arguments.changelog or arguments.root / "CHANGELOG.md")
    for problem in problems:
        print(f"version: {problem}")
    if problems:
        return 1
    print(f"version: {version}, as CHANGELOG.md's latest release says; install line {install_line(version)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
