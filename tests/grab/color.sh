#!/bin/sh
# --color=always prints GNU grep's escape sequences byte for byte, with
# the default colours and with GREP_COLORS (ms mc sl cx fn ln bn se rv ne),
# for selected and context lines, -o, -v and line numbers.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"
. "$srcdir/tests/lib/grab-diff.sh"
sample_stride_ 4

mktree_
ORDERED=yes
for colors in '' 'ms=01;32' 'mt=4:fn=1;33:ln=35:se=1' 'sl=1:cx=2' \
              'sl=1:cx=2:rv' 'ne' 'mc=7:ms=' 'bn=4'; do
  export GREP_COLORS="$colors"
  for opts in '--color=always' '--color=always -n -C 1' \
              '--color=always -b -o' '--color=always -v -A 1' \
              '--color=always -c' '--color=always -l'; do
    for pat in foo 'x*' '\bthe\b' '^'; do
      diff_run_ C "-r $opts" "$pat" tree/x tree/crlf.txt
    done
  done
done
unset GREP_COLORS
diff_report_ || fail=1
Exit ${fail-0}
