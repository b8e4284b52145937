#!/bin/sh
# A file truncated while grab has it mapped (SIGBUS on the lost pages) is
# reported and skipped, and the other files are still searched: no crash.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

command -v truncate >/dev/null || skip_ "truncate missing"
# 32 MiB of matching lines: mapped (not read), and the output is far more
# than grab buffers (1 MiB), so grab blocks writing into the pipe while
# the reader truncates the file under it.  With -L ten times (a 1 MiB
# window) the file is cut into 32 pieces that other threads map too, and
# the SIGBUS may come in a thread listing a piece.  Not under CI's
# ThreadSanitizer build (TSAN_OPTIONS set): gcc 12's TSan kills the
# process when the SIGBUS comes inside its memrchr interceptor (the
# helper looking for its piece's last line end) instead of running
# grab's handler; the plain and ASan builds run it.
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "match line %024d\n", i }' \
  >big || framework_failure_
printf 'match in other\n' >other || framework_failure_
cp big big.orig || framework_failure_

# truncated_run OPTS: grab OPTS on big and other, big truncated under it.
truncated_run ()
{
  cp big.orig big || framework_failure_
  { grab $1 match big other 2>err; echo $? >status; } |
    { head -c 1000 >/dev/null; truncate -s 100 big; cat >out; }
  test "$(cat status)" = 2 || { echo "$1: status $(cat status)"; fail=1; }
  grep '^grab: big: file shrank while being read$' err >/dev/null || {
    cat err; fail=1; }
  # (With -n 1 the other file comes after; with -n 4 head may eat it.)
  if test "$1" = '-n 1'; then
    grep '^other:match in other$' out >/dev/null || fail=1
  fi
}
truncated_run '-n 1'
truncated_run '-n 4'
test -n "${TSAN_OPTIONS+set}" \
  || truncated_run '-n 4 -L -L -L -L -L -L -L -L -L -L'
Exit ${fail-0}
