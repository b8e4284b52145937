#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/startup.sh: start-up cost of each applet against the tool it
# replaces: N runs (default 2000) of 'rat /dev/null' vs '/usr/bin/cat
# /dev/null', 'grab x ONE-LINE-FILE' vs 'grep -P x ONE-LINE-FILE' (a match:
# xargs fails when a command exits 1), grabrat's grep (a link named grep)
# vs GNU grep on 'x ONE-LINE-FILE', 'sort /dev/null'
# vs '/usr/bin/sort /dev/null', each as one xargs loop (fork+exec per run).
# The 'ratio' column is contender/ours: the target for rat is ours <= 1.05 x
# GNU cat, i.e. the GNU cat line's ratio >= 0.95.
# Usage: bench/startup.sh [N]   (ROUNDS=5 by default)
. "$(dirname "$0")/lib.sh"
N=${1:-2000}
S=$GRABRAT_BUILD
loop () { echo "seq $N | xargs -I{} $*"; }

race "rat /dev/null x $N" \
  "rat (grabrat)" "$(loop "$S/rat /dev/null")" \
  "GNU cat" "$(loop /usr/bin/cat /dev/null)"
x=$(mktemp) || exit 1
l=$(mktemp -d) || exit 1
trap 'rm -rf "$x" "$l"' EXIT
echo x >"$x"
ln -s "$S/grabrat" "$l/grep" || exit 1
race "grab x ONE-LINE-FILE x $N" \
  "grab (grabrat)" "$(loop "$S/grab x $x")" \
  "GNU grep -P" "$(loop /usr/bin/grep -P x "$x")"
race "grep x ONE-LINE-FILE x $N" \
  "grep (grabrat)" "$(loop "$l/grep x $x")" \
  "GNU grep" "$(loop /usr/bin/grep x "$x")"
race "sort /dev/null x $N" \
  "sort (grabrat)" "$(loop "$S/sort /dev/null")" \
  "GNU sort" "$(loop /usr/bin/sort /dev/null)"
