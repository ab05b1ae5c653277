#!/usr/bin/env python3
"""How closely live (or native) runs keep to the model: runs every bundled scenario N times with
`lab run NAME --live --format json --tolerance MS+PCT` and prints, per scenario, how many runs
met every check within that tolerance, and the worst deviation of each timed check.

Usage: Scripts/live-fidelity.py [--runs N] [--tolerance 1+2] [--native] [--scale S] [--lab PATH]
       [NAME ...]
The lab defaults to .build/release/lab (build it with `swift build -c release --product lab`).
Exit status 1 when some run missed, so a script can use it; docs/runtimes.md has the numbers."""
import argparse
import json
import re
import subprocess
import sys

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("--runs", type=int, default=3)
parser.add_argument("--tolerance", default="1+2")
parser.add_argument("--native", action="store_true")
parser.add_argument("--scale", help="real ms per scenario ms (default: the lab's choice)")
parser.add_argument("--lab", default=".build/release/lab")
parser.add_argument("names", nargs="*")
args = parser.parse_args()

names = args.names or subprocess.run(
    [args.lab, "list", "--scenarios", "--names"], capture_output=True, text=True, check=True
).stdout.split()
mode = "--native" if args.native else "--live"
number = re.compile(r"-?[0-9]+(\.[0-9]+)?")
within = 0
for name in names:
    passed, worst = 0, {}
    for _ in range(args.runs):
        run = subprocess.run(
            [args.lab, "run", name, mode, "--format", "json", "--tolerance", args.tolerance]
            + (["--scale", args.scale] if args.scale else []),
            capture_output=True, text=True)
        try:
            document = json.loads(run.stdout)
        except json.JSONDecodeError:
            print(f"{name}: no JSON ({run.stderr.strip()[:120]})")
            break
        passed += document["passed"]
        for check in document["checks"]:
            expected = number.match(check["expected"])
            actual = number.match(check["actual"])
            if "±" not in check["expected"] or not expected or not actual:
                continue
            deviation = float(actual.group()) - float(expected.group())
            if abs(deviation) > abs(worst.get(check["name"], (0, 0))[0]):
                worst[check["name"]] = (deviation, check["passed"])
    within += passed == args.runs
    shown = ", ".join(
        f"{key} {value:+.1f}{'' if ok else ' ✘'}" for key, (value, ok) in sorted(worst.items()))
    print(f"{'ok ' if passed == args.runs else 'MISS'} {passed}/{args.runs}  {name:32} {shown}")
print(f"{within} of {len(names)} scenarios within ±({args.tolerance.replace('+', ' ms + ')} %) "
      f"in all {args.runs} runs")
sys.exit(0 if within == len(names) else 1)
