#!/bin/sh
# -l with -O: one NAME:OFFSET line for every match, several in one line
# included (the original grab's use); no name for a single file; the
# later of -l and --files-without-match wins, as in grep -P -a.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
printf 'xx foo\nbar\nfoo foo\n' >a || framework_failure_
printf 'a.b\naxb\n' >b || framework_failure_
for e in $(grab_engine_opts_); do
for n in $test_threads; do
  grab $(engine_opt_ $e) -n $n -l -O foo a >out || fail=1
  printf '3\n11\n15\n' >exp
  compare exp out || fail=1
  grab $(engine_opt_ $e) -n $n --sort=path -l -O 'foo|a' a b >out || fail=1
  printf 'a:3\na:8\na:11\na:15\nb:0\nb:4\n' >exp
  compare exp out || fail=1
done
done
# -l alone: names, as grep -l.
grab -l foo a b >out || fail=1
echo a >exp
compare exp out || fail=1
for opts in '-l --files-without-match' '--files-without-match -l' \
            '--files-with-matches --files-without-match' \
            '--files-without-match --files-with-matches'; do
  # shellcheck disable=SC2086
  grab -n 1 $opts foo a b >out
  # shellcheck disable=SC2086
  "$REF_GREP" -P -a $opts foo a b >exp
  compare exp out || fail=1
done
Exit ${fail-0}
