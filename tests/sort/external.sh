#!/bin/sh
# Inputs bigger than -S are sorted through temporary runs in the -T
# directories and merged (in several passes with a small --batch-size),
# with the same output as GNU sort; every temporary is removed.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
gen_input_ 8 mix 20000 >big || framework_failure_
gen_input_ 9 csv 20000 >>big || framework_failure_
mkdir t1 t2 || framework_failure_

# It really spills: an unusable -T directory is an error.
returns_ 2 sort -S 64k -T /nonexistent/dir big >/dev/null 2>&1 || fail=1

while IFS= read -r opts; do
  # shellcheck disable=SC2086
  diff_run_ C big -S 64k -T t1 -T t2 $opts
done <<'EOF2'

-n
-u
-r
-s -k2,2
-t, -k2,2 -u
-fu --batch-size=2
-g --batch-size=3
-V --batch-size=5
-k1,1h -k2 --parallel=1
-m
EOF2
test "$(ls t1 t2)" = "t1:

t2:" || { ls -l t1 t2; fail=1; }

# -R through temporaries gives the in-memory order.
printf '%s' 0123456789abcdef >seed
sort -R --random-source=seed big >exp || fail=1
sort -R --random-source=seed -S 64k -T t1 --batch-size=2 big >got || fail=1
compare exp got || fail=1
test -z "$(ls t1)" || fail=1

diff_report_ || fail=1
Exit $fail
