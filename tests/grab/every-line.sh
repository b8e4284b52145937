#!/bin/sh
# Patterns that select every line ('', '$', '.*', '^', '^.*') are counted
# and printed without the engine, but for their exceptions: in UTF-8, '^'
# does not select a line that starts with an encoding error (grep -P
# matches such a line from after the bad bytes, with NOTBOL), and the
# engine decides those lines.  Output against grep -P -a, in C and UTF-8,
# on lines that start with lone error bytes, lead bytes, valid characters,
# at every offset modulo 32 (the scan for such line starts goes 16 bytes
# at a time), with -c, -v, -m, --line-number and context.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-diff.sh"
require_utf8_locale_
awk 'BEGIN {
  split("\200|\301x|\303x|\303\251|\376|\377\377|x|\365z| |", first, "|")
  srand(5)
  for (i = 0; i < 3000; i++) {
    len = int(rand() * 40)
    s = ""
    for (k = 0; k < len; k++) s = s "ab"
    s = substr(s, 1, len)
    f = first[1 + int(rand() * 10)]
    printf "%s%s\n", (rand() < 0.3 ? f : ""), s
  }
  printf "\200no newline at the end"
}' >in || framework_failure_
ORDERED=yes
for loc in C "$UTF8_LOCALE"; do
  for p in '' '$' '.*' '^' '^.*'; do
    for opts in -c '' -v '-c -v' '-m 7' '-c -m 100' -n '-A 1 -m 3' -l; do
      diff_run_ "$loc" "$opts" "$p" in
    done
  done
done
diff_report_ || fail=1

# Several patterns are one alternation, '(?:P1)|(?:P2)...' (as grep 3.8
# joins them), so a pattern that is not whole changes what an empty one
# beside it means: here '' is inside a group that must be followed by
# 'ab', and not every line is selected.
for loc in C "$UTF8_LOCALE"; do
  LC_ALL=$loc grep -P -a -c -e '(?:(?:^\hx)|(?:)|(?:))(ab)' in >exp
  LC_ALL=$loc grab -c -e '(?:^\hx' -e '' -e '))(ab' in >out
  compare exp out || fail=1
done
Exit ${fail-0}
