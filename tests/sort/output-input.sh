#!/bin/sh
# -o may name an input: sort reads everything before it truncates the
# output, in memory or through temporaries, and -m copies such an input
# first; the result is what GNU sort writes to another file.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
test "$REF_SORT" != false || skip_ "GNU sort not found"

fail=0
seq 20000 | tac >orig
$REF_SORT orig >exp
for opts in '' '-S 64k' '-S 64k --batch-size=2' '--parallel=1'; do
  cp orig f || framework_failure_
  # shellcheck disable=SC2086
  sort $opts -o f f || fail=1
  compare exp f || fail=1
done

# Two inputs, one of them the output.
seq 1000 >a
seq 1001 3000 >b
cat a b | $REF_SORT >exp
cp b c
sort -o c a c || fail=1
compare exp c || fail=1

# -m: the output file is also an input.
$REF_SORT a >sa
$REF_SORT b >sb
$REF_SORT -m sa sb >exp
sort -m -o sb sa sb || fail=1
compare exp sb || fail=1

# Standard output open on an input (same inode) with -m.
$REF_SORT b >sb
$REF_SORT -m sa sb >exp
sort -m sa sb 1<>sb || fail=1
compare exp sb || fail=1
Exit $fail
