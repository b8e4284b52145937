#!/bin/sh
# -i with a string every match holds: the search looks first for the
# part of it whose letters fold within ASCII in the locale, and must
# still select what GNU grep 3.8 selects where other characters are
# case counterparts of ASCII letters (UTF-8: U+212A KELVIN SIGN for k,
# U+017F LONG S for s, U+0131 DOTLESS I for i; Turkish: U+0130 for i),
# through grep's string matcher and its DFA, in C, UTF-8, Turkish UTF-8
# and Latin-9, at 1 and 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 4

words='pm_resume kernel this_is ski mississippi kiss sk_buff
linus_torvalds Istanbul café_kiss'

# Lines holding each word spelt with every counterpart of its letters
# in turn, in mixed case, inside other text, and near misses.
perl -CS -e '
  my %alt = (k => ["K", "\x{212A}"], s => ["S", "\x{17F}"],
             i => ["I", "\x{131}", "\x{130}"], e => ["E", "\x{E9}"]);
  srand 7;
  for my $w (@ARGV) {
    my @c = split //, $w;
    for my $i (0 .. $#c) {
      for my $a (@{$alt{lc $c[$i]} // [uc $c[$i]]}) {
        my @v = @c; $v[$i] = $a;
        for my $j (0 .. $#v) { $v[$j] = uc $v[$j] if $j != $i && rand () < 0.3 }
        print "x ", join ("", @v), " y\n";
        print join ("", @v[0 .. $#v - 1]), "\n";
      }
    }
    print "$w\n", uc ($w), "\n", "a_", $w, "_b\n";
  }' $words >in || framework_failure_
# The same text in Latin-9 where it can be.
iconv -f UTF-8 -t ISO-8859-15//TRANSLIT <in >in.l9 2>/dev/null || cp in in.l9

locales=C
for l in C.UTF-8 en_US.UTF-8 tr_TR.UTF-8 en_US.ISO-8859-15; do
  test "$(LC_ALL=$l locale charmap 2>/dev/null)" = C && continue
  LC_ALL=$l locale -k LC_CTYPE >/dev/null 2>&1 || continue
  case $(LC_ALL=$l locale charmap 2>/dev/null) in
    UTF-8|ISO-8859-15) locales="$locales $l" ;;
  esac
done

for loc in $locales; do
  f=in
  case $loc in *8859*) f=in.l9 ;; esac
  for w in $words; do
    # The string matcher, the DFA (a class makes it a regex), -w, -x,
    # -o, -c, -v and ERE alternation.
    r=$(printf '%s\n' "$w" | sed 's/^\(.\)/[\1]/')
    for args in "-i -e $w" "-i -e $r" "-i -w -e $w" "-i -x -e $r" \
                "-i -o -e $r" "-i -c -e $w" "-i -v -c -e $r" \
                "-i -E -e ($w|zzzz)x?" "-i -n -e ${w}_*"; do
      run_ $loc "$test_threads" $args $f
    done
  done
done

fail=0
diff_report_ || fail=1
test "$(wc -l <in)" -gt 100 || fail=1
Exit $fail
