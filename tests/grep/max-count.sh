#!/bin/sh
# A negative -m is no limit, and under -v selects nothing (files still read), as in GNU grep 3.8 (grep and grab, with -c, -o, -l, -L and context); 0 selects nothing.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 4

printf 'foo 1\nbar\nfoo 2\nfoo 3\n' >a || framework_failure_
printf 'foo\n' >b || framework_failure_
for m in -1 -5 -9223372036854775808 -99999999999999999999 0 1 2; do
  for opts in '' -c -v -o -n '-A 1' -l -L '-c -v' '-L -v'; do
    # shellcheck disable=SC2086
    run_ C "$test_threads" -m $m $opts foo a b nope
    # shellcheck disable=SC2086
    run_ C 1 -P -m $m $opts foo a b
  done
done
fail=0
diff_report_ || fail=1

# grep refuses an input that is its output only when -m is above 1 (so
# not when it is negative).
for m in -1 0 1 2; do
  for who in gnu ours; do
    printf 'foo\n' >io.$who || framework_failure_
    (PATH=$PWD/$who:$PATH; grep -m $m foo io.$who >>io.$who 2>err.$who
     echo $? >st.$who)
    sed "s/io\.$who/io/" err.$who >err2.$who
    sed "s/io\.$who/io/" io.$who >io2.$who
  done
  compare st.gnu st.ours && compare err2.gnu err2.ours &&
    compare io2.gnu io2.ours || fail=1
done

# -v with a negative -m prints no line, but each run of unmatched lines
# is a group all the same: its separator, leading context and trailing
# context come out (grep's prtext, whose count -1 is never reached).
printf 'a\nb\nc' >v1 && printf 'a\nx\nb\nx\nc\n' >v2 &&
  printf '\nn' >v3 && printf 'x\na\n' >v4 && printf '\0' >v5 ||
  framework_failure_
for opts in -C0 -A1 -B1 '-A2 -n' -c '-o -C1' '-A1 --group-separator=XX' \
            -q -l -L '-q -r'; do
  # v5 is binary: its empty run prints nothing, but is output before
  # the next file's group all the same.
  for files in v1 v2 v3 'v4 v2' 'v1 v1' 'nosuch v1' 'v1 nosuch' 'v5 v1'; do
    # shellcheck disable=SC2086
    run_ C "$test_threads" -v -m-1 $opts x $files
  done
done
diff_report_ || fail=1

# grab prints what grep -P -a prints.
for m in -1 -3 0 1; do
  "$abs_top_builddir/src/grab" -n 1 -m $m foo a b >out 2>&1
  echo $? >>out
  PATH=$PWD/gnu:$PATH grep -P -a -m $m foo a b >exp 2>&1
  echo $? >>exp
  compare exp out || fail=1
done

Exit $fail
