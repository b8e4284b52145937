#!/bin/sh
# sort runs clean under valgrind's memcheck (no invalid access, no use of
# uninitialized bytes, no definite leak) for every key type (-g with NaNs,
# whose padding bytes must not be read), keys and fields, -u, -m, -c, -o
# onto an input, -z, temporary runs (-S 1K), two sorting threads, and a
# collating locale; and it writes what it writes without valgrind.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

command -v valgrind >/dev/null || skip_ "valgrind missing"
valgrind --version >/dev/null 2>&1 || skip_ "valgrind does not run"
# A sanitizer build (ASan, UBSan, TSan runtime) cannot run under valgrind.
if readelf -d "$abs_top_builddir/src/grabrat" 2>/dev/null \
   | grep -q 'lib[a-z]*san'; then
  skip_ "sanitizer build"
fi

fail=0
sample_stride_ 8
vg="valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite"

# vg_run_ LOCALE ARGS...: run sort ARGS in LOCALE under valgrind and
# without it: valgrind must find nothing, and output, messages and status
# must be the same (unless same_output=no).  Standard input is /dev/null.
same_output=yes
vg_run_ ()
{
  # By default one run in 8 (valgrind takes 2 s a run; CI's ASan step
  # runs every case).
  in_sample_ || return 0
  v_loc_=$1
  shift
  LC_ALL=$v_loc_ sort "$@" >exp </dev/null 2>exp.err
  v_es_=$?
  # shellcheck disable=SC2086
  LC_ALL=$v_loc_ $vg sort "$@" >out </dev/null 2>err
  v_vs_=$?
  if test $v_vs_ = 99; then
    echo "valgrind: LC_ALL=$v_loc_ sort $*"; cat err; fail=1
  elif test $same_output = yes && { test $v_vs_ != $v_es_ \
         || ! cmp -s exp out || ! cmp -s exp.err err; }; then
    echo "LC_ALL=$v_loc_ sort $*: status $v_vs_ under valgrind, $v_es_ without"
    diff exp out | head -n 5; diff exp.err err | head -n 5
    fail=1
  fi
}

gen_input_ 21 mix 1000 >mix || framework_failure_
gen_input_ 22 csv 1000 >csv || framework_failure_
printf '%s\n' nan -nan NaN 1 -inf x 'nan(0x7)' 2e3 -NaN inf '' nan \
  >nans || framework_failure_
cat nans mix >gmix || framework_failure_
printf '%016d' 7 >seed || framework_failure_

for opts in '' -n -h -M -V '-R --random-source=seed' -f -d -i -nu -Vr -k3 \
            '-k2,2n -k1' '-t : -k2,2 -k1,1r' '-b -k1.2,1.4f' '-s -k1,1M' \
            --debug; do
  # shellcheck disable=SC2086
  vg_run_ C $opts mix
done
# -R with a seed of its own: only valgrind's verdict counts.
# shellcheck disable=SC2086
$vg sort -R mix >/dev/null 2>err \
  || { echo "valgrind: sort -R"; cat err; fail=1; }
# -g: valgrind computes in double what x86's long double holds in 80 bits
# (NaN payloads are lost, 1e400 overflows), so the order may differ
# under valgrind: only its verdict counts.
same_output=no
for opts in -g -gr -gu '-t, -k1,1g' -gs; do
  # shellcheck disable=SC2086
  vg_run_ C $opts gmix
done
vg_run_ C -g nans
vg_run_ C -gu nans
same_output=yes
for opts in '-t, -k3n -k1,1' '-t, -u -k1,1' '-t, -k2,2h -s'; do
  # shellcheck disable=SC2086
  vg_run_ C $opts csv
done

# -m (over more inputs than --batch-size), -c on sorted and unsorted
# input, -C.
sort mix >s1 && sort csv >s2 && sort nans >s3 && sort -n mix >n1 \
  || framework_failure_
vg_run_ C -m s1 s2 s3
vg_run_ C -m --batch-size=2 s1 s2 s3 s1
vg_run_ C -mu s1 s1 s2
vg_run_ C -m -n n1 n1
vg_run_ C -c s1
vg_run_ C -c mix
vg_run_ C -C mix
vg_run_ C -c -n n1

# -z: NUL-terminated lines.
tr '\n' '\0' <mix >z || framework_failure_
vg_run_ C -z z
vg_run_ C -z -n -u z

# -o onto one of its inputs, in memory and through temporaries, and -m.
for opts in '' '-S 1K' -m; do
  # shellcheck disable=SC2086
  cp s1 f && sort $opts s2 f >exp || framework_failure_
  # shellcheck disable=SC2086
  $vg sort $opts -o f s2 f 2>err \
    || { echo "valgrind: sort $opts -o f s2 f"; cat err; fail=1; }
  compare exp f || fail=1
done

# External sort: a 1 KiB buffer makes many temporary runs, merged in
# several passes with a small --batch-size; none is left behind.
mkdir t || framework_failure_
vg_run_ C -S 1K -T t mix
vg_run_ C -S 1K -T t --batch-size=2 -n mix
vg_run_ C -S 1K -T t -u -t, -k2,2 csv

# Two threads: they only start from 2 * 128K lines (THREAD_MIN_LINES in
# msort.c); fewer lines are sorted by one, whatever --parallel says.
awk 'BEGIN { for (i = 0; i < 270000; i++) print (i * 7919) % 270011 " x" i }' \
  >big || framework_failure_
vg_run_ C --parallel=2 big
vg_run_ C --parallel=2 -n -u big

# Locales: C.UTF-8 (or another UTF-8 locale), and en_US.UTF-8, which
# collates with real rules (strcoll, strxfrm), compiled into the test
# directory if the system lacks it (as differential-locale.sh does).
# (Not require_utf8_locale_: a skip now would hide the failures above.)
for l in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
  test "$(LC_ALL=$l locale charmap 2>/dev/null)" = UTF-8 || continue
  for opts in '' -f -u '-t, -k2,2'; do
    # shellcheck disable=SC2086
    vg_run_ $l $opts mix
  done
  break
done
if test "$(LC_ALL=en_US.UTF-8 locale thousands_sep 2>/dev/null)" != , \
   && command -v localedef >/dev/null && mkdir loc; then
  localedef -i en_US -f UTF-8 loc/en_US.UTF-8 >/dev/null 2>&1
  LOCPATH=$PWD/loc; export LOCPATH
fi
if test "$(LC_ALL=en_US.UTF-8 locale thousands_sep 2>/dev/null)" = ,; then
  gen_input_ 23 ties 1000 >ties || framework_failure_
  for opts in '' -f -u -n -h -M '-t, -k2,2' '-S 1K -T t'; do
    # shellcheck disable=SC2086
    vg_run_ en_US.UTF-8 $opts mix
  done
  vg_run_ en_US.UTF-8 ties
  vg_run_ en_US.UTF-8 -u ties
else
  echo "en_US.UTF-8 cannot be loaded or compiled: its cases are left out"
fi
test -z "$(ls t)" || { ls -l t; fail=1; }
Exit $fail
