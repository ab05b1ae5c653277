#!/usr/bin/env bash
# Every Swift block the course shows compiles: each ```swift block of Lessons/, docs/ and
# README.md in Swift 6 mode, with the context its hidden swift-context comment gives it, and each
# ```swift-verdict block to the verdict it states (`lab snippets`, docs/lessons.md "Swift blocks
# compile"). Ends with the line 'snippets: N compiled, M verdicts, K failed'.
#
# Usage: Scripts/check-snippets.sh [Markdown files or folders...]
# Needs the lab built (.build/debug/lab, or LAB=PATH) and a Swift toolchain.
# Exit status: 0 when every block did what it should, 1 otherwise, 64 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."
lab=${LAB:-.build/debug/lab}
[[ -x $lab ]] || { echo "Scripts/check-snippets.sh: error: no lab at $lab; run 'swift build' first" >&2; exit 1; }
exec "$lab" snippets "$@"
