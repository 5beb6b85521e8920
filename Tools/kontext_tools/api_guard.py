"""The public API guard: the publisher-facing modules against their committed baselines.

Which modules: every library product's module (`KontextVideo`, `KontextVideoTesting`) and every
module they re-export with `@_exported import` or expose through a public typealias, followed
transitively (today `KontextVideoModels`, `KontextVideoLabels`, `KontextVideoPresentation`,
`KontextVideoPlayerTracking` through the facade; `KontextVideoSandbox` through the test kit, and
`KontextVideoTestSupport`, whose `HeadlessPlayer` and `TestClock` the test kit names). A publisher's
`import KontextVideo` sees all of them, so a break in any of them breaks the publisher's build;
SwiftPM's `diagnose-api-breaking-changes` compares each product's own module only and misses
breaks in re-exported ones.

How: `swift-api-digester -dump-sdk` over the debug build's `.swiftmodule` files, one JSON per module,
reduced to the public API (the `package` declarations the dump also carries are dropped, and of the
imports only the re-exports are kept); then `swift-api-digester -diagnose-sdk` between each committed
baseline `API/<Module>.json` and the current dump. Any finding (a declaration removed, renamed, its
type or generic signature changed, a protocol requirement added, a conformance or attribute dropped,
...), a module that stopped being re-exported, or a guarded module without a baseline fails the guard.
Additions pass; they are counted, and recorded in the baselines by `--update` (at the latest when a
version is released, see RELEASING.md).

The baselines describe the Linux build. On Apple platforms the interface also has the UIKit and
AVFoundation spellings (`show(in: UIView, …)`, `track(_: AVPlayer)`), which this guard does not see.

Usage:
    Scripts/api-guard               build (a no-op after `swift build`), dump, compare; exit 1 on a break
    Scripts/api-guard --update      write the current public API to API/<Module>.json (an intentional
                                    break: in the same commit, with a CHANGELOG "Changed"/"Removed" entry)
    Scripts/api-guard --skip-build  use the build that is there (CI, right after its build)
Exit status: 0 no break, 1 a break (or a missing baseline), 2 the guard could not run.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import platform
import shutil
import subprocess
import sys

from . import repo

ROOT = repo.ROOT
BASELINES = ROOT / "API"
WORK = ROOT / ".build" / "api-guard"


def say(line: str = "") -> None:
    print(f"api-guard: {line}" if line else "", flush=True)


def run(arguments: list[str], **options) -> subprocess.CompletedProcess:
    return subprocess.run(arguments, cwd=ROOT, text=True, capture_output=True, **options)


def digester() -> str:
    """`swift-api-digester` beside the `swift` on the PATH (Linux toolchains ship it there)."""
    found = shutil.which("swift-api-digester")
    if found:
        return found
    swift = shutil.which("swift")
    if swift:
        candidate = pathlib.Path(os.path.realpath(swift)).parent / "swift-api-digester"
        if candidate.exists():
            return str(candidate)
    if platform.system() == "Darwin":
        found = run(["xcrun", "--find", "swift-api-digester"]).stdout.strip()
        if found:
            return found
    sys.exit("api-guard: swift-api-digester not found beside swift (it ships with the Swift toolchain)")


def products() -> tuple[list[str], set[str]]:
    """(the library products' modules, every target of the package)."""
    package = repo.load_package(ROOT)
    return package.library_products(), set(package.targets)


def modules_directory() -> pathlib.Path:
    bin_path = repo.bin_path(ROOT)
    for candidate in (bin_path / "Modules", bin_path):
        if (candidate / "KontextVideo.swiftmodule").exists():
            return candidate
    sys.exit(f"api-guard: no KontextVideo.swiftmodule under {bin_path}: build first (swift build), or drop --skip-build")


def public_only(node: dict) -> dict | None:
    """The node without its `package` declarations (`isInternal`) and non-re-exported imports."""
    if node.get("isInternal"):
        return None
    if node.get("kind") == "Import" and "Exported" not in node.get("declAttributes", []):
        return None
    children = node.get("children")
    if children is not None:
        node = dict(node)
        node["children"] = [kept for kept in (public_only(child) for child in children) if kept is not None]
    return node


def dump(tool: str, module: str, search: pathlib.Path) -> dict:
    raw = WORK / "raw" / f"{module}.json"
    raw.parent.mkdir(parents=True, exist_ok=True)
    result = run([tool, "-dump-sdk", "-module", module, "-I", str(search), "-o", str(raw),
                  "-module-cache-path", str(WORK / "ModuleCache"), "-avoid-location", "-avoid-tool-args",
                  "-abort-on-module-fail"])
    if result.returncode != 0 or not raw.exists():
        sys.exit(f"api-guard: swift-api-digester -dump-sdk -module {module} failed:\n{result.stdout}{result.stderr}")
    reduced = json.loads(raw.read_text(encoding="utf-8"))
    reduced["ABIRoot"] = public_only(reduced["ABIRoot"])
    return reduced


def write(path: pathlib.Path, content: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(content, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def re_exports(content: dict, package_targets: set[str]) -> list[str]:
    return sorted(child["name"] for child in content["ABIRoot"].get("children", [])
                  if child.get("kind") == "Import" and child["name"] in package_targets)


def aliased_modules(node: dict, package_targets: set[str]) -> set[str]:
    """The package modules whose types `node` exposes through a public typealias
    (`public typealias Name = OtherModule.Name`)."""
    found: set[str] = set()
    for child in node.get("children", []) or []:
        if child.get("kind") == "TypeAlias":
            for target in child.get("children", []) or []:
                module = target.get("printedName", "").split(".", 1)[0]
                if module in package_targets:
                    found.add(module)
        found |= aliased_modules(child, package_targets)
    return found


def declarations(node: dict) -> set[str]:
    """Every declaration's USR under `node` (imports and accessors aside): for counting additions."""
    found: set[str] = set()
    for child in node.get("children", []) or []:
        if child.get("usr") and child.get("kind") not in ("Import", "TypeNominal", "TypeNameAlias", "TypeFunc", "Accessor"):
            found.add(child["usr"])
        found |= declarations(child)
    return found


def findings(tool: str, baseline: pathlib.Path, current: pathlib.Path, module: str) -> list[str]:
    report = WORK / "diagnose" / f"{module}.txt"
    report.parent.mkdir(parents=True, exist_ok=True)
    result = run([tool, "-diagnose-sdk", "-input-paths", str(baseline), "-input-paths", str(current), "-o", str(report)])
    if result.returncode != 0 or not report.exists():
        sys.exit(f"api-guard: swift-api-digester -diagnose-sdk failed for {module}:\n{result.stdout}{result.stderr}")
    lines = report.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("/*")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help="write the current public API to API/<Module>.json")
    parser.add_argument("--skip-build", action="store_true", help="use the existing debug build")
    arguments = parser.parse_args(argv)

    if platform.system() != "Linux":
        say("the baselines in API/ describe the Linux build (on Apple platforms the interface also has the UIKit and")
        say("AVFoundation spellings): the guard runs on Linux, in .ci/run. Nothing checked here.")
        return 0
    tool = digester()
    roots, package_targets = products()
    if not arguments.skip_build:
        for root in roots:
            built = run(["swift", "build", "--target", root])
            if built.returncode != 0:
                sys.exit(f"api-guard: swift build --target {root} failed:\n{built.stdout[-3000:]}{built.stderr[-2000:]}")
    search = modules_directory()

    # The library products' modules and what they re-export, transitively.
    current: dict[str, dict] = {}
    pending = list(roots)
    while pending:
        module = pending.pop(0)
        if module in current:
            continue
        current[module] = dump(tool, module, search)
        exposed = set(re_exports(current[module], package_targets)) | aliased_modules(current[module]["ABIRoot"], package_targets)
        pending += [name for name in sorted(exposed) if name not in current]
    for module, content in current.items():
        write(WORK / "current" / f"{module}.json", content)

    if arguments.update:
        for stale in sorted(BASELINES.glob("*.json")):
            if stale.stem not in current:
                stale.unlink()
                say(f"removed API/{stale.name}: {stale.stem} is no longer public")
        for module, content in sorted(current.items()):
            path = BASELINES / f"{module}.json"
            before = path.read_text(encoding="utf-8") if path.exists() else None
            write(path, content)
            state = "unchanged" if before == path.read_text(encoding="utf-8") else ("written" if before is None else "updated")
            say(f"API/{module}.json {state} ({len(declarations(content['ABIRoot']))} public declarations)")
        say("commit API/ with the change; a break also needs a CHANGELOG \"Changed\" or \"Removed\" entry (RELEASING.md)")
        return 0

    problems: list[str] = []
    additions = 0
    baselines = {path.stem for path in BASELINES.glob("*.json")}
    for module in sorted(set(current) | baselines):
        baseline_path = BASELINES / f"{module}.json"
        if module not in current:
            problems.append(f"{module}: no longer public (no library product has it, re-exports it or aliases its types), "
                            f"but API/{module}.json promises its API")
            continue
        if module not in baselines:
            problems.append(f"{module}: public (a product, re-exported or aliased) but has no baseline: run Scripts/api-guard --update "
                            f"and commit API/{module}.json")
            continue
        baseline = json.loads(baseline_path.read_text(encoding="utf-8"))
        for dropped in sorted(set(re_exports(baseline, package_targets)) - set(re_exports(current[module], package_targets))):
            problems.append(f"{module}: no longer re-exports {dropped} (`@_exported import {dropped}` removed): "
                            f"publishers' `import {module}` loses its API")
        for line in findings(tool, baseline_path, WORK / "current" / f"{module}.json", module):
            problems.append(f"{module}: {line}")
        additions += len(declarations(current[module]["ABIRoot"]) - declarations(baseline["ABIRoot"]))

    guarded = ", ".join(sorted(current))
    if problems:
        say(f"BREAKING: the public API changed incompatibly ({len(problems)} finding(s)):")
        for problem in problems:
            print(f"  {problem}")
        say("if the break is intended, run Scripts/api-guard --update and commit API/ with a CHANGELOG")
        say("\"Changed\" or \"Removed\" entry; it ships in the next major version (minor while in 0.x; RELEASING.md)")
        return 1
    note = f"; {additions} addition(s) not yet recorded in API/ (Scripts/api-guard --update records them)" if additions else ""
    say(f"no breaking change in {len(current)} modules ({guarded}){note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
