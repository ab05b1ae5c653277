#!/usr/bin/env bash
# Checks `lab site` and `lab check --html` pages in a real browser: Debian's headless Chromium
# loads each page (--dump-dom, with a virtual time budget so the player's script runs) and the
# DOM it dumps must show what a reader would see:
#   - every page with a player set up without a script error (<body data-player="ready">, no
#     data-player-error), and an error does get reported (a page with a deliberate one);
#   - PAGE.html#event=N opens with trace line N current (aria-current="step");
#   - #…&step=K presses → K times (← for negative K) through the page's own key handler;
#   - #…&click=M clicks trace line M, which moves the scrubber;
#   - #run=K&event=N moves the K-th player of a lesson page and leaves the others;
#   - a failing scenario's page and the `lab check --html` index say it failed, failures first.
# Needs the Swift toolchain, python3 and chromium (installed with apt-get when missing).
#
# Usage: Scripts/check-site.sh [LAB]    LAB defaults to .build/debug/lab (built when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1
start=$(date +%s.%N)

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
fi
lab=${1:-.build/debug/lab}
if [[ ! -x $lab ]]; then swift build --product lab 2>&1 | tail -1; fi
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -z $browser ]] && command -v apt-get > /dev/null; then
  echo "installing chromium (apt-get install -y chromium)"
  apt-get install -y -q chromium > /tmp/lab-site-apt.txt 2>&1 \
    || { apt-get update -q > /dev/null && apt-get install -y -q chromium > /tmp/lab-site-apt.txt; } \
    || true
  browser=$(command -v chromium || true)
fi
[[ -n $browser ]] || { echo "error: no chromium on PATH; apt-get install -y chromium" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The DOM of FILE#FRAGMENT after the page's script ran, written to $work/dom.html.
dom() {
  # --no-sandbox: Chromium refuses to run as root with its sandbox (containers, CI).
  "$browser" --headless --no-sandbox --disable-gpu --virtual-time-budget=3000 \
    --dump-dom "file://$1${2:+#$2}" 2>/dev/null > "$work/dom.html"
}
# Facts from a dumped DOM, one per line, for the checks below: the body's markers, then per
# player its current line (data-i of the row with aria-current), the scrubber's text and the
# number of current lines.
facts() {
  python3 - "$work/dom.html" <<'EOF'
import re, sys
html = open(sys.argv[1], encoding="utf-8").read()
body = re.search(r"<body([^>]*)>", html).group(1)
print("ready" if 'data-player="ready"' in body else "not-ready")
error = re.search(r'data-player-error="([^"]*)"', body)
print("error " + error.group(1) if error else "no-error")
for section in re.findall(r'<section class="player".*?</section>', html, re.S):
    current = re.findall(r'<tr[^>]*data-i="(\d+)"[^>]*aria-current="step"', section)
    valuetext = re.search(r'aria-valuetext="([^"]*)"', section)
    print("player current=%s count=%d scrubber=%s" % (
        ",".join(current), len(current), valuetext.group(1).replace(" ", "_") if valuetext else "-"))
EOF
}
expect() { # expect FILE FRAGMENT LINE…: each LINE is among the facts of FILE#FRAGMENT
  local file=$1 fragment=$2
  shift 2
  dom "$file" "$fragment"
  local got
  got=$(facts)
  for line in "$@"; do
    grep -qxF -- "$line" <<< "$got" || fail "$(basename "$file")#$fragment: no '$line' in: $(tr '\n' ' ' <<< "$got")"
  done
}

echo "== lab site (the bundled course)"
"$lab" site "$work/site" --virtual
site=$work/site

echo "== every lesson page and the index load; the players set up without an error"
# Three browsers at a time: each load is mostly Chromium starting up.
printf '%s\0' "$site"/lesson-*.html "$site"/scenario-racy-counter.html \
  | xargs -0 -P 3 -I{} sh -c '"$1" --headless --no-sandbox --disable-gpu \
      --virtual-time-budget=3000 --dump-dom "file://$2" > "$2.dom" 2>/dev/null' sh "$browser" {}
for page in "$site"/lesson-*.html "$site"/scenario-racy-counter.html; do
  cp "$page.dom" "$work/dom.html"
  got=$(facts)
  for line in ready no-error; do
    grep -qxF "$line" <<< "$got" || fail "$(basename "$page"): no '$line' in: $(tr '\n' ' ' <<< "$got")"
  done
done
dom "$site/index.html" ""
grep -q 'href="lesson-04-async-let.html"' "$work/dom.html" || fail "index.html: no lesson 4"

echo "== an error on the page is reported"
sed 's|</body>|<script>throw new Error("deliberate")</script></body>|' \
  "$site/scenario-racy-counter.html" > "$site/broken.html"
dom "$site/broken.html" ""
facts > "$work/facts.txt"
grep -q '^error .*deliberate' "$work/facts.txt" || fail "broken.html: the deliberate error was not reported"

echo "== #event=N, stepping, clicking"
rc=$site/scenario-racy-counter.html
events=$(grep -c '<tr class="k-' "$rc")
expect "$rc" "" "player current=1 count=1 scrubber=event_1_of_$events"
expect "$rc" "event=9" "player current=9 count=1 scrubber=event_9_of_$events"
expect "$rc" "event=5&step=3" "player current=8 count=1 scrubber=event_8_of_$events"
expect "$rc" "event=5&step=-2" "player current=3 count=1 scrubber=event_3_of_$events"
expect "$rc" "event=1&step=999" "player current=$events count=1 scrubber=event_${events}_of_$events"
expect "$rc" "event=5&step=end" "player current=$events count=1 scrubber=event_${events}_of_$events"
expect "$rc" "click=12" "player current=12 count=1 scrubber=event_12_of_$events"
lesson=$site/lesson-04-async-let.html
players=$(grep -c '<section class="player"' "$lesson")
[[ $players -ge 2 ]] || fail "lesson 4 has $players players, expected 2 or more"
dom "$lesson" "run=2&event=4&step=1"
currents=$(facts | grep '^player' | sed 's/ scrubber.*//' | tr '\n' ' ')
[[ $currents == "player current=1 count=1 player current=5 count=1 "* ]] \
  || fail "lesson 4#run=2&event=4&step=1: $currents"

echo "== a failing scenario: its page and the check index say so"
course=$work/course
mkdir -p "$course/Scenarios"
echo '{"format": 1, "steps": [{"block": 50}], "expect": {"duration": 40}}' \
  > "$course/Scenarios/too-slow.json"
echo '{"format": 1, "steps": [{"sleep": 10}], "expect": {"duration": 10}}' \
  > "$course/Scenarios/on-time.json"
status=0
LAB_ROOT=$course LAB_CURRICULUM='' "$lab" check --html "$work/check" > /dev/null 2>&1 || status=$?
[[ $status == 1 ]] || fail "lab check on a failing scenario exited $status, not 1"
dom "$work/check/index.html" ""
python3 - "$work/dom.html" <<'EOF' || fail "check index.html: the failure is not first"
import re, sys
rows = re.findall(r'<tr class="v-(\w+)">.*?<a href="([^"]+)"', open(sys.argv[1]).read())
sys.exit(0 if rows[:2] == [("failed", "too-slow.html"), ("passed", "on-time.html")] else 1)
EOF
expect "$work/check/too-slow.html" "" ready no-error
grep -q 'Checks <span class="verdict fail">failed</span>' "$work/dom.html" \
  || fail "too-slow.html does not say it failed"

elapsed=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) failed ($elapsed s)"
  exit 1
fi
echo "site checked in Chromium: every check passed ($elapsed s)"
