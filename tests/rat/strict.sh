#!/bin/sh
# --strict checks every operand before writing anything: missing,
# unreadable, directory, the output itself; all problems are reported,
# nothing is written, the status is 1.  With no problem it copies like
# plain rat; FIFOs are stat'ed, not opened (no blocking), and read later.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
printf 'x\n' >fx
printf 'y\n' >fy

returns_ 1 rat --strict fx nope . fy >out 2>err || fail=1
compare /dev/null out || fail=1
printf '%s\n' 'rat: nope: No such file or directory' \
  'rat: .: Is a directory' >exp
compare exp err || fail=1

# The output itself: nothing appended, the file intact.
cp fx self || framework_failure_
returns_ 1 rat --strict fy self >>self 2>err || fail=1
compare fx self || fail=1
echo 'rat: self: input file is output file' >exp
compare exp err || fail=1
# ... but a file truncated by the shell is fine (POSIX's example).
rat --strict self fy >self || fail=1
compare fy self || fail=1

# A closed stdin is a problem found in advance too.
returns_ 1 rat --strict fx - <&- >out 2>err || fail=1
compare /dev/null out || fail=1
echo 'rat: -: Bad file descriptor' >exp
compare exp err || fail=1

# All fine: same output as without --strict, options included.
printf 'a\n' | rat --strict -n fx - fy >out || fail=1
printf '     1\tx\n     2\ta\n     3\ty\n' >exp
compare exp out || fail=1

# A FIFO is not opened during the checks: if it were, rat would block
# before anything else; here the writer starts only after rat has begun
# copying fx.
if mkfifo fifo; then
  rm -f started
  (rat --strict fx fifo fy >out 2>err; echo $? >status) &
  pid=$!
  # Wait until fx was copied (the checks are over), then feed the FIFO
  # (60 s at most: a loaded machine may be slow to start rat).
  i=0
  while ! test -s out && test $i -lt 600; do
    sleep .1
    i=$((i + 1))
  done
  printf 'f\n' >fifo
  wait $pid
  printf 'x\nf\ny\n' >exp
  compare exp out || fail=1
  test "$(cat status)" = 0 || fail=1
  returns_ 1 rat --strict nope fifo >out 2>err || fail=1
  compare /dev/null out || fail=1
fi

# Unreadable files, when permissions are enforced.
if test "$(id -u)" != 0; then
  printf 'z\n' >noread && chmod 0 noread
  returns_ 1 rat --strict fx noread >out 2>err || fail=1
  compare /dev/null out || fail=1
  echo 'rat: noread: Permission denied' >exp
  compare exp err || fail=1
fi

Exit $fail
