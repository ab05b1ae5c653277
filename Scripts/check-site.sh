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
#   - a failing scenario's page and the `lab check --html` index say it failed, failures first;
#   - at a phone's 390 px, with touch and with a mouse: no page wider than the screen, each
#     timeline's text 9 px or more in a box that scrolls, each trace's details 200 px wide or
#     more and no trace wider than its box (a challenge's too), no event's text outside the controls
#     (every event, stepped with the player's ▶), and help that names taps, or keys. Measured in
#     the page as Chromium laid it out, through its DevTools pipe; the pages are not changed;
#   - racy-counter's challenge page, at 390 px with touch and with a mouse: its buttons played
#     along a path the lab found to the goal at par ("Goal reached in 2 choices, par 2"), the
#     schedule it links to confirmed by `lab run --schedule`, the link opened to the same end,
#     Backspace and the Undo button each one decision back, the page no wider than the screen.
#   - lesson 8's prediction: boxes ticked and Reveal pressed, each choice marked ✓ or ✗.
# Needs the Swift toolchain, python3 and chromium (installed with apt-get when missing).
#
# Usage: Scripts/check-site.sh [LAB]    LAB defaults to .build/debug/lab (built when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_COLOR=1
start=$(date +%s.%N)

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
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
# An address anyone can write: a billion presses, or infinitely many, are the run's events at most.
expect "$rc" "event=1&step=1e9" "player current=$events count=1 scrubber=event_${events}_of_$events"
expect "$rc" "event=5&step=-Infinity" "player current=1 count=1 scrubber=event_1_of_$events"
expect "$rc" "click=12" "player current=12 count=1 scrubber=event_12_of_$events"
# An address that is no player's: a key named as an object's own, a value that does not decode.
expect "$rc" "__proto__=1&constructor=2&event=%E0" "ready" "no-error" \
  "player current=1 count=1 scrubber=event_1_of_$events"
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
sys.exit(0 if rows[:2] == [("failed", "scenario-too-slow.html"), ("passed", "scenario-on-time.html")] else 1)
EOF
expect "$work/check/scenario-too-slow.html" "" ready no-error
grep -q 'Checks <span class="verdict fail">failed</span>' "$work/dom.html" \
  || fail "scenario-too-slow.html does not say it failed"

echo "== a phone's width: 390×844 with touch, and 390 px with a mouse"
# Prints the layout facts of URL on DEVICE (phone or mouse), one per line: Chromium runs with the
# DevTools protocol on fds 3 and 4 (JSON messages ended by NUL), emulates the screen, loads URL and
# evaluates the script read from stdin there.
layout() {
  python3 - "$browser" "$1" "$2" 3<&0 <<'PYTHON'
import json, os, subprocess, sys
browser, url, device = sys.argv[1:4]
script = os.fdopen(3).read()
to_child, to_us = os.pipe(), os.pipe()
def pipes():
    # Through fds above 4 first: dup2 onto the same number would keep close-on-exec.
    os.dup2(to_child[0], 13); os.dup2(to_us[1], 14); os.dup2(13, 3); os.dup2(14, 4)
touch = device == "phone"
# What the page's media queries see: a touch screen, or a mouse that hovers.
pointer = ("primaryPointerType=2,availablePointerTypes=2,primaryHoverType=1,availableHoverTypes=1"
           if touch else
           "primaryPointerType=4,availablePointerTypes=4,primaryHoverType=2,availableHoverTypes=2")
child = subprocess.Popen(
    [browser, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
     "--blink-settings=" + pointer, "about:blank"],
    preexec_fn=pipes, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_child[0]); os.close(to_us[1])
out, inp = os.fdopen(to_child[1], "wb", buffering=0), os.fdopen(to_us[0], "rb", buffering=0)
pending, sent = b"", 0
def read():
    global pending
    while b"\0" not in pending:
        chunk = inp.read(65536)
        if not chunk: sys.exit("chromium closed the DevTools pipe")
        pending += chunk
    message, pending = pending.split(b"\0", 1)
    return json.loads(message)
def send(method, session=None, **params):
    global sent
    sent += 1
    out.write(json.dumps({"id": sent, "method": method, "params": params,
                          **({"sessionId": session} if session else {})}).encode() + b"\0")
    while (reply := read()).get("id") != sent: pass
    if "error" in reply: sys.exit(f"{method}: {reply['error']}")
    return reply["result"]
target = send("Target.createTarget", url="about:blank")["targetId"]
session = send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
send("Emulation.setDeviceMetricsOverride", session, width=390, height=844, deviceScaleFactor=1,
     mobile=touch)
send("Emulation.setTouchEmulationEnabled", session, enabled=touch, maxTouchPoints=5)
send("Page.enable", session)
send("Page.navigate", session, url=url)
while read().get("method") != "Page.loadEventFired": pass
result = send("Runtime.evaluate", session, expression=script, returnByValue=True)["result"]
print(result.get("value", result))
send("Browser.close")
child.wait(timeout=10)
PYTHON
}
# A page's facts as laid out: its width, then per player its timeline, controls and help.
read -r -d '' phone_facts <<'JS' || true
(function () {
  var facts = [], root = document.documentElement, list = Array.prototype.slice;
  facts.push('width ' + innerWidth);
  facts.push(root.scrollWidth <= root.clientWidth ? 'page-fits' : 'page-overflows ' + root.scrollWidth);
  list.call(document.querySelectorAll('section.player')).forEach(function (section) {
    var svg = section.querySelector('svg'), box = svg.parentElement;
    var text = 11 * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    facts.push('timeline text=' + (text >= 9 ? 'readable' : 'small-' + text.toFixed(1) + 'px') +
      ' box=' + (box.scrollWidth > box.clientWidth ? 'scrolls' : 'still'));
    // Each event's details as wide as a line of text needs, not a column's sliver.
    var narrowest = Infinity, traceBox = section.querySelector('.trace-box');
    list.call(section.querySelectorAll('.trace-box td:last-child')).forEach(function (cell) {
      if (cell.textContent) narrowest = Math.min(narrowest, cell.getBoundingClientRect().width);
    });
    facts.push('trace details=' + (narrowest >= 200 ? 'wide' : 'narrow-' + Math.round(narrowest) + 'px') +
      ' box=' + (traceBox.scrollWidth > traceBox.clientWidth ? 'overflows' : 'fits'));
    var controls = section.querySelector('.controls');
    if (!controls) return;
    // Every event in turn, through the player's own ▶ button.
    var right = controls.getBoundingClientRect().right, out = {};
    for (var i = 1; i <= Number(section.getAttribute('data-events')); i++) {
      list.call(controls.querySelectorAll('*')).forEach(function (node) {
        if (node.getBoundingClientRect().right > right + 0.5) out[node.className || node.tagName] = i;
      });
      controls.querySelector('.next').click();
    }
    var names = Object.keys(out).map(function (name) { return name + '@' + out[name]; });
    facts.push('controls ' + (names.length ? 'overflow-' + names.join(',') : 'fit'));
    facts.push('hint ' + list.call(controls.querySelectorAll('.keys')).filter(function (node) {
      return getComputedStyle(node).display !== 'none';
    }).map(function (node) { return node.className.replace(/ /g, '.'); }).join(','));
  });
  return facts.join('\n');
})()
JS
for page in "$site"/lesson-*.html "$rc"; do
  for device in phone mouse; do
    got=$(layout "file://$page" "$device" <<< "$phone_facts" 2>&1) || true
    hint=keys.keys-touch
    [[ $device == mouse ]] && hint=keys.keys-pointer
    bad=$(grep -vxE "width 390|page-fits|timeline text=readable box=scrolls|trace details=wide box=fits|controls fit|hint $hint" \
      <<< "$got" || true)
    [[ -z $bad && $got == *"width 390"* && $got == *"hint $hint"* ]] \
      || fail "$(basename "$page") on a $device: $(tr '\n' ' ' <<< "${bad:-$got}")"
  done
done

echo "== a challenge played in the page: racy-counter to its goal at par, its link, undo"
# Plays challenge-racy-counter.html in Chromium through its buttons, as at a phone's 390 px with
# touch and with a mouse: the path to the goal is the lab's (a leaf of the page's tree that
# reaches the goal in par choices, found by Python, not by the page's script), and `lab run
# --schedule` confirms that the schedule the page links to reaches the goal.
check_challenge() {
  local page=$site/challenge-racy-counter.html
  [[ -f $page ]] || { fail "no challenge-racy-counter.html"; return; }
  grep -q 'href="challenge-racy-counter.html"' "$site/index.html" \
    || fail "index.html does not list racy-counter's challenge"
  local plan moves schedule par
  plan=$(python3 - "$page" <<'EOF'
import json, re, sys
html = open(sys.argv[1], encoding="utf-8").read()
tree = json.loads(re.search(r"var challengeTree = (.*?);\n", html, re.S).group(1))
par = int(re.search(r'data-par="(\d+)"', html).group(1))
nodes, strings = tree["nodes"], tree["strings"]
def find(node, path):
    entry = nodes[node]
    if "c" not in entry:
        return (path, strings[entry["s"]]) if entry["g"] and entry["n"] == par else None
    for position, choice in enumerate(entry["c"]):
        found = choice[2] >= 0 and find(choice[2], path + [position])
        if found: return found
found = find(0, [])
print(",".join(map(str, found[0])), found[1], par) if found else print("- - -")
EOF
)
  read -r moves schedule par <<< "$plan"
  [[ $moves != - ]] || { fail "challenge: no leaf reaches the goal in par choices"; return; }
  "$lab" run racy-counter --schedule "$schedule" 2>&1 | grep -qx 'counter = 4' \
    || fail "challenge: lab run racy-counter --schedule $schedule does not end at counter = 4"
  # The page's state, one fact per line; then the play: each move clicked, the end's facts, the
  # link's schedule, Backspace (one decision back), the Undo button (another).
  local facts='function facts(tag) {
    var q = function (s) { return document.querySelector(s); }, root = document.documentElement;
    var right = 0;
    Array.prototype.slice.call(document.querySelectorAll("button")).forEach(function (b) {
      right = Math.max(right, b.getBoundingClientRect().right);
    });
    return [tag + " values " + q(".values").textContent,
      tag + " lines " + document.querySelectorAll(".trace .line").length,
      tag + " buttons " + document.querySelectorAll(".tasks button").length,
      tag + " score " + (q(".score") ? q(".score").textContent : "-"),
      tag + " hash " + location.hash,
      tag + " fits " + (root.scrollWidth <= root.clientWidth && right <= innerWidth),
      tag + " trace-fits " + (q(".trace-box").scrollWidth <= q(".trace-box").clientWidth),
      tag + " error " + (document.body.getAttribute("data-challenge-error") || "none")];
  }'
  for device in phone mouse; do
    local played replayed
    played=$(layout "file://$page" "$device" <<JS 2>&1
(function () { $facts
  var out = facts("start"), before = [];
  [$moves].forEach(function (position) {
    before.push(facts("back"));
    document.querySelectorAll(".tasks button")[position].click();
  });
  out = out.concat(facts("end"));
  out.push("link " + document.querySelector(".schedule-link").getAttribute("href"));
  document.dispatchEvent(new KeyboardEvent("keydown", {key: "Backspace", bubbles: true}));
  out.push("backspace " + (facts("back").join("|") === before[before.length - 1].join("|")));
  document.querySelector(".undo").click();
  out.push("undo " + (facts("back").join("|") === before[before.length - 2].join("|")));
  return out.join("\n");
})()
JS
)
    for line in "start buttons 2" "start fits true" "end fits true" "end buttons 0" \
      "start trace-fits true" "end trace-fits true" \
      "end values counter = 4" \
      "end score Goal reached in $par choices, par $par." "end hash #schedule=$schedule" \
      "link #schedule=$schedule" "backspace true" "undo true" "end error none"; do
      grep -qxF -- "$line" <<< "$played" \
        || fail "challenge on a $device: no '$line' in: $(tr '\n' ' ' <<< "$played")"
    done
    # The link, opened: the same end as the clicks reached.
    replayed=$(layout "file://$page#schedule=$schedule" "$device" \
      <<< "(function () { $facts return facts('end').join('\\n'); })()" 2>&1)
    [[ $replayed == "$(grep '^end ' <<< "$played")" ]] \
      || fail "challenge on a $device: #schedule=$schedule replays to: $(tr '\n' ' ' <<< "$replayed")"
  done
  # An address is someone's text: a schedule named as an object's own key is one the page does
  # not have, and the challenge still shows, without a script error.
  for key in __proto__ constructor toString hasOwnProperty %E0; do
    replayed=$(layout "file://$page#schedule=$key" mouse \
      <<< "(function () { $facts return facts('start').join('\\n'); })()" 2>&1)
    for line in "start buttons 2" "start error none"; do
      grep -qxF -- "$line" <<< "$replayed" \
        || fail "challenge #schedule=$key: no '$line' in: $(tr '\n' ' ' <<< "$replayed")"
    done
  done
  # Moves are buttons' numbers joined by '.': no move is read into an address that holds none
  # (Number('') is 0, Number('0x1') is 1). An empty list is the start; anything else not of that
  # shape plays nothing and says so.
  local start
  start=$(layout "file://$page" mouse <<< "(function () { $facts return facts('start').join('\\n'); })()" 2>&1)
  for moves in "" 0. 0x0 1e0 %200 -0 .0; do
    replayed=$(layout "file://$page#moves=$moves" mouse \
      <<< "(function () { $facts return facts('start').join('\\n') +
        '\\nsays ' + !!document.querySelector('.result .problem'); })()" 2>&1)
    [[ $(grep -v '^start hash' <<< "$replayed" | grep -v '^says') == $(grep -v '^start hash' <<< "$start") ]] \
      || fail "challenge #moves=$moves: played moves: $(tr '\n' ' ' <<< "$replayed")"
    grep -qxF "says $([[ -z $moves ]] && echo false || echo true)" <<< "$replayed" \
      || fail "challenge #moves=$moves: $(grep '^says' <<< "$replayed")"
  done
  # Nor is an address's text offered as a command to paste unless it has a schedule's shape.
  # (What the page shows, not its script, which holds every message the page can show.)
  replayed=$(layout "file://$page#schedule=%3B%20curl%20-s%20x%20%7C%20sh" mouse \
    <<< "(function () { return document.querySelector('.result').textContent; })()" 2>&1)
  if grep -q 'curl' <<< "$replayed" || ! grep -q 'That address holds no schedule' <<< "$replayed"; then
    fail "challenge #schedule=; curl …: the page offers the address's text as a command"
  fi
}
check_challenge
echo "== a prediction: tick boxes, press Reveal, read the verdict"
# Lesson 8 asks which values racy-counter's counter can end with (1 to 7; 2 to 6 are possible).
# Ticks 2, 3 and 7 and presses Reveal through the page's own elements.
read -r -d '' predict_facts <<'JS' || true
(function () {
  var box = document.querySelector('.predict');
  if (!box) return 'no prediction on the page';
  var inputs = box.querySelectorAll('input[type=checkbox]');
  [1, 2, 6].forEach(function (i) { inputs[i].click(); });
  var facts = ['hidden before: ' + box.querySelector('.revealed').hidden];
  box.querySelector('.reveal').click();
  facts.push('hidden after: ' + box.querySelector('.revealed').hidden);
  Array.prototype.forEach.call(box.querySelectorAll('.choices li'), function (item) {
    facts.push(item.textContent.replace(/\s+/g, ' ').trim());
  });
  facts.push(box.querySelector('.score').textContent);
  return facts.join('\n');
})()
JS
want='hidden before: true
hidden after: false
1 ✓ impossible: right
2 ✓ possible: right
3 ✓ possible: right
4 ✗ possible: wrong
5 ✗ possible: wrong
6 ✗ possible: wrong
7 ✗ impossible: wrong
Your prediction: 3 of 7 right.'
got=$(layout "file://$site/lesson-08-data-races.html" mouse <<< "$predict_facts" 2>&1) || true
[[ $got == "$want" ]] || fail "lesson 8's prediction after Reveal: $(tr '\n' '|' <<< "$got")"

elapsed=$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")
if [[ $failures -gt 0 ]]; then
  echo "$failures check(s) failed ($elapsed s)"
  exit 1
fi
echo "site checked in Chromium: every check passed ($elapsed s)"
