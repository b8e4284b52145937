#!/bin/sh
# The formatting cases of the rat spec (shared/reference/rat.md, section
# 11, cases 1-16), with the expected bytes written out by hand: numbering,
# -b over -n, squeezing, ^M$ for CR LF also across files, -A/-v notation.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
# check_ EXPECTED CMD...: the output of CMD must be the printf EXPECTED.
check_ ()
{
  printf "$1" >exp || framework_failure_
  shift
  "$@" >out || fail=1
  compare exp out || fail=1
}

printf 'a\nb' >in1
check_ 'a\nb' rat in1
printf 'a\n\nb\n' >in2
check_ '     1\ta\n     2\t\n     3\tb\n' rat -n in2
check_ '     1\ta\n\n     2\tb\n' rat -b in2
printf '\n\n' >in4
check_ '\n\n' rat -bn in4
check_ '\n\n' rat -nb in4
printf '\n\n\na\n\n\n\nb\n\n' >in5
check_ '\na\n\nb\n\n' rat -s in5
printf 'a\n\n\n\nb\n' >in6
check_ '     1\ta\n     2\t\n     3\tb\n' rat -sn in6
printf 'a\r\nb\rc\n' >in7
check_ 'a^M$\nb\rc$\n' rat -E in7
printf '1\r' >f1
printf '\n2\r\n' >f2
check_ '1^M$\n2^M$\n' rat -E f1 f2
printf '2\r\n' >f3
check_ '1\r2^M$\n' rat -E f1 f3
check_ '1\r' rat -E f1
printf 'a\tb\001\177\200\237\240\377\r\n' >in10
check_ 'a^Ib^A^?M-^@M-^_M- M-^?^M$\n' rat -A in10
printf '\000\033[\303\251\t\n' >in11
check_ '^@^[[M-CM-)\t\n' rat -v in11
printf 'x\ty\n' >in12
check_ 'x^Iy\n' rat -t in12
check_ 'x\ty$\n' rat -e in12
printf 'a\nb' >g1
printf 'c\n' >g2
check_ '     1\ta\n     2\tbc\n' rat -n g1 g2
printf 'a\n\n' >h1
printf '\nb\n' >h2
check_ 'a\n\nb\n' rat -s h1 h2

seq 1000000 | rat -n | tail -n 1 >out || fail=1
printf '1000000\t1000000\n' >exp
compare exp out || fail=1

printf 'x\n' >fx
printf 'y\n' >fy
printf 'a\n' | rat fx - fy >out || fail=1
printf 'x\na\ny\n' >exp
compare exp out || fail=1

Exit $fail
