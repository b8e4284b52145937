#!/bin/sh
# How many threads grab starts: a tree gets at least 16 workers (one per
# CPU if more), since a tree not in the page cache reads faster with more
# readers; one file operand gets none besides the main thread unless it
# is big enough to be cut into pieces, then one per CPU; -n N sets both.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
require_strace_

mkdir -p d/e || framework_failure_
echo needle >d/a
echo needle >d/e/b
cpus=$(nproc) || framework_failure_

# The threads PROGRAM... starts: glibc's pthread_create calls clone3
# (LeakSanitizer's tracer at exit calls clone, which is not counted).
started ()
{
  strace -f -qq -o trace -e trace=clone3 "$@" >/dev/null 2>&1
  grep -c '^[0-9]* *clone3' trace
}

tree=$((cpus < 16 ? 16 : cpus))
test "$(started grab -r needle d)" = $((tree - 1)) || fail=1
test "$(started grab -r -n 3 needle d)" = 2 || fail=1
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
