#!/bin/sh
# --files0-from reads the input names from a file or from standard input,
# NUL-separated, as GNU sort does.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
seq 10 >a
seq 5 15 >b
printf 'a\0b\0a\0' >names
printf 'a' >one
diff_run_ C /dev/null --files0-from=names
diff_run_ C /dev/null --files0-from=one -n
printf 'a\0b\0' | LC_ALL=C ref_sort_ --files0-from=- >exp
printf 'a\0b\0' | LC_ALL=C sort --files0-from=- >out || fail=1
compare exp out || fail=1
diff_report_ || fail=1
Exit $fail
