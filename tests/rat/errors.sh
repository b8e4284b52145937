#!/bin/sh
# Diagnostics and status like GNU cat's: missing files (names quoted the
# same way), directories ('rat . .' says it twice), unreadable /proc
# files, /dev/full, a closed stdout, a closed stdin; the copy goes on after
# an input error and the status is 1, never a count.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/rat.sh"

fail=0
printf 'x\n' >fx

for opts in '' -n -A; do
  rat_vs_cat_ $opts nope fx || fail=1
  rat_vs_cat_ $opts fx nope1 nope2 fx nope3 || fail=1
  rat_vs_cat_ $opts . . || fail=1
  rat_vs_cat_ $opts fx . fx || fail=1
  rat_vs_cat_ $opts 'a b' "it's" "it's a" 'a=b' 'x^y' 'a:b' 'a*b' '~a' \
    '#a' '{' 'a~' 'a#' 'a,b' 'a+b' 'a@b' 'a]b' "$(printf 'tab\tname')" \
    '-' || fail=1
  if test -r /proc/self/mem; then
    rat_vs_cat_ $opts /proc/self/mem fx || fail=1
  fi
done
returns_ 1 rat . . >out 2>err || fail=1
printf 'rat: .: Is a directory\nrat: .: Is a directory\n' >exp
compare exp err || fail=1
compare /dev/null out || fail=1

if test -w /dev/full && test -c /dev/full; then
  for opts in '' -n -v; do
    returns_ 1 rat $opts /dev/zero >/dev/full 2>err || fail=1
    echo "rat: write error: No space left on device" >exp
    compare exp err || fail=1
    returns_ 1 rat $opts fx >/dev/full 2>err || fail=1
    compare exp err || fail=1
  done
fi

# A closed stdout is found before any input is opened; a closed stdin
# fails as an input, then again when it is closed at the end.
for opts in '' -n; do
  rat_vs_cat_ $opts fx >&- || fail=1
  returns_ 1 rat $opts fx >&- 2>err || fail=1
  echo "rat: standard output: Bad file descriptor" >exp
  compare exp err || fail=1
  rat_vs_cat_ $opts - <&- || fail=1
  returns_ 1 rat $opts - <&- >out 2>err || fail=1
  printf '%s\n' 'rat: -: Bad file descriptor' \
    'rat: closing standard input: Bad file descriptor' >exp
  compare exp err || fail=1
  rat_vs_cat_ $opts fx - fx <&- || fail=1
done

# Names with UTF-8 letters are left bare in a UTF-8 locale (last: it
# skips the rest of the test where there is none).
require_utf8_locale_
LC_ALL=$UTF8_LOCALE rat_vs_cat_ "$(printf 'caf\303\251')" 'a b' || fail=1

Exit $fail
