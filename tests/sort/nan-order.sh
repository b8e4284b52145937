#!/bin/sh
# -g orders NaNs as GNU sort 9.1 does where GNU's order is determined:
# after conversion errors, before numbers, and among themselves by the
# bytes of their values (sign and payload: "nan", "-nan", "nan(1)", ...),
# with -r, -k, -t, -s, -m and -c when no two distinct lines hold NaNs of
# the same bits, and -u when no two lines do.  NaNs with the same bits ("nan", "NaN") compare
# by uninitialized padding in GNU sort (see numcmp.c); here they are
# equal, which the last part checks without GNU.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
# Each NaN value is in one line only (repeated whole): GNU compares two
# lines with NaNs of the same bits by garbage, in any mode.
awk 'BEGIN {
  srand(5)
  n = split("inf -inf 0 -0 1e5 -3 x abc  1e400 -1e-400 0x1p3 2", w, " ")
  m = split("nan -nan(1) nan(0x10),3 x,-nan(2) 4,nan(0x8000000000000) " \
            "-nan", nans, " ")
  for (i = 0; i < 600; i++)
    if (rand() < 0.2)
      print nans[int(rand() * m) + 1]
    else
      print w[int(rand() * n) + 1] (rand() < 0.4 ? "," w[int(rand() * n) + 1] : "")
}' >mixed || framework_failure_
for opts in -g -gr '-t, -k2g' '-t, -k2g -k1,1g' '-t, -k1,1gr -k2' -gs; do
  # shellcheck disable=SC2086
  diff_run_ C mixed $opts
done
# One NaN of each bit pattern: -u, -m and -c agree with GNU.
printf '%s\n' nan -nan 'nan(1)' 'nan(0x10)' '-nan(2)' 3 x -inf >distinct ||
  framework_failure_
diff_run_ C distinct -gu
diff_run_ C distinct -gru
LC_ALL=C ref_sort_ -g distinct >sorted || framework_failure_
diff_run_ C sorted -c -g
diff_run_ C sorted -m -gu sorted
diff_run_ C distinct -c -g
diff_report_ || fail=1

# Same bits, several spellings: one line per value with -u, sorted or
# merged, and -c sees no disorder between them.
printf 'nan\nNaN\n1\n-nan\nNAN\n-NaN\nnan\n' >same || framework_failure_
printf 'nan\n-nan\n1\n' >exp || framework_failure_
sort -gu same >out || fail=1
compare exp out || fail=1
printf 'NAN\nNaN\nnan\nnan\n-NaN\n-nan\n1\n' >exp-g || framework_failure_
sort -g same >s1 || fail=1
compare exp-g s1 || fail=1
printf 'NAN\n-NaN\n1\n' >exp || framework_failure_
sort -gmu s1 s1 >out || fail=1
compare exp out || fail=1
printf 'nan\nNaN\nNAN\n' >eq || framework_failure_
sort -gcs eq || fail=1
Exit $fail
