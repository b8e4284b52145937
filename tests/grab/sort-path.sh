#!/bin/sh
# --sort=path prints files in walk order with each directory's entries in
# byte order, every time, while searching with several threads; -n 1
# prints grep's order.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"

mktree_
mkdir -p tree/a-b tree/a.c tree/B tree/_x || framework_failure_
for f in tree/a-b/1 tree/a.c/2 tree/B/3 tree/_x/4 tree/a-b.txt; do
  echo foo >$f || framework_failure_
done

# The expected file order, from a depth-first listing sorted by ls (byte
# order in the C locale), skipping symbolic links as grab -r does.
list ()
{
  for e in $(LC_ALL=C ls -A "$1"); do
    if test -h "$1/$e"; then continue; fi
    if test -d "$1/$e"; then list "$1/$e"; else echo "$1/$e"; fi
  done
}
IFS='
'
files=$(list tree)
# shellcheck disable=SC2086
grep -P -a -H foo $files >exp
unset IFS
test -s exp || framework_failure_
for i in 1 2 3 4 5; do
  grab -n ${GRAB_TEST_THREADS-4} --sort=path -r foo tree >out || fail=1
  compare exp out || fail=1
done
grab -n ${GRAB_TEST_THREADS-4} --sort=path -r -c foo tree >out || fail=1
grep -P -a -r -c foo tree | LC_ALL=C $REF_SORT >exp
LC_ALL=C $REF_SORT out >outs
compare exp outs || fail=1
Exit ${fail-0}
