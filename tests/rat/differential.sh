#!/bin/sh
# rat prints what GNU cat prints (stdout, stderr, status) for every set of
# -b -E -n -s -T -v over binary, CR LF, blank-line and long-line inputs,
# alone and in sequences where numbering, squeezing and CR state carry
# from file to file; also the aliases, long forms and stdin as a pipe.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/rat.sh"

rat_inputs_
fail=0
sample_stride_ 4

# All 64 combinations of the independent formatting options (and none).
for b in '' b; do for n in '' n; do for s in '' s; do
for E in '' E; do for T in '' T; do for v in '' v; do
  o=$b$n$s$E$T$v
  set -- ${o:+-$o}
  for f in all256 empty crlf blank nonl rand long tabs utf8 'cr nl' \
           'crlf blank nonl' 'nonl crlf cr' 'blank blank' 'long cr crlf' \
           'nl nl nl blank' 'cr cr nl'; do
    in_sample_ "o:$o" "f:$f" || continue
    rat_vs_cat_ "$@" $f || fail=1
  done
done; done; done; done; done; done

# Aliases, long forms, -u, and operands mixed with options.
for o in -A -e -t -u -vET -te -et --show-all --number --number-nonblank \
         --squeeze-blank --show-ends --show-tabs --show-nonprinting \
         --show-a --num '-n -b' '-b -n' '-bn' '-sss' '-nb --' '-AsnE'; do
  rat_vs_cat_ $o crlf all256 blank tabs nonl || fail=1
done

# Standard input: '-' repeated, mixed with files, and read through a pipe
# (reads then end wherever the pipe cuts the data).
rat_stdin=crlf
rat_vs_cat_ -E - blank - crlf || fail=1
rat_vs_cat_ -n crlf - - || fail=1
rat_vs_cat_ - || fail=1
rat_vs_cat_ || fail=1
rat_vs_cat_ -sn || fail=1
unset rat_stdin
for o in '' -E -nE -A -vT -s -bs; do
  cat long rand crlf | cat $o >exp || framework_failure_
  cat long rand crlf | rat $o >out || fail=1
  compare exp out || fail=1
done

Exit $fail
