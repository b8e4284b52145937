#!/bin/sh
# A sort killed by SIGTERM, SIGINT or SIGHUP while it holds temporary
# runs removes them all before dying of the signal.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
command -v mkfifo >/dev/null || skip_ "no mkfifo"
env --default-signal=INT,TERM,HUP true 2>/dev/null \
  || skip_ "env cannot reset signals"

fail=0
seq 200000 >data
for sig in TERM INT HUP; do
  rm -rf t fifo
  mkdir t && mkfifo fifo || framework_failure_
  # The writer keeps the pipe open, so sort waits with its runs on disk.
  (cat data; exec sleep 600) >fifo &
  writer=$!
  # Like GNU sort, ours leaves alone a signal ignored when it starts
  # (the shell ignores INT for background jobs, nohup ignores HUP).
  env --default-signal=INT,TERM,HUP sort -S 100k -T t fifo >/dev/null &
  pid=$!
  i=0
  while test -z "$(ls t)" && test $i -lt 1200; do   # 60 s at most
    sleep 0.05
    i=$((i + 1))
  done
  test -n "$(ls t)" || { echo "no temporary file appeared"; fail=1; }
  kill -$sig $pid
  wait $pid
  status=$?
  kill $writer 2>/dev/null
  wait $writer 2>/dev/null
  test $status -gt 128 || { echo "SIG$sig: status $status"; fail=1; }
  test -z "$(ls t)" || { echo "SIG$sig left:"; ls t; fail=1; }
done
Exit $fail
