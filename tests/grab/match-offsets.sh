#!/bin/sh
# -O (--byte-offset): each output line carries the 0-based byte offset of
# its first match (grep -b gives the line's); with -o, of each match.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
printf 'xx foo\nbar\nfoo foo\n' >a || framework_failure_
printf 'a\n\251\251x\n' >b || framework_failure_
for e in $(grab_engine_opts_); do
for n in $test_threads; do
  grab $(engine_opt_ $e) -n $n -O foo a >out || fail=1
  printf '3:xx foo\n11:foo foo\n' >exp
  compare exp out || fail=1
  grab $(engine_opt_ $e) -n $n --byte-offset -o foo a >out || fail=1
  printf '3:foo\n11:foo\n15:foo\n' >exp
  compare exp out || fail=1
  # Context and -v lines have no match: the line's offset.
  grab $(engine_opt_ $e) -n $n -O -A1 xx a >out || fail=1
  printf '0:xx foo\n7-bar\n' >exp
  compare exp out || fail=1
  # Patterns that select every line still say where the first match is:
  # '$' at the line's end; in UTF-8, '' and '.*' after the bytes that
  # cannot start a character (grep -P skips them, so must the offset).
  grab $(engine_opt_ $e) -n $n -O '$' a >out || fail=1
  printf '6:xx foo\n10:bar\n18:foo foo\n' >exp
  compare exp out || fail=1
  for p in '' '.*'; do
    LC_ALL=C.UTF-8 grab $(engine_opt_ $e) -n $n -O -e "$p" b >out || fail=1
    printf '0:a\n4:\251\251x\n' >exp
    compare exp out || fail=1
  done
done
done
Exit ${fail-0}
