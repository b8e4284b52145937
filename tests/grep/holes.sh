#!/bin/sh
# A file with a hole after grep's first read (96 KiB) is binary from its
# start: grep 3.8 asks lseek for a hole past its first buffer
# (grep.c's file_must_have_nulls), since a hole reads as NULs, and then
# prints none of the text lines before it.  The same output as GNU grep,
# for operands, files of a walk, standard input (read from an offset
# too), every --binary-files, and files whose hole is at the end, at the
# start, or inside the first read, and a file searched in pieces.  Where
# the file system has no holes, both see none.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 4

lines_ () { yes 'abc def' | head -c "$1"; }
mkdir t || framework_failure_
{ lines_ 300000 >t/mid && truncate -s 2M t/mid && lines_ 4000 >>t/mid; } \
  || framework_failure_
{ lines_ 200000 >t/end && truncate -s 300000 t/end; } || framework_failure_
{ lines_ 50000 >t/first && truncate -s 1M t/first && lines_ 100 >>t/first; } \
  || framework_failure_
{ truncate -s 200K t/start && lines_ 300000 >>t/start; } || framework_failure_
lines_ 300000 >t/dense || framework_failure_
{ lines_ 98304 >t/edge && truncate -s 98305 t/edge; } || framework_failure_

for opts in 'abc' '-c abc' '-n -m 3 abc' '-L abc' '-l abc' \
            '--binary-files=without-match -c abc' '-a -c abc' '-z -c abc' \
            '-c -v xyz' '-o -b -m 2 def'; do
  for f in mid end first start dense edge; do
    # shellcheck disable=SC2086
    run_ C "1 2" $opts t/$f
    # shellcheck disable=SC2086
    STDIN=t/$f run_ C 1 $opts
  done
  # shellcheck disable=SC2086
  run_ C "1 2" -r $opts t
done

# A file big enough to be searched in pieces by every worker (64 MiB),
# its hole after the first read: binary from the start all the same.
{ lines_ 300000 >big && truncate -s 70M big && lines_ 4000 >>big; } \
  || framework_failure_
for opts in 'abc' '-c abc' '-n -m 3 abc' '-c -v xyz'; do
  # shellcheck disable=SC2086
  run_ C "1 2" $opts big
done

# Standard input read from an offset: the first read is 96 KiB from
# there, and the hole is looked for after it.
for f in mid end edge; do
  for impl in gnu ours; do
    (dd bs=2000 count=1 of=/dev/null status=none
     PATH=$PWD/$impl:$PATH grep -c abc) <t/$f >$impl.out 2>&1
  done
  compare gnu.out ours.out || fail=1
done

if test -s mismatches; then
  cat mismatches
  fail=1
fi
Exit ${fail-0}
