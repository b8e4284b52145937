#!/bin/sh
# "input file is output file": each case of coreutils' cat-self.sh run with
# GNU cat and with rat on fresh files; the files left behind, the messages
# and the status must agree.  The oracle is the machine's cat (9.1 on
# Debian 12), whose rule differs from 9.7's for 'cat - fy <x 1<>x' (9.1
# refuses, as rat does: see NEWS).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0

# run_ PROG CASE: set up files, run CASE with PROG as 'P', print status.
run_ ()
{
  rm -rf "d.$1" && mkdir "d.$1" && cd "d.$1" || framework_failure_
  printf 'x\n' >out; printf 'x\n' >doc; printf 'y\n' >doc.end
  printf 'x\n' >fx; printf 'y\n' >fy; : >e
  for i in 1 2 3 4 5 6; do printf 'x\n' >fx$i; done
  printf 'x\ny\n' >fxy1; printf 'x\n' >fxy2
  head -c 100000 /dev/zero >big
  P=$1
  eval "$2" 2>err
  echo $? >status
  sed "s/^cat: /rat: /" err >err2
  rm err
  cd .. || framework_failure_
}

for opts in '' -n; do
  while IFS= read -r case; do
    case="$(echo "$case" | sed "s/\\\$P/\$P $opts/g")"
    run_ cat "$case"
    run_ rat "$case"
    diff -r d.cat d.rat >/dev/null || { echo "differs: $case"; diff -r d.cat d.rat; fail=1; }
  done <<\CASES
$P out >>out
$P <out >>out
$P e >>e
$P doc doc.end >doc
$P - fy <fxy1 1<>fxy1
$P fxy2 fy 1<>fxy2
$P fx fx3 1<>fx3
$P - fx4 <fx 1<>fx4
$P fx5 >>fx5
$P <fx6 >>fx6
$P big >>big
$P fx big >big
exec 3<fx; cat <&3 >/dev/null; exec 4>>fx; $P <&3 >&4
CASES
done

# The plain case by hand: the file is left alone, rat says why, status 1.
printf 'hi\n' >f
returns_ 1 rat f >>f 2>err || fail=1
printf 'hi\n' >exp
compare exp f || fail=1
echo 'rat: f: input file is output file' >exp
compare exp err || fail=1

Exit $fail
