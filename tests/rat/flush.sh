#!/bin/sh
# The formatting path writes what it has before a read that would block
# (GNU cat's FIONREAD rule): a line read from a pipe reaches the reader
# while the writer is still sleeping, with -v, -n and --timestamp.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

mkfifo fifo || skip_ "cannot make a FIFO"
fail=0

for opts in -v -n --timestamp -E; do
  # The reader stops after the first line.  The writer waits for it (60 s
  # at most, so that a machine under load cannot fail the test) before
  # its second line: if rat held the first line back until the second,
  # the writer gives up waiting and leaves the mark.
  rm -f mark out
  (echo 1
   i=0
   while ! test -s out && test $i -lt 600; do sleep .1; i=$((i + 1)); done
   test -s out || touch mark
   echo 2) | rat $opts >fifo &
  pid=$!
  head -n 1 fifo >out
  wait $pid
  test -f mark && { echo "rat $opts held its output back"; fail=1; }
  grep 1 out >/dev/null || fail=1
done

Exit $fail
