#!/bin/sh
# --debug prints GNU sort's warnings and underlines the same parts of
# each line, for many option sets, in the C and a UTF-8 locale.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
gen_input_ 20 mix 60 >mix || framework_failure_
gen_input_ 21 csv 60 >csv || framework_failure_
locales=C
for l in C.UTF-8 C.utf8; do
  if test "$(LC_ALL=$l locale charmap 2>/dev/null)" = UTF-8; then
    locales="C $l"
    break
  fi
done
for loc in $locales; do
  while IFS= read -r opts; do
    case $opts in '#'*|*-c*|*-C*|*-m*|*-z*) continue ;; esac
    # shellcheck disable=SC2086
    diff_run_ $loc mix --debug $opts
    # shellcheck disable=SC2086
    diff_run_ $loc csv --debug $opts
  done <"$srcdir/tests/sort/options.txt"
  for opts in '-rRVMhgb -k1,1n' '-k1.5,1.2' '-k2,1n' '-b -f -k2' \
              '+1 -2' '-t - -k1,1n' '-t . -k1,1g' '-t + -k1g' \
              '-s -r -k1,1' '-u -r -k2' '-n -k1.2,1.4' '-k1,1 -k2,2'; do
    # shellcheck disable=SC2086
    diff_run_ $loc mix --debug $opts
  done
done
diff_report_ || fail=1
Exit $fail
