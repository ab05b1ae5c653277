#!/usr/bin/env bash
# Fuzzes the Swift program writer (`lab swift`, `lab run --native`) with hostile text: random
# Unicode (line terminators, quotes, comment and raw-string delimiters, bidi controls, controls)
# put at random places in the bundled scenarios' values and keys, random names given to their
# names, random file names. Each input must be refused with a clear diagnostic, or be "cannot
# write this yet", or give programs whose code is the control's (ProgramInjectionTests,
# docs/swift-programs.md "What reaches the program's source"). Built in release.
#
# Usage: Scripts/program-fuzz.sh [SECONDS] [SEED]
#          random inputs for SECONDS (default 300), from SEED (default: a new one, printed);
#          prints "program-fuzz: seed S: N inputs, 0 leaks, 0 hidden (…)".
#        Scripts/program-fuzz.sh --full
#          every payload at the start and the end of every value and key of every scenario,
#          every hostile name for every name, every payload as a file name (tens of minutes).
#
# The first finding stops the run and is saved as .build/program-fuzz/fuzz-SEED-N.json (what was
# wrong in fuzz-SEED-N.txt); copy it to Tests/ProgramInjection/ (a short name saying what it
# holds) and every test run replays it. LAB_PROGRAM_FUZZ_KEEP_GOING=1 goes on past findings,
# counting them and saving the first 50.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
fi

# Release, with testing enabled: some test files use `@testable import`.
test_release=(swift test -c release -Xswiftc -enable-testing)

if [[ ${1:-} == --full ]]; then
  export LAB_PROGRAM_INJECTION_FULL=1
  exec "${test_release[@]}" --filter 'LabSwiftTests.ProgramInjectionTests/hostileText'
fi

seconds=${1:-300}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "error: SECONDS is a whole number, not '$seconds'" >&2; exit 64; }
export LAB_PROGRAM_FUZZ_SECONDS=$seconds
if [[ -n ${2:-} ]]; then
  [[ $2 =~ ^[0-9]+$ ]] || { echo "error: SEED is a whole number, not '$2'" >&2; exit 64; }
  export LAB_PROGRAM_FUZZ_SEED=$2
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
"${test_release[@]}" --filter 'LabSwiftTests.ProgramInjectionTests/fuzz' >"$log" 2>&1 || status=$?
# The summary, and on a finding what it is and where it was saved.
grep -E '^program-fuzz:|recorded an issue|saved as|^ +(the|loaded|refused|a diagnostic)' "$log" \
  || tail -40 "$log"
exit "$status"
