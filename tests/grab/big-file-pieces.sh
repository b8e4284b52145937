#!/bin/sh
# A big file is cut into pieces that several workers search (bigfile.c):
# the output is grep -P -a's, byte for byte and in order, across piece
# edges, with -m, context, line numbers, offsets, -v, -c, -o, -l, -x, -w;
# also where a line is longer than a piece, where a piece has more
# matching lines than a helper lists (dense lines), and without a last
# newline.  -L fourteen times makes 64 KiB windows, so pieces of 64 KiB;
# --debug says the file was cut (and -n 1 does not cut it).
# By default, or with GRAB_TEST_STRIDE=K, a fixed sample of the cases
# (init.cfg's in_sample_).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mkedges.sh"

# ~1.5 MiB (tests/lib/mkedges.sh), with two lines of 200 KiB (longer
# than three pieces), and no newline at the end.
mkedges_ $((1536 * 1024)) '9000:edge 9001:tail' nonl >big \
  || framework_failure_
# ~600 KiB of two-byte lines: 32,768 to a piece, more than a helper lists.
awk 'BEGIN { for (i = 0; i < 300000; i++) print (i % 1000 == 7 ? "b" : "a") }' \
  >dense || framework_failure_

L='-L -L -L -L -L -L -L -L -L -L -L -L -L -L'
for n in 2 4; do
  grab $L -n $n --debug -c edge big >/dev/null 2>err || fail=1
  grep 'big: 25 pieces of 65536 bytes, up to '$n' workers' err >/dev/null \
    || { cat err; fail=1; }
done
grab $L -n 1 --debug -c edge big >/dev/null 2>err || fail=1
grep pieces err && fail=1

# Every case is compared as is (one file: its order is the file's).
sample_stride_ 4
for f in big dense; do
  case $f in
    big) pats='edge ^line.1[0-9]*5. e$ filler!.edge ^l tail$ ^.{0,3}$' ;;
    dense) pats='a b ^b$ . x' ;;
  esac
  for opts in '' -c -n '-B 3 -A 2 -n' '-b -o' '-v -c' '-v -n -m 40' '-C 1' \
              '-m 5 -A 3' '-m 1000' -o -x -w -l; do
    for pat in $pats; do
      in_sample_ "o:$f:$opts" "p:$f:$pat" || continue
      # shellcheck disable=SC2086
      grep -P -a $opts -e "$pat" $f >exp 2>&1
      es=$?
      gopts=$(printf '%s\n' "$opts" | sed -e 's/-n\b/--line-number/g' \
                                          -e 's/-b -o/-O -o/')
      for n in 2 4; do
        # shellcheck disable=SC2086
        grab $L -n $n $gopts -e "$pat" $f >out 2>&1
        gs=$?
        if test $es != $gs || ! cmp -s exp out; then
          echo "=== grab $L -n $n $gopts -e '$pat' $f: status $gs, grep $es"
          diff exp out | head -n 10
          fail=1
        fi
      done
    done
  done
done
Exit ${fail-0}
