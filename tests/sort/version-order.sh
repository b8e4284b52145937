#!/bin/sh
# -V orders names as GNU sort 9.1 does, names that start with '.' among
# them (".e1" before ".5": 9.1's filevercmp lets a suffix be the whole
# name), with -r, -u, -f, -k, -m, -c and -C, over generated names built
# from dots, letters, digits, '~' and '-'.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

gen_names_ ()
{
  awk -v seed="$1" -v n="$2" '
  function pick(s,   a, k) { k = split(s, a, " "); return a[int(rand() * k) + 1] }
  BEGIN {
    srand(seed)
    for (i = 0; i < n; i++) {
      s = pick(". . . .. a x 1 ~ - _")
      k = int(rand() * 5)
      for (j = 0; j < k; j++)
        s = s pick(". . e a Z 0 1 5 10 ~ - b2 .tar .gz ~rc1 .x~ A")
      print s (rand() < 0.3 ? " " pick("1 .a .1 b") : "")
    }
    print "."; print ".."; print ".e1"; print ".5"; print "..."; print ""
  }'
}

fail=0
for seed in 1 2 3 4; do
  gen_names_ $seed 400 >names$seed || framework_failure_
  for opts in -V -Vr -Vu -fV -Vs '-k1,1V' '-k2V -k1,1' '-k1,1V -u' -Vb; do
    # shellcheck disable=SC2086
    diff_run_ C names$seed $opts
  done
  LC_ALL=C ref_sort_ -V names$seed >sorted$seed || framework_failure_
  LC_ALL=C ref_sort_ -V -u names$seed >usorted$seed || framework_failure_
  diff_run_ C sorted$seed -c -V
  diff_run_ C usorted$seed -C -V -u
  diff_run_ C names$seed -c -V
  diff_run_ C sorted$seed -m -V sorted$seed
  diff_run_ C usorted$seed -m -V -r
done
# The issue's own case.
printf '%s\n' .5 .e1 >dots || framework_failure_
diff_run_ C dots -V
diff_run_ C dots -c -V
diff_report_ || fail=1
Exit $fail
