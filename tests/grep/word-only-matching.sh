#!/bin/sh
# -w with -o or --color and several overlapping strings (-F, or patterns grep searches as strings) gives GNU grep 3.8's matches, which after a match take a string found right at its end for a word; not grep's regex matcher (one -G or -E pattern, alternations); in C and UTF-8, at 1 and 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 4

c_and_utf8_locales_

# Pattern lists and lines drawn from a few letters, a multibyte one and
# punctuation, so that matches overlap, touch and nest.
awk 'BEGIN {
  srand (27);
  split ("a b c \303\251 . - _", pc, " ");
  split ("a b c \303\251 . - _", tc, " "); tc[8] = " "; tc[9] = " ";
  for (f = 0; f < 40; f++) {
    n = 2 + int (rand () * 5);
    for (i = 0; i < n; i++) {
      s = ""; m = 1 + int (rand () * 4);
      for (j = 0; j < m; j++) s = s pc[1 + int (rand () * 7)];
      print s > ("pats" f);
    }
    for (i = 0; i < 6; i++) {
      s = ""; m = int (rand () * 15);
      for (j = 0; j < m; j++) s = s tc[1 + int (rand () * 9)];
      print s > ("text" f);
    }
  }
}' || framework_failure_

for loc in $locales; do
  f=0
  while test $f -lt 40; do
    for opts in '-F -w -o' '-w -o' '-F -w --color=always' '-E -w -o -i' \
                '-F -w -o -b' '-F -w -c'; do
      # shellcheck disable=SC2086
      run_ "$loc" "$test_threads" $opts -f pats$f text$f
    done
    # One pattern, and alternations: grep's regex matcher looks before.
    run_ "$loc" "$test_threads" -w -o -e "$(sed 1q pats$f)" text$f
    run_ "$loc" "$test_threads" -E -w -o -e "$(paste -s -d '|' pats$f)" text$f
    run_ "$loc" "$test_threads" -F -w -o -e "$(sed 1q pats$f)" text$f
    f=$((f + 1))
  done
done
fail=0
diff_report_ || fail=1
Exit $fail
