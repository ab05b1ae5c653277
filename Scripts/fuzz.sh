#!/usr/bin/env bash
# Fuzzes scenario files with libFuzzer: decode → validate → a virtual run with small limits →
# expectation checks → the text report (Fuzz/FuzzScenario.swift); or, with `text`, the course's
# other files: lessons and their blocks, Swift blocks' hidden contexts, facts' headers and shard
# files (Fuzz/FuzzText.swift). Builds the library's sources and the harness with
# `swiftc -sanitize=fuzzer,address` into .build-fuzz/ (not SwiftPM: it has no fuzzer mode),
# seeds the corpus with every bundled file of its kind and every bad input, then fuzzes.
#
# Usage: Scripts/fuzz.sh [text] [SECONDS] [LIBFUZZER OPTIONS…]
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
  sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
fi
target=scenario
if [[ ${1:-} == text ]]; then
  target=text
  shift
fi
seconds=${1:-600}
[[ $seconds =~ ^[0-9]+$ ]] || { echo "error: SECONDS is a whole number, not '$seconds'" >&2; exit 64; }
shift $(( $# > 0 ? 1 : 0 ))

out=.build-fuzz
binary=$out/fuzz-$target
# (An `if`: under `set -e`, `$([[ … ]] && echo …)` fails the assignment for the scenario target.)
corpus=$out/corpus
if [[ $target == text ]]; then corpus=$out/corpus-text; fi
mkdir -p "$corpus" "$out/artifacts"

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
modules=(LabRuntime LabProcess LabModel LabSwift LabInterpreter LabChecks LabPictures LabCommandLine)
harness=Fuzz/FuzzScenario.swift
if [[ $target == text ]]; then
  modules=(LabRuntime LabProcess LabModel LabSwift LabInterpreter LabChecks LabPictures LabCommandLine
    LabLessons)
  harness=Fuzz/FuzzText.swift
fi
if [[ ! -x $binary ]] || [[ -n $(find "${modules[@]/#/Sources/}" Fuzz -name '*.swift' -newer "$binary" | head -1) ]]; then
  echo "== building $binary"
  objects=()
  for module in "${modules[@]}"; do
    build_module "$module"
    objects+=("$out/$module.o")
  done
  swiftc "${flags[@]}" -module-name "Fuzz${target^}" "$harness" "${objects[@]}" -o "$binary"
fi

# Seeds, named by path so files with one name in two folders do not overwrite each other: every
# bundled scenario and bad input small enough to be a fuzzer input; for text, every lesson, doc,
# fact and a shard of each kind of search.
if [[ $target == text ]]; then
  while IFS= read -r file; do
    cp "$file" "$corpus/seed-$(echo "$file" | tr '/' '_')"
  done < <(find Lessons docs Tests/NativeFacts -type f \( -name '*.md' -o -name '*.swift' \) \
    -size -64k | sort)
  if [[ -x .build/debug/lab ]]; then
    for name in racy-counter counter-with-mutex; do
      .build/debug/lab explore "$name" --exhaustive --shard 1/2 > "$corpus/seed-shard-$name.json" \
        2> /dev/null || true
    done
  fi
else
  while IFS= read -r file; do
    cp "$file" "$corpus/seed-$(echo "${file%.json}" | tr '/' '_').json"
  done < <(find Scenarios Tests/BadInputs -name '*.json' -size -64k | sort)
fi

# Leak checks on: a run the lab stops is torn down (its suspended tasks unwind), so every input
# must free what it allocated. libFuzzer counts mallocs and frees per input and asks
# LeakSanitizer when they differ; a leak is a finding like a crash (docs/hardening.md).
export ASAN_OPTIONS="detect_leaks=1:${ASAN_OPTIONS:-}"
if [[ $seconds -eq 0 ]]; then
  exec "$binary" -rss_limit_mb=2048 -timeout=10 "$@"
fi
echo "== fuzzing $target for $seconds s (corpus: $(ls "$corpus" | wc -l) files)"
dictionary=Fuzz/scenario.dict
[[ $target == text ]] && dictionary=Fuzz/text.dict
exec "$binary" "$corpus" \
  -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -dict="$dictionary" -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" "$@"
