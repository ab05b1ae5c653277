#!/usr/bin/env bash
# Runs the tests of the layers that start threads under ThreadSanitizer, in its own build folder (.build-tsan) so it never
# invalidates the normal debug build. Any report fails the run: a process in which TSan reported
# something exits with status 66 at its end, and each report names both stacks.
#
# Usage: Scripts/tsan.sh [swift test options…]
#   e.g. Scripts/tsan.sh --filter ScenarioTests (options given replace the layers' filter)
# Then runs every bundled scenario with --live through the instrumented `lab`.
#
# The scenarios' deliberate data races (racy-counter, captured-var-race) are races in the
# *scenario*, not in the lab: in live mode every access to scenario state goes through SharedState's
# lock-protected accessors (Sources/LabInterpreter/Interpreter/SharedState.swift), so nothing needs
# excluding for them. Nothing is suppressed: the lab's locks are pthread mutexes TSan sees (see
# Sources/LabRuntime/Locked.swift), so any report is a real bug. Time: docs/hardening.md.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
fi

export NO_COLOR=1
# The tests' live runs check their times within ±(50 ms + 50 %) here (TestSupport.underSanitizer).
export LAB_TSAN=1
mkdir -p .build-tsan
# Every report is printed and the run goes on (the exit status still fails it);
# second_deadlock_stack: a lock-order report shows both acquisitions.
export TSAN_OPTIONS="second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
start=$(date +%s)
status=0
# LiveAgreementTests, LiveTimingTests and GroupPatternLiveTests compare live timings with virtual
# ones within ±(1 ms + 2 %) (group-sliding-window missed by 30 ms five times running under TSan
# once: 430 ms for 400), and the live deadlock tests bound how soon a deadlock is named; under TSan's
# 5–15× slowdown, beside the other suites, real time means nothing, so they are skipped here
# (they run in the normal suite; the live runs of every scenario below still exercise the
# deadlock watch's thread). So are the bound of one second on parsing a 1 MiB file (under TSan it
# took 1.45 and 1.58 s on a loaded machine) and the native runs' timings, which a compiled
# program keeps only when the TSan suite beside it leaves the cores alone (sync-download: 3799 ms
# for 3000, twice); the normal suite checks both.
# Left out too: suites whose time goes to swiftc and the programs it builds, not to the lab's own
# threads (the generative sample, facts, snippets, a shipped "cached build", the programs of
# PriorityTests, the fidelity fuzzer's sample, programs of one's own under the lab's scheduler
# and the scenarios that name one),
# and the site built with live runs (the live run of every scenario below covers
# those runs), and the two tests that build the bundled site whole, whose challenge pages share
# a time budget (Site.challengeSeconds, 180 s) that TSan's slowdown exceeds. And suites whose work is the lab's text on one thread: terminal widths, the
# guide's commands, lessons and their progress, challenges and their checks, the step guide, the
# schema, pasteable hints, course names and folders, and shard files refused as usage errors. They
# took 1,650 of the 2,400 s the command-line target took under ThreadSanitizer, run one at a time;
# the threads they start (a search on two jobs, a live run) are the ones ExhaustiveShardTests,
# ExhaustiveBudgetTests, the runtime's own suites and the live runs below exercise. The normal
# suite runs them all.
skipped=(
  LiveAgreementTests LiveTimingTests GroupPatternLiveTests LiveDeadlockTests
  bothRuntimesNameTheCycleAtOnce
  parsesOneMebibyteQuickly agreesWithTheModel GenerativeSwiftTests FactsCommandTests
  NativeCacheTrustTests SwiftSnippetTests SiteLiveRunsTests PriorityTests FidelityFuzzTests
  TerminalWidthTests GuideTests LessonCommandTests LessonProgressTests ChallengeCheckTests
  ChallengeCommandTests StepGuidanceTests SchemaTests PasteableHintTests CourseNameSafetyTests
  CourseFolderTests ExhaustiveShardUsageTests theBundledSiteListsEveryLessonAndScenarioOnWellFormedPages
  lesson8AsksWhichValuesTheCounterCanEndWith
  OwnProgramTests OwnProgramFidelityTests OwnProgramSearchTests OwnProgramCommandTests
  OwnProgramPoolTests ScheduledScenarioTests ScheduledCommandTests OwnProgramWaitTests
  OwnProgramHostileTests OwnProgramPolicyTests OwnProgramTimeEdgeTests OwnProgramOutputTests
  ProgramScenarioCommandTests
)
# Only the layers that start threads or share state between them: the runtime, the process
# supervisor, the interpreter, the checks (a search on several jobs) and native runs, and the
# command-line suites that drive those threads whole (a search's shards and budgets, the native
# sandbox and runs). The layers above them — the model, the Swift writer, pictures, lessons, the
# site, the other command-line suites — run on the caller's thread and start none; under TSan they
# took 500 of the 774 s of the 1,008 tests kept before (fresh clone, loaded machine: 479 tests,
# 273 s now). The normal suite runs them all.
threaded=(
  --filter '^(LabRuntimeTests|LabProcessTests|LabInterpreterTests|LabChecksTests|LabNativeTests)\.'
  --filter '^LabCLITests\.(ExhaustiveShardTests|ExhaustiveBudgetTests|NativeSandboxTests|NativeRunTests)/'
)
[[ $# -eq 0 ]] || threaded=()
swift test --sanitize=thread --scratch-path .build-tsan "${threaded[@]}" \
  "${skipped[@]/#/--skip=}" "$@" || status=$?

# Every bundled scenario on real threads, through the instrumented `lab`: the deliberate races of
# racy-counter and captured-var-race must stay races in the scenario, never in the lab. A run's own
# verdict is ignored (timings are off under TSan); only a report counts. Three at a time: a live
# run mostly waits out its scenario's time.
lab=.build-tsan/debug/lab
reports=0
runs=.build-tsan/live-runs
rm -rf "$runs" && mkdir -p "$runs"
find Scenarios -name '*.json' | sort | xargs -P 3 -I{} sh -c \
  '"$1" run "$2" --live > "$3/$(echo "$2" | tr / _).txt" 2>&1 || true' sh "$lab" {} "$runs"
for output in "$runs"/*.txt; do
  if grep -q "WARNING: ThreadSanitizer" "$output"; then
    echo "ThreadSanitizer report in: lab run $(basename "$output" .txt | tr _ /) --live"
    cat "$output"
    reports=$((reports + 1))
  fi
done
echo "== live runs of every scenario under TSan: $reports with a report"
[[ $reports -eq 0 ]] || status=1

elapsed=$(( $(date +%s) - start ))
echo "== ThreadSanitizer run took $elapsed s (exit status $status)"
exit "$status"
