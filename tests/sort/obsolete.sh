#!/bin/sh
# Obsolete +POS1 [-POS2] keys and the POSIX modes: +POS is a key when a
# -POS follows or _POSIX2_VERSION predates 2001, else a file; with
# POSIXLY_CORRECT, options after the first file are files.  -y is
# accepted and ignored.  All as in GNU sort.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
gen_input_ 30 mix 100 >in || framework_failure_
echo 'file named +1' >+1
echo 'file named -r' >./-r
while IFS= read -r opts; do
  # shellcheck disable=SC2086
  diff_run_ C in $opts
done <<'EOF2'
+1 -2
+0 -1
+1.2 -1.4
+0.1b -1.3n
+1n -2r
+0 -1 +2n
+1
-y
-y0
-y 5
-y x
EOF2
for v in 199209 200112 200809; do
  _POSIX2_VERSION=$v diff_run_ C in +1
  _POSIX2_VERSION=$v diff_run_ C in +1 -2
done
POSIXLY_CORRECT=1 diff_run_ C in -r
POSIXLY_CORRECT=1 diff_run_ C in -o o-file -r
_POSIX2_VERSION=199209 POSIXLY_CORRECT=1 diff_run_ C in -o o-file
diff_report_ || fail=1
Exit $fail
