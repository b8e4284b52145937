#!/bin/sh
# sort -m gives GNU sort's output even for unsorted inputs and more
# inputs than --batch-size (the same merge passes), with -u, keys, and
# standard input among the inputs.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
files=
for i in $(seq 1 23); do
  gen_input_ $((100 + i)) mix 60 >u$i || framework_failure_
  LC_ALL=C ref_sort_ u$i >s$i || framework_failure_
  LC_ALL=C ref_sort_ -n u$i >n$i || framework_failure_
  files="$files $i"
done
for opts in '' '--batch-size=2' '--batch-size=3' '--batch-size=16' '-u' \
            '-u --batch-size=4'; do
  # shellcheck disable=SC2086
  diff_run_ C s1 -m $opts $(for i in $files; do echo s$i; done)
  # shellcheck disable=SC2086
  diff_run_ C u1 -m $opts $(for i in $files; do echo u$i; done)
  # shellcheck disable=SC2086
  diff_run_ C n1 -m -n $opts $(for i in $files; do echo n$i; done)
done
# Standard input among the inputs.
LC_ALL=C ref_sort_ -m s1 - s2 <s3 >exp
LC_ALL=C sort -m s1 - s2 <s3 >out || fail=1
compare exp out || fail=1
diff_report_ || fail=1
Exit $fail
