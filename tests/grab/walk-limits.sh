#!/bin/sh
# --max-depth and --max-filesize limit what -r searches: the lines grep
# finds in the files ripgrep 15.2 lists with the same limits; a file
# named on the command line is searched whatever its size (as ripgrep
# does), and --max-depth=0 searches file operands only.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"

RG=${GRAB_TEST_RG-$abs_top_srcdir/../shared/peers/rg-15.2.0}
test -x "$RG" || skip_ "ripgrep 15.2 is not at $RG"
mktree_
awk 'BEGIN { for (i = 0; i < 200; i++) print "foo big " i }' >tree/x/big \
  || framework_failure_

# check_ RG_OPTS -- GRAB_OPTS -- OPERANDS
check_ ()
{
  ro= go=
  while test "$1" != --; do ro="$ro $1"; shift; done
  shift
  while test "$1" != --; do go="$go $1"; shift; done
  shift
  # shellcheck disable=SC2086
  "$RG" --files -uuu -0 $ro "$@" >list0
  if test -s list0; then
    xargs -0 grep -P -a -H foo <list0 | LC_ALL=C $REF_SORT >exp
  else
    : >exp
  fi
  for e in $(grab_engine_opts_); do
    for n in 1 ${GRAB_TEST_THREADS-4}; do
      # shellcheck disable=SC2086
      grab $(engine_opt_ $e) -n $n -r --with-filename $go foo "$@" \
        | LC_ALL=C $REF_SORT >out
      compare exp out || { fail=1; echo "with $e -n $n $go $*"; }
    done
  done
}
for d in 0 1 2 4; do
  check_ --max-depth $d -- --max-depth=$d -- tree
  check_ --max-depth $d -- --max-depth=$d -- tree/a tree/crlf.txt
done
for s in 0 30 100 2K; do
  check_ --max-filesize $s -- --max-filesize=$s -- tree
  check_ --max-filesize $s -- --max-filesize=$s -- tree/x/big tree/x
done
check_ --max-filesize 100 --max-depth 2 -- \
       --max-filesize=100 --max-depth=2 -- tree

Exit ${fail-0}
