#!/usr/bin/env bash
# Store buffering on this machine: compiles Tests/NativeFacts/store-buffering.swift (Swift 6 mode,
# -O, warnings as errors) into .build/facts and runs each mode for ROUNDS rounds. Two threads each
# store to one atomic and then load the other; with relaxed or release/acquire ordering both may
# read the old value, (0, 0), which no interleaving gives (docs/exploration.md#what-the-proof-assumes).
#
# Usage: Scripts/store-buffering.sh [ROUNDS]   (default 200000 per mode, well under a second each)
#
# Exit status: 1 when the sequentially consistent mode saw (0, 0), a broken promise of the
# language or the machine, or when the program does not compile; 0 otherwise, whether or not the
# weaker modes showed (0, 0) this time (a rare event on a busy machine); 64 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
rounds=${1:-200000}
if ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
  echo "Scripts/store-buffering.sh: error: ROUNDS must be a positive whole number, not '$rounds'; e.g. 200000" >&2
  exit 64
fi
swiftc=$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)
program=Tests/NativeFacts/store-buffering.swift
binary=.build/facts/store-buffering
mkdir -p .build/facts
if [[ ! -x $binary || $program -nt $binary ]]; then
  "$swiftc" -swift-version 6 -O -warnings-as-errors "$program" -o "$binary"
fi

status=0
for mode in relaxed release-acquire sequential; do
  if ! "$binary" "$mode" "$rounds"; then
    status=1
  fi
done
exit "$status"
