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
  # The reader stops after the first line; if rat held it back until the
  # writer's second line, 'head' would only end after the sleep, and the
  # mark file would exist by then.
  rm -f mark
  (echo 1; sleep 1; touch mark; echo 2) | rat $opts >fifo &
  pid=$!
  head -n 1 fifo >out
  test -f mark && { echo "rat $opts held its output back"; fail=1; }
  wait $pid
  grep 1 out >/dev/null || fail=1
done

Exit $fail
