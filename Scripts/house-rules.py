#!/usr/bin/env python3
"""The house rules a reviewer should not have to count: no Swift file over 400 lines, no function
over 80, the command-line target under 10 % of the source lines, each of the interpreter's
owned parts touched only by the extensions that own it, and every test's time limit the one
`TestSupport.hangLimit`. Prints each breach as
`file:line: error: …` and exits 1 if there is one. Run by .ci/run; see docs/architecture.md."""
import pathlib
import re
import sys

MAX_FILE_LINES = 400
MAX_FUNCTION_LINES = 80
MAX_CLI_SHARE = 0.10
FOLDERS = ["Sources", "Tests", "Benchmarks/Sources", "Fuzz"]
DECLARATION = re.compile(r"^\s*(?:@[\w().: ]+\s+)*(?:(?:public|package|private|fileprivate|internal|"
                         r"static|class|final|mutating|nonisolated|override|convenience|required|"
                         r"@\w+)\s+)*(?:func\s+[^\s(<]+|init[?!]?|deinit|subscript)\s*[(<{]")

# A line that starts something else, met before a declaration's `{`: the declaration had no body.
BODYLESS = re.compile(r"^\s*(?:///|@|public |package |private |fileprivate |internal |static |func |"
                      r"var |let |struct |class |enum |actor |extension |protocol |init|})")

# The interpreter's owned parts (stored properties of `Interpreter`) and the extension files that
# own each: another `Interpreter+*.swift` that reaches into a part breaks the grouping, so a new
# use either belongs in an owner or the part's owners change here, on purpose. `Interpreter.swift`
# declares the parts and `Interpreter+Teardown.swift` ends every one of them, so both may touch all.
INTERPRETER = pathlib.Path("Sources/LabInterpreter/Interpreter")
PART_OWNERS = {
    "dispatch": ["Dispatch", "DispatchSync"],
    "locks": ["Locks"],
    "streams": ["Streams", "Inputs", "Termination"],
    "openContinuations": ["Continuations"],
    # Work is begun by whatever starts it and waited out by the root.
    "inFlight": ["Root", "Tasks", "Dispatch", "Inputs"],
}
TOUCHES_EVERY_PART = {"Interpreter.swift", "Interpreter+Teardown.swift"}

# A test's time limit counts from before its body has a thread: Swift Testing runs the body and
# the limit's timer as two tasks of the cooperative pool (two threads on two cores), which
# synchronous tests hold for minutes at a time. So a short limit fails a quick test that only
# waited its turn (a 4 s live run "exceeded" 2 minutes in a whole-suite run), and every limit is
# the one that cannot be reached by waiting (`TestSupport.hangLimit`).
TIME_LIMIT = re.compile(r"\.timeLimit\((?!TestSupport\.hangLimit\))")


def time_limit_breaches(path: pathlib.Path, lines: list[str]) -> list[str]:
    """A `.timeLimit` other than `TestSupport.hangLimit`, one line each."""
    return [
        f"{path}:{number}: error: a time limit of its own; use .timeLimit(TestSupport.hangLimit), "
        f"which waiting for a thread cannot reach (Scripts/house-rules.py says why)"
        for number, line in enumerate(lines, 1) if TIME_LIMIT.search(code_of(line))]


def part_breaches() -> list[str]:
    """An `Interpreter+*.swift` file that touches a part it does not own, one line each."""
    breaches = []
    for path in sorted(INTERPRETER.glob("Interpreter+*.swift")):
        if path.name in TOUCHES_EVERY_PART:
            continue
        extension = path.stem.removeprefix("Interpreter+")
        for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
            code = code_of(line)
            for part, owners in PART_OWNERS.items():
                if extension not in owners and re.search(rf"(?<![\w.])(?:self\.)?{part}\.", code):
                    breaches.append(
                        f"{path}:{number}: error: touches the interpreter's part '{part}', owned by "
                        f"{', '.join('Interpreter+' + o for o in owners)}; move the use there, or "
                        f"make this file an owner in Scripts/house-rules.py's PART_OWNERS")
    return breaches


def code_of(line: str) -> str:
    """The line without string literals and `//` comments, so their braces are not counted."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def function_lengths(lines: list[str]):
    """Yields (first line number, length) of every function, initializer and subscript body."""
    for start, line in enumerate(lines):
        if not DECLARATION.match(line) or code_of(line).strip().startswith("//"):
            continue
        depth, opened = 0, False
        for index in range(start, len(lines)):
            code = code_of(lines[index])
            if not opened and index > start and BODYLESS.match(code):
                break  # no body: a protocol's requirement, or a declaration bound elsewhere
            for character in code:
                if character == "{":
                    depth, opened = depth + 1, True
                elif character == "}":
                    depth -= 1
            if opened and depth <= 0:
                yield start + 1, index - start + 1
                break


def main() -> int:
    breaches = []
    total = cli = 0
    for folder in FOLDERS:
        for path in sorted(pathlib.Path(folder).rglob("*.swift")):
            lines = path.read_text(encoding="utf-8").split("\n")
            count = len(lines) - (1 if lines[-1] == "" else 0)
            if str(path).startswith("Sources/"):
                total += count
                if str(path).startswith("Sources/lab/"):
                    cli += count
            if count > MAX_FILE_LINES:
                breaches.append(f"{path}:1: error: {count} lines; split it below {MAX_FILE_LINES}")
            for line, length in function_lengths(lines):
                if length > MAX_FUNCTION_LINES:
                    breaches.append(
                        f"{path}:{line}: error: a function of {length} lines; "
                        f"keep functions under {MAX_FUNCTION_LINES}")
            if str(path).startswith("Tests/"):
                breaches += time_limit_breaches(path, lines)
    breaches += part_breaches()
    share = cli / total if total else 0
    if share >= MAX_CLI_SHARE:
        breaches.append(
            f"Sources/lab:1: error: the command-line target is {share:.1%} of the source "
            f"({cli} of {total} lines); move logic into the library targets")
    for breach in breaches:
        print(breach)
    print(f"house rules: {total} source lines, CLI {share:.1%}, {len(breaches)} breaches")
    return 1 if breaches else 0


if __name__ == "__main__":
    sys.exit(main())
