#!/bin/sh
# -c reports the first line out of order with GNU sort's message and
# line number, also past the first read buffer; -C only sets the status;
# -c -u wants strict order.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
seq 300000 >in
sed 's/^250000$/1/' in >bad
for opts in -c -C '-c -n' '-C -n' '-cu -n' '-c -r' '-c -S 1k' \
            '-c --batch-size=2'; do
  # shellcheck disable=SC2086
  diff_run_ C in $opts
  # shellcheck disable=SC2086
  diff_run_ C bad $opts
done
printf 'a\na\n' >dup
diff_run_ C dup -cu
printf 'a\0b\0a\0' >z
diff_run_ C z -cz
diff_run_ C - -c </dev/null
diff_report_ || fail=1
Exit $fail
