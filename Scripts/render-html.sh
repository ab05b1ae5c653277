#!/usr/bin/env bash
# Renders a `lab run … --html` report or a `lab site` page to a PNG with headless Chromium, to
# look at it as a reader would. Needs Debian's chromium package: apt-get install -y chromium
#
# Usage: Scripts/render-html.sh PAGE.html[#event=N] [OUT.png] [WIDTH] [HEIGHT]
#   OUT.png defaults to PAGE.png beside the page; WIDTH×HEIGHT is the window, 1100×1500 by
#   default (the screenshot is the window, not the whole page: raise HEIGHT to see the full trace).
#   #event=N shows the player at event N.
#
# Example:
#   swift run lab run async-let-downloads --html /tmp/report.html
#   Scripts/render-html.sh '/tmp/report.html#event=12'
set -euo pipefail

if [[ $# -lt 1 || $1 == -h || $1 == --help ]]; then
  sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'
  exit 64
fi
report=${1%%#*}
fragment=
[[ $1 == *#* ]] && fragment=#${1#*#}
out=${2:-${report%.html}.png}
width=${3:-1100}
height=${4:-1500}

[[ -f $report ]] || { echo "error: no report at '$report'" >&2; exit 1; }
[[ $out == *.png ]] || { echo "error: the PNG's name must end in .png, not '$out'" >&2; exit 64; }
if ! [[ $width =~ ^[0-9]+$ && $height =~ ^[0-9]+$ ]]; then
  echo "error: WIDTH and HEIGHT are whole numbers of pixels" >&2
  exit 64
fi
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[[ -n $browser ]] || { echo "error: no chromium on PATH; apt-get install -y chromium" >&2; exit 1; }

# Absolute paths: Chromium resolves file URLs and --screenshot against its own working directory.
report_path=$(cd "$(dirname "$report")" && pwd)/$(basename "$report")
out_path=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")

# --no-sandbox: Chromium refuses to run as root with its sandbox (containers, CI). The page's only
# script is the lab's own player, and it loads nothing. The virtual time budget lets the player
# set up before the shot. Chromium's D-Bus chatter is dropped.
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --virtual-time-budget=2000 --window-size="$width,$height" --screenshot="$out_path" \
  "file://$report_path$fragment" >/dev/null 2>&1
[[ -s $out_path ]] || { echo "error: chromium wrote no PNG" >&2; exit 1; }
echo "$out_path"
