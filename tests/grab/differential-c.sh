#!/bin/sh
# grab -r prints what grep -P -a -r prints (sorted; -n 1 and -n 4), exit
# status too, in the C locale: every pattern of patterns.txt with every
# option set of options.txt over a generated tree.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"
. "$srcdir/tests/lib/grab-diff.sh"

mktree_
sample_stride_ 32
ORDERED=yes
while IFS= read -r opts; do
  while IFS= read -r pat; do
    diff_run_ C "-r $opts" "$pat" tree
  done <"$srcdir/tests/grab/patterns.txt"
done <"$srcdir/tests/grab/options.txt"
diff_report_ || fail=1
Exit ${fail-0}
