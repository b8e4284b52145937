#!/bin/sh
# Big files are mapped in windows (-L halves the 1 GiB window; 14 times
# gives 64 KiB): no match is lost or printed twice at a window edge, no
# line is cut, a line longer than the window is whole, and context, line
# numbers and offsets run on across windows, as grep prints them.  The
# same data from a pipe (the read path) gives the same.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-diff.sh"
. "$srcdir/tests/lib/mkedges.sh"
sample_stride_ 4

# About 3 MiB (tests/lib/mkedges.sh), with one 200 KiB line ending in
# "edge".
mkedges_ $((3 * 1048576)) 20000:edge >big || framework_failure_
test "$(wc -c <big)" -gt 3000000 || framework_failure_

L='-L -L -L -L -L -L -L -L -L -L -L -L -L -L'
for opts in '' -c -n '-B 3 -A 2 -n' '-b -o' '-v -c' '-C 1' '-m 5 -A 3' -o; do
  for pat in edge '^line 1[0-9]*5 ' 'e$' 'filler! edge' '^l'; do
    diff_run_ C "$opts" "$pat" big
    GRAB_OPTS=$L diff_run_ C "$opts" "$pat" big
    DIFF_STDIN=big diff_run_ C "$opts" "$pat"
  done
done
diff_report_ || fail=1

# -L cannot go below 64 KiB; more of them is fine.
grab $L -L -L -L -c edge big >out || fail=1
grep -c edge big >exp
compare exp out || fail=1
Exit ${fail-0}
