#!/bin/sh
# A file's diagnostics and its output, on one stream ('2>&1') as grep
# interleaves them: its lines before a message come first, what it prints
# after (the count of -c, the name of -L) comes after; and a write error
# at exit says its errno when bytes were still pending ('grep -L x dir
# >/dev/full').  Compared with GNU grep at 1 and 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

mkdir 'sp ace' d2 || framework_failure_
printf 'a\nb\na\n' >f || framework_failure_
printf 'a\0b\na\n' >bin || framework_failure_
: >empty || framework_failure_

fail=0
for opts in '' -c -L -l -H -n -A1 -cv -Lv -m1 '-c -m1' -o -h; do
  for files in "'sp ace' f" "f 'sp ace' f" "f bin 'sp ace' nosuch empty" \
               "'sp ace'" "d2 f d2" "- f 'sp ace'" "bin d2"; do
    for out in '2>&1' '>/dev/full'; do
      cmd="grep $opts a $files $out"
      (eval "PATH=\$PWD/gnu:\$PATH LC_ALL=C $cmd" <f >exp 2>&1
       echo "status $?" >>exp)
      for n in $test_threads; do
        (eval "PATH=\$PWD/ours:\$PATH LC_ALL=C OMP_NUM_THREADS=$n $cmd" \
           <f >got 2>&1
         echo "status $?" >>got)
        if ! cmp -s exp got; then
          { echo "=== ($n threads) $cmd"; diff exp got | head -n 8; } \
            >>mismatches
        fi
      done
    done
  done
done
diff_report_ || fail=1

Exit $fail
