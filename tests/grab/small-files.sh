#!/bin/sh
# Regular files shorter than the shortest possible match are opened but
# not read where their status says their size (an operand, or a file of
# the walk that is fstat'ed), only when that cannot change the output:
# with -v, -c or --files-without-match they are searched, and an
# unreadable one is reported.  (The walk no longer stats each file to
# skip it unopened: a stat for every file cost more than the opens it
# saved.  Where a short read is a file's end, a file of the walk is read
# without fstat, and that read is what tells its size: search/status.h.)
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
require_strace_

mkdir d || framework_failure_
echo tiny >d/small || framework_failure_
echo 'a long enough line with needle' >d/large || framework_failure_

# How many reads returned d/small's bytes (a tree's reads are preadv2
# calls while the page cache holds what they read).
read_small ()
{
  strace -f -o trace -e trace=read,preadv2 "$@" >o 2>&1
  grep -c "\"tiny\\\\n\"" trace
}

# The default thread count, or GRAB_TEST_THREADS.
n=${GRAB_TEST_THREADS+-n $GRAB_TEST_THREADS}
test "$(read_small grab $n needle d/small d/large)" = 0 || fail=1
test "$(read_small grab $n -r needle d)" -le 1 || fail=1
test "$(read_small grab $n -r -v needle d)" = 1 || fail=1
test "$(read_small grab $n -r -c needle d)" = 1 || fail=1
test "$(read_small grab $n -r --files-without-match needle d)" = 1 || fail=1
test "$(read_small grab $n -r 'x*' d)" = 1 || fail=1

grab -r -c needle d | LC_ALL=C $REF_SORT >out || fail=1
printf 'd/large:1\nd/small:0\n' >exp
compare exp out || fail=1

# An unreadable small file is not silently skipped.
require_unprivileged_
chmod 0 d/small || framework_failure_
returns_ 2 $AS_USER grab -r needle d >out 2>err || fail=1
echo 'grab: d/small: Permission denied' >exp
compare exp err || fail=1
Exit ${fail-0}
