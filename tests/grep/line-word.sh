#!/bin/sh
# -x with -w: grep 3.8's regex matcher (one pattern, -G or -E) takes a
# whole-line match with its EOL byte, so --color paints the newline and
# -o prints it before its own; its string matcher (-F, or two patterns)
# does not.  grabrat's string matcher, which also runs single -G/-E
# strings, must give the regex matcher's bytes there, and a last line
# without a newline gets the one grep's buffer adds (random tester seed
# 1796546253 case 45011).  Against GNU grep, C and UTF-8, 1 and 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 4

c_and_utf8_locales_
printf 'abc\nx abc\n\nABC\nabc\n' >nl || framework_failure_
printf 'x\nabc' >last || framework_failure_
printf '\n' >empty || framework_failure_
printf 'abc\r\nabc\n' >crlf || framework_failure_

for loc in $locales; do
  for p in "-e abc" "-e 'a[b]c'" "-e ''" "-E -e 'abc|zz'" "-F -e abc" \
           "-e abc -e zz" "-i -e abc" "-e 'a.c'"; do
    for o in "--color=always" "-o" "-o -b -n --color=always" \
             "-c --color=always" "-v --color=always" "-A1 --color=always"; do
      eval "run_ $loc '$test_threads' -x -w $o $p nl last empty crlf"
      eval "run_ $loc 1 -x -w $o $p last"
    done
  done
done

fail=0
diff_report_ || fail=1
Exit $fail
