#!/bin/sh
# The "--" between context groups follows GNU grep 3.8 across files (a binary file's unprinted match counts as output, its separator before its message; a file too short to search leaves no separator behind), a -v run stays one group past a line held back for an encoding error, and context after such a line is numbered right; at 1 and 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 16

# GNU's rule is global over the output: a group needs a separator when
# anything was output before it, in this file or an earlier one, unless it
# continues the previous group of its file.  A binary file's match, which
# grep reports on standard error instead of printing, is output for that
# rule.
printf 'x1\0\n' >bin || framework_failure_
printf 'y\0\nq\n' >bin-nomatch || framework_failure_
printf 'x1\ny\n' >txt || framework_failure_
printf 'z\nx1\n\nx2\ny\nx1\n' >txt2 || framework_failure_
# Shorter than any match of 'x1': skipped unread.
printf 'y' >short || framework_failure_
printf 'x1\nx3 y' >nonl || framework_failure_
: >empty
# Lines with encoding errors in UTF-8 (held back: "binary file matches"),
# inside a run of -v lines, and before a last line without a newline.
printf '\377a\n\na\303\251\n\377a\n\377a' >enc1 || framework_failure_
printf 'x2\n\377a\ny\ny\nx1\n\377a\n' >enc2 || framework_failure_
printf 'y\nx1\n\377a\ny\nx1\nz\n' >enc3 || framework_failure_
# After a held selected line, grep's trailing context starts from the
# last line output (here the first line), numbered as it is.
printf 'p\nx\n\377x1\nb\nx1\n' >enc4 || framework_failure_
# Unless that line is the last and has no newline: grep searches it as a
# buffer of its own, whose trailing context starts with it.
printf 'p\nq\n\377x1' >enc5 || framework_failure_
# A -v run across grep's first 96 KiB buffer: held lines in it, then a
# line that ends past it (a run of its own, after a separator).
{ printf 'na\357ve\n\351x\n'; printf 'kelvin- %.0s' $(seq 20000); echo;
  printf 'y\n\377\n'; } >bigline || framework_failure_
mkdir tree && cp txt short nonl enc2 tree/ || framework_failure_

c_and_utf8_locales_

cases=0
for loc in $locales; do
  for ctx in -A1 -B1 -C1 -2 -A0 '-C1 --no-group-separator' \
             '-A1 --group-separator=XX' '-B1 -n' '-A1 -n' '-A1 -m1'; do
    for files in 'bin txt' 'bin-nomatch txt' 'txt short txt2' \
                 'txt bin txt2' 'nonl short empty txt' 'txt2 nonl bin' \
                 'enc1 txt' 'txt enc1 enc2' 'enc3 enc2 txt2' 'enc4 txt' \
                 'bigline txt' 'enc5 txt' \
                 '-r tree'; do
      for pat in x1 y z x '^$'; do
        for v in '' -v; do
          # shellcheck disable=SC2086
          run_ "$loc" "$test_threads" $ctx $v -e "$pat" $files
          cases=$((cases + 1))
        done
      done
    done
  done
done
# A group whose lines print nothing (-o -v) decides its separator once,
# not again at each --line-buffered flush.
for files in 'txt' 'txt nosuch' 'txt2 txt'; do
  for opts in '-B1 -v -o' '-A1 -v -o' '-C1 -o'; do
    # shellcheck disable=SC2086
    run_ C "$test_threads" --line-buffered $opts -e y $files
    cases=$((cases + 1))
  done
done
# Coloured separators (GREP_COLORS se=).
for files in 'bin txt' 'txt short txt2' 'txt enc1 enc2'; do
  # shellcheck disable=SC2086
  (GREP_COLORS='se=1;33' && export GREP_COLORS &&
     run_ C "$test_threads" --color=always -C1 -e x1 $files)
  cases=$((cases + 1))
done

# A binary file's unprinted match prints its separator before the file's
# "binary file matches", both streams in one ('2>&1'); to /dev/full,
# the message's flush of standard output fails, grep's stdio drops the
# separator, and "write error" at exit has no errno.  (enc6, a last line
# without a newline that holds an encoding error, is such a file.)
printf '\311' >enc6 || framework_failure_
for loc in $locales; do
 for files in 'bin bin' 'txt bin bin' 'enc6 enc6' 'txt enc6' 'enc5 enc6'; do
  for ctx in -B1 '-B1 -v' '-A1 -v' '-C1 -v'; do
    for r_n_ in $test_threads; do
      # shellcheck disable=SC2086
      PATH=$PWD/gnu:$PATH LC_ALL=$loc grep $ctx -e x1 $files >exp 2>&1
      es=$?
      # shellcheck disable=SC2086
      PATH=$PWD/ours:$PATH LC_ALL=$loc OMP_NUM_THREADS=$r_n_ grep $ctx -e x1 $files \
        >got 2>&1
      gs=$?
      : >exp.err && : >got.err || framework_failure_
      diff_same_ "LC_ALL=$loc grep $ctx -e x1 $files 2>&1, $r_n_ threads"
      # shellcheck disable=SC2086
      PATH=$PWD/gnu:$PATH LC_ALL=$loc grep $ctx -e x1 $files >/dev/full 2>exp.err
      es=$?
      # shellcheck disable=SC2086
      PATH=$PWD/ours:$PATH LC_ALL=$loc OMP_NUM_THREADS=$r_n_ grep $ctx -e x1 $files \
        >/dev/full 2>got.err
      gs=$?
      : >exp && : >got || framework_failure_
      diff_same_ "LC_ALL=$loc grep $ctx -e x1 $files >/dev/full, $r_n_ threads"
      cases=$((cases + 2))
    done
  done
 done
done

echo "$cases cases"
fail=0
diff_report_ || fail=1
Exit $fail
