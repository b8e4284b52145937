#!/bin/sh
# -S (and -F, --fixed-strings): the pattern is a plain string, whatever
# characters it has; -2 and -P are accepted and change nothing.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
printf 'a.b\naxb\n(x)\n[x\n' >b || framework_failure_
for e in $(grab_engine_opts_); do
for n in $test_threads; do
  for opt in -S -F --fixed-strings; do
    grab $(engine_opt_ $e) -n $n $opt a.b b >out || fail=1
    echo a.b >exp
    compare exp out || fail=1
    grab $(engine_opt_ $e) -n $n $opt '[x' b >out || fail=1
    echo '[x' >exp
    compare exp out || fail=1
  done
  grab $(engine_opt_ $e) -n $n -2 -P a.b b >out || fail=1
  printf 'a.b\naxb\n' >exp
  compare exp out || fail=1
done
done
Exit ${fail-0}
