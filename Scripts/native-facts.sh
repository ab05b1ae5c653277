#!/usr/bin/env bash
# The facts suite: each Tests/NativeFacts/NAME.swift is a small Swift 6 program that shows one
# behaviour of the real runtime, paired with a scenario that claims the same behaviour. This
# compiles each program (swiftc -swift-version 6 -O -warnings-as-errors, and -parse-as-library
# when it has @main, into .build/facts), runs it several times, runs its scenario on the lab's
# virtual runtime with several seeds and once with --live, and compares the `log: ` lines the
# program prints with the scenario's log events: in order (`// compare: sequence`) or as the same
# lines in any order (`lines`).
#
# Usage: Scripts/native-facts.sh [--fast] [--runs N] [--seeds N] [--no-live] [NAME...]
#   --fast     only the facts whose header does not say `// slow` (what .ci/run runs)
#   --runs N   native runs of each program (default 5)
#   --seeds N  virtual seeds of each scenario (default 10)
#   --no-live  skip the live run
#   NAME       only these facts (file names without .swift)
# Needs the lab built (.build/debug/lab, or LAB=PATH) and python3.
#
# Exit status: 0 when every fact held; 1 when a program did not compile, did not agree with
# itself across runs, or the lab's run differed from it; 64 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; }
fail_usage() { echo "Scripts/native-facts.sh: error: $1; see --help" >&2; exit 64; }
number() { [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || fail_usage "$1 needs a positive whole number, not '${2:-}'"; }

fast=0 runs=5 seeds=10 live=1 names=()
while (($#)); do
  case $1 in
    -h | --help) usage; exit 0 ;;
    --fast) fast=1 ;;
    --runs) number "$1" "${2:-}"; runs=$2; shift ;;
    --seeds) number "$1" "${2:-}"; seeds=$2; shift ;;
    --no-live) live=0 ;;
    -*) fail_usage "unknown option '$1'" ;;
    *) names+=("$1") ;;
  esac
  shift
done

lab=${LAB:-.build/debug/lab}
[[ -x $lab ]] || { echo "Scripts/native-facts.sh: error: no lab at $lab; run 'swift build' first" >&2; exit 1; }
swiftc=$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)
mkdir -p .build/facts
if ((${#names[@]} == 0)); then
  for program in Tests/NativeFacts/*.swift; do names+=("$(basename "$program" .swift)"); done
fi

# The value of a `// key: value` header line of a program (empty when absent).
header() { sed -n "s|^// $2: *||p" "$1" | head -n 1; }
# The log lines of a lab run as JSON on stdin, one per line.
log_lines() {
  python3 -c 'import json, sys
for event in json.load(sys.stdin)["events"]:
    if event["kind"] == "log":
        print(event["text"])'
}
# Lines in the form the fact compares: as they are, or sorted.
normal() { if [[ $1 == lines ]]; then sort; else cat; fi; }
# The first lines of a difference between two texts (diff's status is not a failure here).
difference() { diff <(echo "$1") <(echo "$2") | head -n 8 || true; }

held=0 failed=0 skipped=0
for name in "${names[@]}"; do
  program=Tests/NativeFacts/$name.swift
  [[ -f $program ]] || fail_usage "no fact named '$name' (no $program)"
  scenario=$(header "$program" scenario)
  if [[ -z $scenario ]]; then
    skipped=$((skipped + 1))
    echo "- $name: no scenario; runs from $(header "$program" script)"
    continue
  fi
  if ((fast)) && grep -q '^// slow' "$program"; then
    skipped=$((skipped + 1))
    continue
  fi
  compare=$(header "$program" compare)
  [[ $compare == sequence || $compare == lines ]] \
    || { echo "✗ $name: '// compare:' must be 'sequence' or 'lines', not '$compare'"; failed=$((failed + 1)); continue; }
  read -r -a flags <<< "$(header "$program" flags)"
  binary=.build/facts/$name
  if [[ ! -x $binary || $program -nt $binary ]]; then
    # A program with @main is a library with an entry point; one without runs its top-level code.
    library=()
    if grep -q '^@main' "$program"; then library=(-parse-as-library); fi
    if ! "$swiftc" -swift-version 6 -O -warnings-as-errors ${library[@]+"${library[@]}"} \
      ${flags[@]+"${flags[@]}"} "$program" \
      -o "$binary" > ".build/facts/$name.compile.txt" 2>&1; then
      echo "✗ $name: does not compile"; sed -n '1,12p' ".build/facts/$name.compile.txt"
      failed=$((failed + 1)); continue
    fi
  fi
  expected=$("$lab" run "$scenario" --seed 1 --format json | log_lines | normal "$compare") || true
  problem=""
  for seed in $(seq 2 "$seeds"); do
    got=$("$lab" run "$scenario" --seed "$seed" --format json | log_lines | normal "$compare") || true
    if [[ $got != "$expected" ]]; then
      problem="the virtual run with --seed $seed differs from --seed 1"$'\n'"$(difference "$expected" "$got")"
      break
    fi
  done
  if [[ -z $problem ]] && ((live)); then
    got=$("$lab" run "$scenario" --live --format json | log_lines | normal "$compare") || true
    [[ $got == "$expected" ]] \
      || problem="the live run differs from the virtual run"$'\n'"$(difference "$expected" "$got")"
  fi
  # A loaded machine can delay a thread past a fact's rounding of times: a round of native runs
  # that differs is tried once more, and the fact fails only when the second round differs too.
  retried=""
  for round in 1 2; do
    [[ -z $problem || $problem == native* ]] || break
    problem=""
    for run in $(seq 1 "$runs"); do
      # What the program says on stderr (Swift's own warnings) is kept for a failure's report.
      got=$(timeout -k 2 30 "$binary" 2> ".build/facts/$name.stderr.txt" | sed -n 's/^log: //p' \
        | normal "$compare") || true
      if [[ $got != "$expected" ]]; then
        problem="native run $run (<) differs from the lab's virtual run (>)"$'\n'"$(difference "$got" "$expected")"
        break
      fi
    done
    [[ -n $problem ]] || break
    retried=" (native runs held on a second round: the first differed, a loaded machine?)"
  done
  [[ -n $problem ]] && retried=""
  if [[ -n $problem ]]; then
    echo "✗ $name: $(header "$program" fact)"
    echo "$problem" | sed 's/^/    /'
    failed=$((failed + 1))
  else
    echo "✓ $name: $(header "$program" fact)$retried"
    held=$((held + 1))
  fi
done
echo "facts: $held held, $failed failed, $skipped skipped ($runs native runs, $seeds seeds$( ((live)) && echo ', live' ) each)"
((failed == 0))
