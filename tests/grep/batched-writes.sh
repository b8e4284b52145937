#!/bin/sh
# grep writes many files' output at once: its ordered output gathers
# what the cursor passes and writes it when the cursor stops (output.c's
# put_out), as GNU grep's stdio buffer does, instead of one write per
# file.  Yet the output is GNU's byte for byte, a diagnostic still comes
# after the output of the files before it (with 2>&1), --line-buffered
# writes each line at once, and a full disk is reported as before.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

# 400 small files, in 4 directories, most of them with a match.
for d in a b c d; do
  mkdir $d || framework_failure_
  for i in $(seq 100); do
    if test $((i % 7)) = 0; then echo none; else printf 'x %s\nx\n' $i; fi \
      >$d/f$i || framework_failure_
  done
done

# The same output as GNU grep, with 1 and 2 workers, and with a
# diagnostic in the middle ('nosuch' between the directories).
for opts in '-r -c x' '-r -n x' '-r -l x' '-r -L x' '-r -c -A1 x' \
            '-r -H --line-buffered x'; do
  # shellcheck disable=SC2086
  run_ C "1 2" $opts a b
  # With 2>&1: the diagnostic comes after a's and b's output, whole.
  for n in 1 2; do
    # shellcheck disable=SC2086
    PATH=$PWD/gnu:$PATH grep $opts a b nosuch c d >exp 2>&1
    # shellcheck disable=SC2086
    PATH=$PWD/ours:$PATH OMP_NUM_THREADS=$n grep $opts a b nosuch c d \
      >got 2>&1
    cmp -s exp got || { echo "2>&1, $n threads: grep $opts"; diff exp got \
      | head -n 5; fail=1; } >>mismatches
  done
done

# A full disk: the same message and status as GNU grep.
if test -w /dev/full; then
  for opts in '-r x' '-r -c x'; do
    # shellcheck disable=SC2086
    PATH=$PWD/gnu:$PATH grep $opts a b c d >/dev/full 2>exp.err
    es=$?
    # shellcheck disable=SC2086
    PATH=$PWD/ours:$PATH OMP_NUM_THREADS=2 grep $opts a b c d >/dev/full \
      2>got.err
    gs=$?
    test $es = $gs && cmp -s exp.err got.err \
      || echo "/dev/full: grep $opts: status $gs (GNU $es)" >>mismatches
  done
fi

# How many writes: a few for 400 files' counts, but one per line with
# --line-buffered.
if strace -f -qq -o /dev/null true 2>/dev/null; then
  no_leak_check_under_strace_
  writes_ ()
  {
    PATH=$PWD/ours:$PATH OMP_NUM_THREADS=2 strace -f -qq -o trace \
      -e trace=write grep "$@" a b c d >out || fail=1
    grep -c '^[0-9]* *write(1,' trace
  }
  n=$(writes_ -r -c x)
  test "$n" -le 40 || echo "grep -r -c x: $n writes for 400 files" \
    >>mismatches
  n=$(writes_ -r -c --line-buffered x)
  test "$n" -ge 400 || echo "grep -r -c --line-buffered x: $n writes" \
    >>mismatches
fi

if test -s mismatches; then
  cat mismatches
  fail=1
fi
Exit ${fail-0}
