#!/usr/bin/env python3
"""Which test target each test file belongs in, and whether Package.swift agrees.

A test file belongs to the test target of the highest layer it needs: the highest of the modules
it imports, in the order of LAYERS (the order of docs/architecture.md's graph, bottom to top), so
work on the model builds no test of the site. A test-support target (a regular target under
Tests/) stands for the highest layer it depends on. Files that use each other (a suite's helper
called from another file, an `extension` of another file's suite) must share a target, since
test targets cannot import each other: they go together, to the highest layer any of them
needs. Files with no `@Test` and no `@Suite` are helpers and stay where they are; a test that
uses one must be in its target (the in-process `InProcessLab` and `TestSupport.runLab`, which
start `lab`, are LabCLITests' own). To let a test move down, move what it shares into a
test-support target.

Usage: Scripts/test-layers.py [--package-json FILE] [--move]
  prints "PATH  TARGET  (what places it there)" for every test file, then checks that each file
  is in the folder of its target, that its target is declared, and that each test
  target depends on what its files import and on no layer above its own. Exit 0 when all agree,
  1 with a `file:line:column: error: …; …` line for each disagreement.
  --package-json FILE  reads `swift package dump-package` output from FILE instead of running it.
  --move               moves (git mv) each misplaced test file into its target's folder.
"""

import json
import os
import re
import subprocess
import sys

# Bottom to top; a test target's name is its layer's with "Tests" (the CLI's: LabCLITests).
LAYERS = [
    "LabRuntime",
    "LabProcess",
    "LabModel",
    "LabSwift",
    "LabInterpreter",
    "LabChecks",
    "LabCommandLine",
    "LabPictures",
    "LabNative",
    "LabLessons",
    "LabSite",
    "lab",
]
# What a file declares for other files: top-level types and functions (`private` ones stay in
# their file), and the members a helper adds to `TestSupport`.
DECLARED = re.compile(
    r"^(?:@\w+(?:\([^\n]*?\))?\s+)*(?:(?:public|final|nonisolated)\s+)*"
    r"(struct|enum|class|actor|protocol|func)\s+(\w+)",
    re.M,
)
SUPPORT_MEMBER = re.compile(r"^  (?:public\s+)?static\s+(?:func|var|let)\s+(\w+)", re.M)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IMPORT = re.compile(r"^(?:@testable\s+)?import\s+(?:(?:struct|enum|class|func)\s+)?(\w+)", re.M)
TEST_MARK = re.compile(r"^\s*@(Test|Suite)\b", re.M)
# Folders of programs that stand alone, each compiled with swiftc by its own script or test and
# part of no target (Tests/NativeFacts/README.md, Tests/OwnPrograms/README.md,
# Tests/ProgramScenarios/README.md): no test target
# holds them.
STANDALONE = ["Tests/NativeFacts/", "Tests/OwnPrograms/", "Tests/ProgramScenarios/"]


def test_target_name(layer):
    return "LabCLITests" if layer == "lab" else layer + "Tests"


def load_package(argv):
    if "--package-json" in argv:
        with open(argv[argv.index("--package-json") + 1], encoding="utf-8") as file:
            return json.load(file)
    dump = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(dump.stdout)


def dependency_names(target):
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def error(path, message):
    print(f"{path}:1:1: error: {message}", file=sys.stderr)


def main(argv):
    if "-h" in argv or "--help" in argv:
        print(__doc__.strip())
        return 64
    package = load_package(argv)
    targets = {target["name"]: target for target in package["targets"]}
    folder = {
        name: target.get("path")
        or ("Tests/" if target["type"] == "test" else "Sources/") + name
        for name, target in targets.items()
    }
    problems = 0
    for name, target in targets.items():
        if target["type"] != "test" and folder[name].startswith("Sources/") and name not in LAYERS:
            error("Scripts/test-layers.py", f"target '{name}' is in no layer; add it to LAYERS")
            problems += 1

    # A test-support target stands for the highest layer it depends on.
    rank = {name: index for index, name in enumerate(LAYERS)}

    def layer_rank(name, seen=()):
        if name in rank:
            return rank[name]
        if name not in targets or name in seen:
            return -1
        below = [layer_rank(d, seen + (name,)) for d in dependency_names(targets[name])]
        return max(below, default=-1)

    test_targets = {n: t for n, t in targets.items() if t["type"] == "test"}
    layer_of_target = {test_target_name(layer): layer for layer in LAYERS}

    # Every Swift file under Tests/, by the target whose folder holds it (none: a folder left
    # from an older layout, or a new one), so a test added anywhere is placed.
    owner = {}
    for directory, _, files in sorted(os.walk(os.path.join(ROOT, "Tests"))):
        for file in sorted(f for f in files if f.endswith(".swift")):
            path = os.path.relpath(os.path.join(directory, file), ROOT)
            if any(path.startswith(standalone) for standalone in STANDALONE):
                continue
            holders = [n for n in targets if path.startswith(folder[n].rstrip("/") + "/")]
            owner[path] = max(holders, key=lambda n: len(folder[n]), default=None)

    for name in sorted(test_targets):
        target_layer = layer_of_target.get(name)
        if target_layer is None:
            error("Package.swift", f"test target '{name}' is no layer's; name it after one")
            problems += 1
            continue
        for dependency in dependency_names(test_targets[name]):
            if layer_rank(dependency) > rank[target_layer]:
                error(
                    "Package.swift",
                    f"test target '{name}' depends on '{dependency}', a layer above its own; "
                    "move the tests that need it up",
                )
                problems += 1

    def read(path):
        with open(os.path.join(ROOT, path), encoding="utf-8") as source:
            return re.sub(r"//[^\n]*", "", source.read())  # a name in a comment links nothing

    files = {path: read(path) for path, name in owner.items()
             if name is None or targets[name]["type"] == "test"}
    is_test = {path: bool(TEST_MARK.search(text)) for path, text in files.items()}
    declares = {}  # a pattern for a name -> the file that declares it
    for path, text in files.items():
        for kind, declared in DECLARED.findall(text):
            # A function is used where it is called unqualified, by a file without its own.
            pattern = rf"(?<!func )(?<![.\w]){declared}\(" if kind == "func" else rf"\b{declared}\b"
            declares[(declared, pattern)] = path
        if not is_test[path] and re.search(r"^extension TestSupport\b", text, re.M):
            for member in SUPPORT_MEMBER.findall(text):
                declares[(f"TestSupport.{member}", rf"\bTestSupport\.{member}\b")] = path

    # Files that use each other, joined (union-find) into groups that share a target.
    group = {path: path for path in files}

    def root(path):
        while group[path] != path:
            group[path] = group[group[path]]
            path = group[path]
        return path

    uses = {path: [] for path in files}
    for (declared, pattern), declarer in declares.items():
        for path, text in files.items():
            # A file that declares the name itself means its own (a suite split across two
            # targets declares its type in each).
            own = re.search(rf"\b(?:func|struct|enum|class|actor|protocol) {declared}\b", text)
            if path != declarer and not own and re.search(pattern, text):
                uses[path].append(declared)
                group[root(path)] = root(declarer)

    need = {}  # each group's highest layer
    imports = {}
    for path, text in files.items():
        imports[path] = [m for m in IMPORT.findall(text) if layer_rank(m) >= 0]
        ranks = [layer_rank(m) for m in imports[path]]
        if not is_test[path] and owner[path] in layer_of_target:
            ranks.append(rank[layer_of_target[owner[path]]])  # a helper stays: its group with it
        top = root(path)
        need[top] = max(ranks + [need.get(top, -1)])

    moves = []
    for path in sorted(files):
        name = owner[path]
        if need[root(path)] < 0:
            error(path, "a test that imports no layer; import the one it tests")
            problems += 1
            continue
        home = test_target_name(LAYERS[need[root(path)]])
        reasons = ", ".join(imports[path] + sorted(set(uses[path])))
        if not is_test[path]:
            print(f"{path}  {name}  (a helper; {reasons})")
            if home != name:
                error(path, f"a helper of {name}, but tests in {home} use it; move it into a "
                      "test-support target both reach")
                problems += 1
            continue
        print(f"{path}  {home}  ({reasons})")
        for module in imports[path] if home == name else []:
            if module not in dependency_names(targets[name]):
                error(path, f"imports '{module}', not a dependency of '{name}' in Package.swift; "
                      "add it there")
                problems += 1
        if home not in test_targets:
            error(path, f"belongs in {home}, which Package.swift does not declare; declare it")
            problems += 1
        elif home != name:
            where = name or "no target"
            error(path, f"belongs in {home}, not {where}; Scripts/test-layers.py --move")
            # Kept below its old folder's own subfolders (Support/…) in the new one.
            inner = os.path.relpath(path, folder[name]) if name else os.path.basename(path)
            moves.append((path, home, inner))
            problems += 1

    if "--move" in argv:
        for path, home, relative in moves:
            destination = os.path.join(folder.get(home, "Tests/" + home), relative)
            os.makedirs(os.path.join(ROOT, os.path.dirname(destination)), exist_ok=True)
            moved = subprocess.run(["git", "mv", path, destination], cwd=ROOT, capture_output=True)
            if moved.returncode != 0:  # a file git does not track yet
                os.replace(os.path.join(ROOT, path), os.path.join(ROOT, destination))
            print(f"moved {path} -> {destination}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
