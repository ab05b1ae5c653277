#!/usr/bin/env python3
"""The async frames of a built binary, largest first: what each async function asks of its task.

Every call of an async function allocates its frame from the task's allocator, which hands out
slabs of 984 bytes (Swift 6.3's `SlabCapacity`: 1,024 less a slab's header); a frame that does
not fit in what is left of the current slab takes a new one, and a frame larger than a slab takes
one to itself. So a task whose chain of calls holds frames of 900 and 800 bytes holds two slabs
where frames of 300 would share one: the memory of a scenario with 100,000 tasks is mostly that.
A function's frame size is the second word of its "async function pointer" (the `Tu` symbol).

Usage: Scripts/async-frames.py [BINARY [PATTERN [COUNT]]]
  BINARY   default .build/release/lab (build it with `swift build -c release --product lab`)
  PATTERN  a part of the mangled name to keep (default LabInterpreter)
  COUNT    how many to print (default 25)
Prints "BYTES  FUNCTION" lines. Needs `nm` and `readelf` (binutils) and `swift demangle`.
"""

import struct
import subprocess
import sys


def sections(binary):
    """(name, address, file offset, size) of each section."""
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True)
    found = []
    for line in out.stdout.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 6 and parts[0].startswith("["):
            try:
                found.append((parts[1], int(parts[3], 16), int(parts[4], 16), int(parts[5], 16)))
            except ValueError:
                continue
    return found


def frames(binary, pattern):
    """(frame bytes, mangled name) of every async function whose name holds `pattern`."""
    out = subprocess.run(["nm", binary], capture_output=True, text=True, check=True)
    symbols = []
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2].endswith("Tu") and pattern in parts[2]:
            symbols.append((int(parts[0], 16), parts[2]))
    data = open(binary, "rb").read()
    table = [s for s in sections(binary) if s[0] != ".bss"]
    result = []
    for address, name in symbols:
        for _, start, offset, size in table:
            if start <= address < start + size:
                at = offset + address - start
                result.append((struct.unpack("<iI", data[at : at + 8])[1], name))
                break
    return sorted(result, reverse=True)


def main():
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__.strip())
        return 0
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/lab"
    pattern = sys.argv[2] if len(sys.argv) > 2 else "LabInterpreter"
    try:
        count = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    except ValueError:
        print(f"error: COUNT is a whole number, not '{sys.argv[3]}'; see --help", file=sys.stderr)
        return 64
    try:
        found = frames(binary, pattern)[:count]
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"{binary}: error: {error}; build it first (see --help)", file=sys.stderr)
        return 1
    names = subprocess.run(
        ["swift", "demangle", "--simplified"],
        input="\n".join(name for _, name in found),
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    for (size, _), name in zip(found, names):
        print(f"{size:6d}  {name.replace('async function pointer to ', '')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
