#!/bin/sh
# -w with an empty pattern (-e '', -F, -E, an -f file holding an empty line, beside other patterns) selects the lines GNU grep 3.8 selects, the last line without its newline included, in C and UTF-8, at 1 and 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

c_and_utf8_locales_
printf '\n' >empty-line || framework_failure_
printf 'x\n\nfoo\n' >with-empty || framework_failure_

# Every last line of up to two of these pieces, with and without its
# newline, after a first line that varies too.
i=0
for first in '' 'a\r\n' '\n' 'b c\n'; do
  for p1 in b '\r' ' ' . _ '\303\251' '\377'; do
    for p2 in '' b '\r' ' ' .; do
      for nl in '' '\n'; do
        printf "$first$p1$p2$nl" >in$i || framework_failure_
        i=$((i + 1))
      done
    done
  done
done
files=$(i=0; while test -f in$i; do printf 'in%d ' $i; i=$((i + 1)); done)

for loc in $locales; do
  for args in "-w -e ''" "-w -F -e ''" "-w -E -e ''" "-w -f empty-line" \
              "-w -F -f with-empty" "-w -e '' -e x" "-w -c -e ''" \
              "-w -v -e ''" "-w -o -b -e ''" "-w -x -e ''" "-w -n -e ''" \
              "-w -i -F -e '' -e B"; do
    eval "run_ $loc '$test_threads' $args $files"
  done
done
fail=0
diff_report_ || fail=1
Exit $fail
