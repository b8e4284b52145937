#!/bin/sh
# How many threads grab and grep start: a tree gets one worker per CPU,
# and at least 16 once a read finds a file not in the page cache, since
# such a tree reads faster with more readers (RWF_NOWAIT tells); one file
# operand gets none besides the main thread unless it is big enough to
# be cut into pieces, then one per CPU; -n N (grep: OMP_NUM_THREADS)
# sets both.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
require_strace_

mkdir -p d/e || framework_failure_
echo needle >d/a
echo needle >d/e/b
# grep's count, and nproc's, follow OMP_NUM_THREADS (set by .ci/run's
# TSan step); the defaults are checked here.
unset OMP_NUM_THREADS OMP_THREAD_LIMIT
cpus=$(nproc) || framework_failure_

# The threads PROGRAM... starts: glibc's pthread_create calls clone3
# (LeakSanitizer's tracer at exit calls clone, which is not counted).
started ()
{
  strace -f -qq -o trace -e trace=clone3 "$@" >/dev/null 2>&1
  grep -c '^[0-9]* *clone3' trace
}

tree=$((cpus < 16 ? 16 : cpus))
cat d/a d/e/b >/dev/null || framework_failure_
test "$(started grab -r needle d)" = $((cpus - 1)) || fail=1
test "$(started grab -r -n 3 needle d)" = 2 || fail=1
ln -s "$abs_top_builddir/src/grabrat" grep || framework_failure_
test "$(started ./grep -r needle d)" = $((cpus - 1)) || fail=1

# Out of the page cache (dd's nocache advice drops a file's clean pages;
# fincore checks, since tmpfs, say, keeps them): the readers start.
# 40 files, so that a worker takes more than one batch.
for i in $(seq 40); do echo needle >d/f$i || framework_failure_; done
evict_ ()
{
  sync
  for f in d/a d/e/b d/f*; do
    dd if="$f" iflag=nocache count=0 status=none || return 1
  done
  ! fincore --noheadings --output PAGES d/a d/f1 | grep -v '^ *0$' >/dev/null
}
if evict_; then
  test "$(started grab -r needle d)" = $((tree - 1)) || fail=1
  evict_ || framework_failure_
  test "$(started ./grep -r needle d)" = $((tree - 1)) || fail=1
  evict_ || framework_failure_
  test "$(started grab -r -n 3 needle d)" = 2 || fail=1
  evict_ || framework_failure_
  test "$(OMP_NUM_THREADS=3 started ./grep -r needle d)" = 2 || fail=1
  # Output as from a warm tree.
  evict_ || framework_failure_
  ./grep -r needle d | LC_ALL=C sort >cold.out || fail=1
  ./grep -r needle d | LC_ALL=C sort >warm.out || fail=1
  compare warm.out cold.out || fail=1
else
  echo "could not drop the page cache here: cold start not checked"
fi
test "$(started grab needle d/a)" = 0 || fail=1
test "$(started grab -n 4 needle d/a)" = 0 || fail=1

# A mapped file (1 MiB or more) of 4 pieces or more (-L fourteen times:
# pieces of 64 KiB).
L='-L -L -L -L -L -L -L -L -L -L -L -L -L -L'
seq 200000 >big || framework_failure_
test "$(started grab $L 4242 big)" = $((cpus - 1)) || fail=1
test "$(started grab $L -n 3 4242 big)" = 2 || fail=1
test "$(started grab $L -n 1 4242 big)" = 0 || fail=1
Exit ${fail-0}
