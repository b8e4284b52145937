#!/bin/sh
# Like differential-c.sh in a UTF-8 locale (UTF mode, invalid bytes never
# match, caseless matching beyond ASCII), with UTF-8 specific patterns.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"
. "$srcdir/tests/lib/grab-diff.sh"
sample_stride_ 32
require_utf8_locale_

mktree_
cat "$srcdir/tests/grab/patterns.txt" "$srcdir/tests/grab/patterns-utf8.txt" \
  >patterns || framework_failure_
ORDERED=yes
for opts in '' -i -v -c -o -w -x '-o -i' '-b -o' -n --color=always; do
  while IFS= read -r pat; do
    diff_run_ "$UTF8_LOCALE" "-r $opts" "$pat" tree
  done <patterns
done
diff_report_ || fail=1
Exit ${fail-0}
