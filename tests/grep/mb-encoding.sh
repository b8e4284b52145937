#!/bin/sh
# In a multibyte locale other than UTF-8 (GB18030, GBK, EUC-JP, EUC-KR,
# EUC-TW), a line that is no sequence of the locale's characters is an
# encoding error as mbrlen says, as in grep 3.8: the file is binary and
# the line is not printed.  Against GNU grep, with -c, -o, -v, -n, -a,
# --binary-files=without-match, at 1 and 4 threads; messages in English
# (LC_MESSAGES=C: GNU's are translated).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grep.sh"

locs=
for l in zh_CN.gb18030 zh_CN.gbk ja_JP.eucjp ko_KR.euckr zh_TW.euctw; do
  test "$(LC_ALL=$l locale charmap 2>/dev/null)" != '' \
    && test "$(LC_ALL=$l locale charmap)" != ANSI_X3.4-1968 \
    && locs="$locs $l"
done
test -n "$locs" || skip_ "no GB18030, GBK or EUC locale"

# Lines: ASCII; a lone lead byte; a lead byte then ASCII; two bytes
# 0x80; a valid two-byte character of most of them (B0 A1); a GB18030
# four-byte form (81 30 81 30) and a cut one (81 30 81); 0xFF.
printf 'a plain\na\201 cut\na\201a\na\200\200b\na\260\241 ok\n' >in \
  || framework_failure_
printf 'a\2010\2010 four\na\2010\201\na\377 ff\nlast a\n' >>in \
  || framework_failure_
printf 'a\260\241 only\n' >ok || framework_failure_

fail=0
n=0
for loc in $locs; do
  for opts in '' -c -o -v -n -a --binary-files=without-match -h; do
    for f in in ok; do
      n=$((n + 1))
      # shellcheck disable=SC2086
      env -u LC_ALL PATH=$PWD/gnu:$PATH LANG=$loc LC_MESSAGES=C \
        grep $opts a $f ok >exp 2>exp.err
      es=$?
      for t in 1 4; do
        # shellcheck disable=SC2086
        env -u LC_ALL LANG=$loc LC_MESSAGES=C OMP_NUM_THREADS=$t \
          PATH=$PWD/ours:$PATH grep $opts a $f ok >got 2>got.err
        gs=$?
        if test $es != $gs || ! cmp -s exp got || ! cmp -s exp.err got.err
        then
          echo "=== LANG=$loc grep $opts a $f ok ($t threads):" \
            "status $gs, GNU $es" >>mismatches
          diff exp got >>mismatches
          diff exp.err got.err >>mismatches
        fi
      done
    done
  done
done
test -s mismatches && { cat mismatches; fail=1; }
test $n -ge 14 || fail=1

Exit $fail
