#!/bin/sh
# Standard input named several times ('-' operands) is read in turn, in
# operand order, whatever the threads: each read starts where the one
# before left the offset (after -m's last selected line, or at the end),
# and offsets after -m count from where standard input started, so that
# shell loops reading one file in parts work as with GNU grep.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

seq -f 'x%g' 100000 >xs || framework_failure_
seq 200000 >big || framework_failure_
mkdir dir || framework_failure_
printf '\n\n\311' >end3 || framework_failure_

# Several threads took the '-' operands at once: their reads shared the
# offset and found lines in any order (x1 x2 x2 x2, x1 x3 x2 x4...), or
# the second operand's "Invalid argument" came first.  Repeated, as the
# race was timing's.
for i in 1 2 3 4 5 6 7 8; do
  STDIN=xs run_ C "$test_threads" -m1 x - - - -
  STDIN=xs run_ C "$test_threads" -m1 x big - big - - big -
  STDIN=xs run_ C "$test_threads" -m2 -A3 x - big - -
  STDIN=xs run_ C "$test_threads" -c x - - big
  STDIN=dir run_ C "$test_threads" x big - big - big -
  # -m's count reached, trailing context read to the end: the next '-'
  # starts after the last selected line all the same.
  STDIN=end3 run_ C "$test_threads" -m2 -A3 -v t - -
  STDIN=xs run_ C "$test_threads" -m1 -A200000 x - - -
done
diff_report_ || fail=1

# A binary file stops at its first selection, but -v takes a run of
# lines whole, up to -m's count: the next '-' starts after the run and
# meets the NUL line again (random tester seed 1796558853 case 19183).
printf '\n\n\0' >nul3 || framework_failure_
printf 'a\nb\0\nc\nd\n' >nul4 || framework_failure_
for opts in "-v -m2 W" "-v -m1 W" "-v -m3 W" "-v -m2 -c W" "-m2 -v b"; do
  STDIN=nul3 run_ C "$test_threads" $opts - -
  STDIN=nul4 run_ C "$test_threads" $opts - - -
done
diff_report_ || fail=1

# A start that is not the file's: -m leaves the offset after its last
# selected line counted from there ('x4', not 'x2', comes next).
for who in gnu ours; do
  { read -r l && echo "$l" &&
    PATH=$PWD/$who:$PATH LC_ALL=C grep -m2 x &&
    PATH=$PWD/$who:$PATH LC_ALL=C grep -m1 -A2 x &&
    PATH=$PWD/$who:$PATH LC_ALL=C grep -c x; } <xs >out.$who 2>&1
  echo $? >>out.$who
done
compare out.gnu out.ours || fail=1

Exit ${fail-0}
