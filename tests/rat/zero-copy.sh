#!/bin/sh
# Plain copies are exact on every path: file -> pipe, pipe -> pipe and
# pipe -> file (splice, straight), file -> device (splice through a
# middle pipe), file -> file (copy_file_range), across file systems (EXDEV:
# splice or read/write), to an append-mode file (read/write only), from
# devices and stdin.  With strace, also that each path used the system
# calls it should (and --no-splice none of them).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
seq 700000 >big || framework_failure_
printf 'old\n' >old

rat big | rat | cat >out || fail=1
compare big out || fail=1
rat big >copy || fail=1
compare big copy || fail=1
rat <big >copy2 || fail=1
compare big copy2 || fail=1
# stdin is at its end the second time.
rat - big - <big >copy3 || fail=1
cat big big >exp3 || framework_failure_
compare exp3 copy3 || fail=1
cp old app || framework_failure_
rat big >>app || fail=1
cat old big >exp || framework_failure_
compare exp app || fail=1
rat --no-splice big | cat >out2 || fail=1
compare big out2 || fail=1
rat /dev/zero | head -c 3000000 | cmp - /dev/zero -n 3000000 2>err
test -s err && { cat err; fail=1; }

# Another file system: /dev/shm is a tmpfs on most Linux machines.
shm=
if test -d /dev/shm && test -w /dev/shm; then
  shm=$(mktemp -d /dev/shm/rat-test.XXXXXX) || shm=
fi
if test -n "$shm"; then
  rat big >"$shm/copy" || fail=1
  compare big "$shm/copy" || fail=1
  rat "$shm/copy" >copy4 || fail=1
  compare big copy4 || fail=1
  rm -rf "$shm"
fi

# Which system calls moved the bytes.
if strace -qq -o /dev/null true 2>/dev/null; then
  . "$srcdir/tests/lib/rat.sh"
  no_leak_check_under_strace_
  strace_ -e trace=splice,copy_file_range,read,write rat big >copy5 || fail=1
  compare big copy5 || fail=1
  grep '^copy_file_range(3, NULL, 1,' strace.log >/dev/null || fail=1
  # One end a pipe: spliced straight from input to output, no middle
  # pipe (file -> pipe, pipe -> pipe, pipe -> file).
  strace_ -e trace=splice,copy_file_range,pipe,pipe2 rat big | cat >out5 ||
    fail=1
  compare big out5 || fail=1
  grep '^splice(3, NULL, 1, NULL' strace.log >/dev/null || fail=1
  grep -E '^pipe2?\(' strace.log && fail=1
  cat big | strace_ -e trace=splice,pipe,pipe2 rat | cat >out6 || fail=1
  compare big out6 || fail=1
  grep '^splice(0, NULL, 1, NULL' strace.log >/dev/null || fail=1
  grep -E '^pipe2?\(' strace.log && fail=1
  cat big | strace_ -e trace=splice,pipe,pipe2 rat >copy6 || fail=1
  compare big copy6 || fail=1
  grep '^splice(0, NULL, 1, NULL' strace.log >/dev/null || fail=1
  # Neither end a pipe (a file to a device): through the middle pipe.
  strace_ -e trace=splice,pipe,pipe2 rat big >/dev/null || fail=1
  grep -E '^pipe2?\(' strace.log >/dev/null || fail=1
  grep '^splice(3, NULL, [0-9]*, NULL' strace.log >/dev/null || fail=1
  grep '^splice([0-9]*, NULL, 1, NULL' strace.log >/dev/null || fail=1
  strace_ -e trace=splice,copy_file_range rat --no-splice big | cat >out7 \
    || fail=1
  compare big out7 || fail=1
  grep -E '^(splice|copy_file_range)' strace.log && fail=1
  cp old app2 || framework_failure_
  strace_ -e trace=splice,copy_file_range rat big >>app2 || fail=1
  compare exp app2 || fail=1
  grep -E '^(splice|copy_file_range)' strace.log && fail=1
  # A small file is read and written: no pipe to set up.
  seq 10 >small
  strace_ -e trace=splice,pipe,pipe2 rat small | cat >out8 || fail=1
  compare small out8 || fail=1
  grep -E '^(splice|pipe)' strace.log && fail=1
fi

Exit $fail
