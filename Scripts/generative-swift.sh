#!/usr/bin/env bash
# Type-checks the Swift program of every scenario the step table generates (GenerativeSwiftTests,
# Tests/LabSwiftTests/Support/ScenarioSpace.swift): every example of every step kind, in every
# context a step can stand in (root, tasks, async let and group children, functions of each
# isolation, an actor's method, a cancellation handler, Dispatch work items, assumeIsolated),
# under each root isolation and each defaultIsolation, with and without a race. Each program
# must compile with `swiftc -swift-version 6 -typecheck`, or be refused as a race by a scenario
# that says it has one; the writer may instead refuse a scenario with its stated reason.
#
# Usage: Scripts/generative-swift.sh [--step KEY] [--save DIR]
#          prints "generative-swift: N scenarios, … M programs: C compiled, R refused as races,
#          F failed otherwise" and each failure; exits 1 when F is not 0. --step KEY checks only
#          the scenarios of one step kind (such as streamNext). --save DIR writes each failing
#          scenario to DIR/NAME.json, for `lab swift DIR/NAME.json --check`.
# About 15 minutes on 2 busy cores (3,500 scenarios); `swift test` runs a sample of it.
set -euo pipefail
cd "$(dirname "$0")/.."

export LAB_GENERATIVE_SWIFT=all
while (( $# > 0 )); do
  case $1 in
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --save)
      [[ -n ${2:-} ]] || { echo "error: --save needs a folder" >&2; exit 64; }
      export LAB_GENERATIVE_SWIFT_SAVE=$2
      shift 2 ;;
    --step)
      [[ ${2:-} =~ ^[A-Za-z]+$ ]] || { echo "error: --step needs a step kind, such as streamNext" >&2; exit 64; }
      export LAB_GENERATIVE_SWIFT=$2
      shift 2 ;;
    *) echo "error: unknown argument '$1'; see --help" >&2; exit 64 ;;
  esac
done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
swift test --filter 'LabSwiftTests.GenerativeSwiftTests/theWholeSpace' >"$log" 2>&1 || status=$?
grep -E '^(generative-swift:|  (no program|FAILED))' "$log" || tail -40 "$log"
exit "$status"
