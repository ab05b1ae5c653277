#!/usr/bin/env bash
# Compiles the Swift program beside every bundled scenario (`lab swift NAME --check`) and fails on
# any surprise: a program that does not compile in Swift 6 mode, or a race program that does. Its
# native variant is built and run by `lab check --native`, which holds it to the scenario (CI runs
# both; docs/runtimes.md).
# Scenarios the generator cannot express yet are listed, not failed. See docs/swift-programs.md.
# Needs the Swift toolchain (swiftc on PATH or at /opt/swift/usr/bin).
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1
lab=.build/debug/lab
[ -x "$lab" ] || swift build --product lab > /dev/null
compiled=0 rejected=0 skipped=0 surprises=0
while IFS= read -r file; do
  name=$(basename "$file" .json)
  if ! "$lab" swift "$file" > /dev/null 2> /tmp/lab-swift-gen.txt; then
    echo "not expressible: $(head -n 1 /tmp/lab-swift-gen.txt)"
    skipped=$((skipped + 1))
    continue
  fi
  if "$lab" swift "$file" --check > /tmp/lab-swift-check.txt 2>&1; then
    if grep -q '^rejected as a race' /tmp/lab-swift-check.txt; then
      echo "race refused: $name: $(head -n 1 /tmp/lab-swift-check.txt | sed 's/.*as expected: //')"
      rejected=$((rejected + 1))
    else
      compiled=$((compiled + 1))
    fi
  else
    echo "SURPRISE: $name"
    cat /tmp/lab-swift-check.txt
    surprises=$((surprises + 1))
  fi
done < <(find Scenarios -name '*.json' | sort)
echo "$compiled compile in Swift 6 mode, $rejected refused as races," \
  "$skipped not expressible yet, $surprises surprises"
[ "$surprises" -eq 0 ]
