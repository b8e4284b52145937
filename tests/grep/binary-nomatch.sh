#!/bin/sh
# grep skips its search for a NUL in a file's last chunk where its string
# cannot match (search/worker.c's first_nul, LAZY): such a chunk prints
# nothing whether binary or not.  Not so where it would print something
# without a match: -v, trailing context due from the chunk before (a file
# longer than grep's 96 KiB buffer); --binary-files=without-match, where
# a NUL after a match makes the whole file one without a match (-c 0).  And trailing context due when a NUL comes goes on (search.c's
# search_binary).  Compared with GNU grep, with NULs before, after and far from the
# string, at 1 and 4 threads, in C and UTF-8.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 4

printf 'ab\0cd\nef\n' >nul || framework_failure_
printf 'PM_RESUME x\n\0\n' >nul-after || framework_failure_
printf '\0\nPM_RESUME x\n' >nul-before || framework_failure_
printf 'PM_RESUME\nab\ncd\n' >text || framework_failure_
# A match at the end of grep's first 96 KiB buffer, its trailing context
# and a NUL in the next, which has no match: grep prints that context
# from the buffer with the NUL, NULs ending lines ('z', 'z'); and the same
# with the NUL far after.
perl -e '$s = ""; $i = 0;
         $s .= "line " . $i++ . "\n" while length ($s) < 98304 - 40;
         print $s, "PM_RESUME\n", "a" x (98304 - length ($s) - 5), "\n";
         print "after 1\nz\0z\nafter 3\n"' >long1 || framework_failure_
perl -e 'print "line $_\n" for 1 .. 14000; print "PM_RESUME\n";
         print "after $_\n" for 1 .. 3000; print "z\0z\n"' >long2 ||
  framework_failure_
test "$(wc -c <long1)" -gt 98304 || framework_failure_

c_and_utf8_locales_
cases=0
for loc in $locales; do
  for opts in '' -c -l -L -v '-v -c' -A2 -A3 -B2 -C5 '-A4 -v' -o -n \
              '--binary-files=without-match -c' \
              '--binary-files=without-match -L' \
              '--binary-files=without-match -l' -a '-m1 -A3' -w -i; do
    for files in 'nul text' 'text nul' 'nul-after nul' 'nul-before text' \
                 'long1' 'long2 nul' 'text long1'; do
      # shellcheck disable=SC2086
      run_ "$loc" "$test_threads" $opts -e PM_RESUME $files
      cases=$((cases + 1))
    done
  done
done
echo "$cases cases"
fail=0
diff_report_ || fail=1
Exit $fail
