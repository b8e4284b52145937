#!/bin/sh
# --json's "pattern" in each submatch is the index of the -e/-f pattern that matched (0-based, in the order given, each line of -e and -f a pattern, a repeated pattern counted where it was first given), the alternative PCRE2's leftmost-first search took, with -w, -x, -i, -F, -v context lines and each engine; null where a pattern's (*ACCEPT) hides it.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-json.sh"
json_require_perl_
fail=0

# Each submatch as "LINE TYPE START-END MATCH PATTERN".
subs_ ()
{
  perl -MJSON::PP -ne '
    my $r = decode_json ($_);
    next unless $r->{type} eq "match" || $r->{type} eq "context";
    my $d = $r->{data};
    for my $s (@{$d->{submatches}})
      {
        print "$d->{line_number} $r->{type} $s->{start}-$s->{end} ",
              $s->{match}{text}, " ", $s->{pattern} // "null", "\n";
      }'
}

printf 'foo bar baz\nabc\nzq x y\nFOO foobar\nnone\nac\n' >in \
  || framework_failure_
printf 'q1\nfoo\n' >pats || framework_failure_

# check_ EXPECTED GRAB-ARGS...: the submatches of 'grab --json ARGS in'.
check_ ()
{
  c_exp=$1
  shift
  printf '%s\n' "$c_exp" >exp
  for e in $(grab_engine_opts_); do
    for n in $test_threads; do
      grab $(engine_opt_ $e) -n $n --json "$@" in >out || fail=1
      json_norm_ -p <out >/dev/null || fail=1
      subs_ <out >got
      compare exp got || { echo "$e -n $n: $*"; fail=1; }
    done
  done
}

check_ '1 match 0-3 foo 0
1 match 4-7 bar 1
1 match 8-11 baz 2
4 match 4-7 foo 0
4 match 7-10 bar 1' -e foo -e bar -e 'ba.' -e nothing
# Leftmost-first: the first pattern that matches at a place wins.
check_ '2 match 0-2 ab 0' -e ab -e abc
check_ '2 match 0-3 abc 0' -e abc -e ab
# Lines of -e and of -f are patterns; a repeat is counted where first
# given: z is pattern 4 (x 0, y 1, x again 2, newline-split q 3).
check_ '1 match 10-11 z 4
3 match 0-1 z 4
3 match 1-2 q 3
3 match 3-4 x 0
3 match 5-6 y 1' -e x -e y -e x -e 'q
z'
check_ '1 match 0-3 foo 2
4 match 4-7 foo 2' -e zzz -f pats
# -w and -i apply to each pattern; -F takes them as strings.
check_ '1 match 0-3 foo 0
4 match 0-3 FOO 0
4 match 4-10 foobar 1' -w -i -e foo -e 'foo.ar'
check_ '1 match 4-7 bar 1
4 match 7-10 bar 1' -F -e 'ba.' -e bar
check_ '2 match 0-3 abc 1' -x -e ab -e 'a.c'
# -v: the selected lines have no submatches, context lines do.
check_ '2 context 0-2 ab 1
4 context 4-7 foo 2
4 context 8-9 a 1
6 context 0-2 ac 1' -v -C1 -e 'xyz' -e 'a[bc]?' -e foo
# A mark of the pattern's own does not confuse it; (*ACCEPT) ends a
# match before the mark that names the pattern: null.
check_ '3 match 3-4 x 0
3 match 5-6 y 1' -e '(*:7)x' -e 'y'
check_ '3 match 1-2 q null
3 match 5-6 y 1' -e 'q(*ACCEPT)x' -e y
# One pattern: always 0.
check_ '2 match 0-3 abc 0' -e 'a.c'

Exit $fail
