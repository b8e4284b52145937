#!/bin/sh
# Whole-buffer matching never disagrees with grep's line-by-line matching:
# every construct that can match or stop at a newline (line-scope-
# patterns.txt: \R \X \s \v \h \N, negated classes, (?s), $ before a CR,
# lookaround, \K, atomic and possessive parts), with -w, -x, -o, -v and
# -c, over lines ending in LF, CRLF, CR, VT, FF and NEL, with NUL bytes and
# invalid UTF-8, in C and UTF-8, at 1 and 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-diff.sh"
sample_stride_ 8

printf 'foo bar\r\nx\n\r\n\r\n\r\nbar \nx bar\n\n\r\r\nbar\rx\n' >crlf ||
  framework_failure_
printf 'bar\vx\nbar\fx\n\013\nbar\302\205x\n\302\205\na\0bar\n' >vt ||
  framework_failure_
printf 'bar\377\nx\377 bar\r\n\377\r\n(bar)\n  \nx\n\tbar\t\nbar' >bad ||
  framework_failure_

ORDERED=yes
# One thread by default: what is checked here is matching, not threading
# (which differential-*.sh check at 1 and 4 threads), and the cases are
# many.
: "${THREADS=1}"
c_and_utf8_locales_
for loc in $locales; do
  for opts in '' -w -x -o '-w -o' '-x -o' -v -c '-w -v' '-i -w'; do
    while IFS= read -r pat; do
      diff_run_ "$loc" "$opts" "$pat" crlf vt bad
    done <"$srcdir/tests/grab/line-scope-patterns.txt"
  done
done
# -o goes on from inside a line, where \b, \B and lookbehind must still
# see the line's start (Hyperscan once took it for the subject's start).
printf 'aaa\nxa a\nfoo foofoo\n' >inside || framework_failure_
for pat in '\Ba' '\ba' '(?<=a)a' '\Bfoo|\bxa'; do
  diff_run_ C -o "$pat" inside
done
# -o goes on one byte past an empty match, maybe into a character; grep
# then starts its subject after the byte, which lookbehind cannot see.
if test "$locales" != C; then
  printf 'f1\302\205a\n' >mid || framework_failure_
  diff_run_ "$UTF8_LOCALE" -o '(?<=\x{85})a|' mid
  diff_run_ "$UTF8_LOCALE" '-b -o' '(?<=\x{85})a|x*' mid crlf
  # \C turns the JIT off; PCRE2's interpreter treats invalid bytes at a
  # subject's end otherwise than before a newline.
  printf 'a\377\251\200\251\nb\n' >tail || framework_failure_
  for opts in -w -c '-w -c' -v; do
    diff_run_ "$UTF8_LOCALE" "$opts" 's\C|' tail
  done
fi
diff_report_ || fail=1
Exit ${fail-0}
