#!/bin/sh
# Two or three strings of four bytes or more (-F, or an alternation of
# plain strings) are looked for as one byte-set sequence, every byte the
# locale folds alike in each place for -i (engines/engine-fixed.c's
# few_as_seq), then confirmed: the output is GNU grep's, with -i (Latin-1
# letters in a Latin-1 locale too), -w, -x, -o, -c, -v and -b, in C,
# UTF-8 and ISO-8859-15.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

# Lines of words near the strings: their prefixes, case variants, the
# strings inside words, next to punctuation, at line ends, and Latin-1
# letters (\311 is E acute, \351 e acute).
perl -e '
  my @w = qw(ERR_PTR PTR_ERR err_ptr Err_Ptr ERR_PT PTR_ER xERR_PTR ERR_PTRx
             kmalloc kzalloc kfree kfre kmallo KFREE kzAlloc struct union
             unio structure);
  push @w, "caf\351s", "CAF\311S", "caf\311s", "cafe", "r\351sum\351";
  my $x = 7;
  for my $i (1 .. 4000) {
    my @l;
    for (1 .. 1 + $i % 7) {
      $x = ($x * 1103515245 + 12345) % 2147483648;
      push @l, $w[($x >> 8) % @w];
      push @l, ("(", ",", ";", "->")[($x >> 12) % 4] if $x % 5 == 0;
    }
    print join (" ", @l), "\n";
  }' >text || framework_failure_

for loc in C C.UTF-8 en_US.iso885915; do
  LC_ALL=$loc locale -k charmap >/dev/null 2>&1 || continue
  for pats in '-E -e ERR_PTR|PTR_ERR' '-F -e kmalloc -e kzalloc -e kfree' \
              '-E -e struct|union' '-e ERR_PTR\|kfree' \
              "-F -e caf$(printf '\351')s -e union"; do
    for opts in '' -i -w -x -o -c -v '-b -o -i' '-w -i -c'; do
      # shellcheck disable=SC2086
      run_ "$loc" "$test_threads" $opts $pats text
    done
  done
done
diff_report_ || fail=1

Exit $fail
