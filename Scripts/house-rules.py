#!/usr/bin/env python3
"""The house rules a reviewer should not have to count: no Swift file over 400 lines, no function
over 80, and the command-line target under 10 % of the source lines. Prints each breach as
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
