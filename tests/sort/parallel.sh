#!/bin/sh
# Big inputs sorted with --parallel=1 to 8 give GNU sort's output, stable
# and -u included.  A thread gets no fewer than 128K lines
# (THREAD_MIN_LINES in msort.c), so these 180000 lines are sorted by one
# thread whatever --parallel says; SORT_TEST_PARALLEL_LINES=N makes the
# input 3 * N lines (350000 for 8 threads) and SORT_TEST_PARALLEL_THREADS
# lists the --parallel values (.ci/run's ThreadSanitizer step sets both).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
lines=${SORT_TEST_PARALLEL_LINES-60000}
gen_input_ 10 mix $lines >big || framework_failure_
gen_input_ 11 csv $lines >>big || framework_failure_
gen_input_ 12 mix $lines >>big || framework_failure_
sample_stride_ 2
for n in ${SORT_TEST_PARALLEL_THREADS-1 2 3 8}; do
  for opts in '' -n -fu '-s -t, -k2,2'; do
    in_sample_ "n:$n" "o:$opts" || continue
    # shellcheck disable=SC2086
    diff_run_ C big --parallel=$n $opts
  done
done
diff_report_ || fail=1
Exit $fail
