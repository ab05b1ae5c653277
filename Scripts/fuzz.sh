#!/usr/bin/env bash
# Fuzzes scenario files with libFuzzer: decode → validate → a virtual run with small limits →
# expectation checks → the text report (Fuzz/FuzzScenario.swift). Builds the library's sources and
# the harness with `swiftc -sanitize=fuzzer,address` into .build-fuzz/ (not SwiftPM: it has no
# fuzzer mode), seeds the corpus with every bundled scenario and every bad input, then fuzzes.
#
# Usage: Scripts/fuzz.sh [SECONDS] [LIBFUZZER OPTIONS…]
#   SECONDS defaults to 600. Extra options go to libFuzzer, e.g. -only_ASCII=1 or a file to replay:
#   Scripts/fuzz.sh 0 .build-fuzz/artifacts/crash-…   (replays one input, fuzzes nothing)
#
# Found inputs stay in .build-fuzz/corpus (the next run starts from them); a crash, timeout or
# out-of-memory input is written to .build-fuzz/artifacts/ and libFuzzer stops. Turn each into a
# regression file under Tests/BadInputs/fuzz/ with a NAME.expect (see docs/hardening.md).
# Needs only the Swift toolchain (clang's libFuzzer and ASan runtimes ship with it).
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
fi
seconds=${1:-600}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "error: SECONDS is a whole number, not '$seconds'" >&2; exit 64; }
shift $(( $# > 0 ? 1 : 0 ))

out=.build-fuzz
binary=$out/fuzz-scenario
mkdir -p "$out/corpus" "$out/artifacts"

# The package's upcoming features and language mode (Package.swift), plus the sanitizers.
flags=(
  -swift-version 6 -parse-as-library -O -sanitize=fuzzer,address -use-ld=lld -I "$out"
  -enable-upcoming-feature NonisolatedNonsendingByDefault
  -enable-upcoming-feature InferIsolatedConformances
  -enable-upcoming-feature ExistentialAny
  -enable-upcoming-feature MemberImportVisibility
  -package-name ConcurrencyLab
)

# Builds a library module from every Swift file under Sources/NAME into one object file.
build_module() {
  local name=$1
  local sources
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
  swiftc "${flags[@]}" -module-name "$name" -wmo -emit-module \
    -emit-module-path "$out/$name.swiftmodule" -c "${sources[@]}" -o "$out/$name.o"
}

# Rebuild only when a source is newer than the fuzzer (a full -O build takes over a minute).
# The layers the harness uses, bottom first (Package.swift's order).
modules=(LabRuntime LabModel LabInterpreter LabChecks)
if [[ ! -x $binary ]] || [[ -n $(find "${modules[@]/#/Sources/}" Fuzz -name '*.swift' -newer "$binary" | head -1) ]]; then
  echo "== building $binary"
  objects=()
  for module in "${modules[@]}"; do
    build_module "$module"
    objects+=("$out/$module.o")
  done
  swiftc "${flags[@]}" -module-name FuzzScenario Fuzz/FuzzScenario.swift "${objects[@]}" -o "$binary"
fi

# Seeds: every bundled scenario and every bad input small enough to be a fuzzer input, named by
# path so files with one name in two folders do not overwrite each other.
while IFS= read -r file; do
  cp "$file" "$out/corpus/seed-$(echo "${file%.json}" | tr '/' '_').json"
done < <(find Scenarios Tests/BadInputs -name '*.json' -size -64k | sort)

# Leak checks on: a run the lab stops is torn down (its suspended tasks unwind), so every input
# must free what it allocated. libFuzzer counts mallocs and frees per input and asks
# LeakSanitizer when they differ; a leak is a finding like a crash (docs/hardening.md).
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
if [[ $seconds -eq 0 ]]; then
  exec "$binary" -rss_limit_mb=2048 -timeout=10 "$@"
fi
echo "== fuzzing for $seconds s (corpus: $(ls "$out/corpus" | wc -l) files)"
exec "$binary" "$out/corpus" \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -dict=Fuzz/scenario.dict -print_final_stats=1 -artifact_prefix="$out/artifacts/" "$@"
