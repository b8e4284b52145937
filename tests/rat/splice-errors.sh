#!/bin/sh
# Errors after the first byte moved are reported, not papered over, and
# charged to the right side, through the middle pipe and straight: an input failure names the file and rat goes
# on with the next one; an output failure is a fatal "write error"; a
# failure of the middle pipe itself is a "splice error" (as in coreutils'
# cat-distinct-err.sh).  copy_file_range's ENOSPC is a write error.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/rat.sh"
rat_injection_setup_

fail=0
printf 'x\n' >fx

# Splice calls alternate: odd ones fill the middle pipe from the input,
# even ones empty it into stdout.  stdout is a regular file, so that each
# output splice takes all of the pipe (a pipe reader could take less and
# shift the count); copy_file_range is made to fail so that splice runs.
nocfr=copy_file_range:error=ENOSYS
strace -qq -o /dev/null -e inject=$nocfr -e inject=splice:error=EIO:when=3 \
  rat big fx >out 2>err
test $? = 1 || fail=1
echo 'rat: big: Input/output error' >exp
compare exp err || fail=1
tail -c 2 out >last
compare fx last || fail=1
strace -qq -o /dev/null -e inject=$nocfr -e inject=splice:error=EIO:when=4 \
  rat big fx >out 2>err
test $? = 1 || fail=1
echo 'rat: write error: Input/output error' >exp
compare exp err || fail=1
test "$(tail -c 2 out)" = x && fail=1
strace -qq -o /dev/null -e inject=$nocfr \
  -e inject=splice:error=EINVAL:when=3 rat big >out 2>err
test $? = 1 || fail=1
echo 'rat: big: Invalid argument' >exp
compare exp err || fail=1

# Straight splices (one end a pipe, no middle pipe).  A file into a pipe:
# a failure after the first step is the input's, unless it is EPIPE; one
# at the first step falls back to read and write, losing nothing.
strace -qq -o /dev/null -e inject=splice:error=EIO:when=2 \
  rat big fx 2>err | cat >out
echo 'rat: big: Input/output error' >exp
compare exp err || fail=1
tail -c 2 out >last
compare fx last || fail=1
strace -qq -o /dev/null -e inject=splice:error=EINVAL:when=1 \
  rat big fx 2>err | cat >out
compare /dev/null err || fail=1
cat big fx >exp
compare exp out || fail=1
# A pipe into a file: a failure after the first step is the output's.
cat big | strace -qq -o /dev/null -e inject=splice:error=EIO:when=2 \
  rat - fx >out 2>err
test $? = 1 || fail=1
echo 'rat: write error: Input/output error' >exp
compare exp err || fail=1

# /dev/full refuses splice: write gives the real error.
if test -w /dev/full && test -c /dev/full; then
  returns_ 1 rat big >/dev/full 2>err || fail=1
  echo 'rat: write error: No space left on device' >exp
  compare exp err || fail=1
fi

# copy_file_range: EIO is charged to the input (like GNU cat), ENOSPC
# and EDQUOT to the output.
returns_ 1 strace -qq -o /dev/null -e inject=copy_file_range:error=EIO \
  rat big >out 2>err || fail=1
echo 'rat: big: Input/output error' >exp
compare exp err || fail=1
returns_ 1 strace -qq -o /dev/null -e inject=copy_file_range:error=ENOSPC \
  rat big fx >out 2>err || fail=1
echo 'rat: write error: No space left on device' >exp
compare exp err || fail=1

# The middle pipe fails while it is drained after a refused first output
# splice: find which read() that is, then make it fail.
strace -qq -o strace.log -e trace=read,splice,copy_file_range -e inject=$nocfr \
  -e inject=splice:error=EINVAL:when=2 rat big fx >out
n=$(awk '/^splice\(.*INJECTED/ { hit = 1; next }
         /^read\(/ { n++; if (hit) { print n; exit } }' strace.log)
test -n "$n" || framework_failure_
strace -qq -o /dev/null -e inject=$nocfr \
  -e inject=splice:error=EINVAL:when=2 \
  -e inject=read:error=EIO:when=$n rat big fx >out 2>err
test $? = 1 || fail=1
echo 'rat: splice error: Input/output error' >exp
compare exp err || fail=1
tail -c 2 out >last
compare fx last || fail=1

Exit $fail
