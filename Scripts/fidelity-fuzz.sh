#!/usr/bin/env bash
# The differential fidelity fuzzer: generated scenarios (two or three concurrent parts — tasks of
# each isolation, detached tasks, async let and group children — whose yields, sleeps, actor
# calls and hops to main stand between markers that record the order the parts ran in; in some,
# taps at one moment handled on main) are each proven by the exhaustive search, built with swiftc
# and run natively 20 times, every other scenario beside a busy thread. Every native outcome must be one the proof holds; one outside
# it is a FIDELITY ALARM — the model misses what the real runtime does — and its scenario is
# saved to .build/fidelity-alarms/ (replay it with `lab check --native FILE`, minimise it, keep
# it as a regression scenario, fix the model). A scenario whose search is not a proof (seeded
# runs of the model reach outcomes the search did not: a defect of the search, not of the model)
# is saved as NAME.not-a-proof.json; it, and one whose search is out of budget, is held to what
# the search and 1,000 seeded runs of the model reach; an outcome outside that is looked for by
# the challenge search and then by one guided by the order, and is an alarm when no schedule
# reaches it (or, where neither settles it, when most native runs ended with it; else it is
# saved as NAME.unconfirmed to step through), and counted apart in the summary.
# `swift test` runs a sample of three scenarios.
#
# Usage: Scripts/fidelity-fuzz.sh SECONDS [SEED [FROM]]
#   prints a line per scenario, then
#   "fidelity fuzz: N scenarios, M native runs, K alarms (…)"; exits 1 when K is not 0.
#   SEED (default 1) fixes the scenarios: the same seed gives the same ones on every machine;
#   FROM (default 0) starts at that scenario of the seed's, to see a saved one again.
#   About 9 s a scenario on two cores (its build is most of it; builds are cached).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
seconds=${1:-}
seed=${2:-1}
from=${3:-0}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "error: SECONDS is a whole number, not '$seconds'; see --help" >&2; exit 64; }
[[ $seed =~ ^[0-9]+$ ]] || { echo "error: SEED is a whole number, not '$seed'" >&2; exit 64; }
[[ $from =~ ^[0-9]+$ ]] || { echo "error: FROM is a whole number, not '$from'" >&2; exit 64; }

swift build --build-tests 2>&1 | grep -E 'error|warning: ' && exit 1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
LAB_FIDELITY_FUZZ_SECONDS=$seconds LAB_FIDELITY_FUZZ_SEED=$seed LAB_FIDELITY_FUZZ_FROM=$from \
  LAB_FIDELITY_FUZZ_SAVE=.build/fidelity-alarms \
  swift test --skip-build --filter 'LabNativeTests.FidelityFuzzTests' >"$log" 2>&1 || status=$?
grep -E '^fidelity' "$log" || tail -40 "$log"
exit "$status"
