#!/bin/sh
# The includes among src/ run one way: downward by the ranks below, never from one applet's folder into another's, and in no circle of modules; and each header's guard is GRABRAT_<FOLDER>_<NAME>_H.
#
# Ranks (issue 43), low to high; a file includes files of its own rank
# or a lower one only (a folder's files share its rank):
#   0  io/, system.h, cpu.h, pcre2-lazy.c  (what every layer may use)
#   1  engines/                   the matchers
#   2  search/                    the pipeline: config.h, run, worker...
#   3  front/, optdump.[ch]       what the command lines share
#   4  applets/NAME/              one applet each: none includes another's
#   5  grabrat.c, applets.h       the multicall main and its list
# A file of src/ that is in no rank fails the test: give it one here.
#
# A circle is among modules, a module being a file pair X.c and X.h, so
# that X.c including Y.h while Y.c (or Y.h) includes X.h is a circle
# (the 10-file one of sort before its shared header became opts.h; issue
# 26).  Includes are resolved as the compiler does: beside the includer
# ("output.h" in applets/sort/), else under src/ ("search/config.h");
# includes of neither (gnulib's) are not the project's and are passed
# over.  The guard's folder is the applet's name for applets/NAME/
# (GRABRAT_GREP_OPTIONS_H), none at the top (GRABRAT_SYSTEM_H);
# applets.h, an X-macro list included three times, has none.  Prints
# each fault found.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

command -v perl >/dev/null || skip_ "no perl"
cd "$abs_top_srcdir" || framework_failure_
fail=0

perl -e '
  use strict;
  my @files = grep { -f } map { glob } qw(src/*.[ch] src/*/*.[ch] src/*/*/*.[ch]);
  my @ranks = ([qr{^src/io/}, 0], [qr{^src/(system|cpu)\.h$}, 0],
               [qr{^src/pcre2-lazy\.c$}, 0], [qr{^src/engines/}, 1],
               [qr{^src/search/}, 2], [qr{^src/front/}, 3],
               [qr{^src/optdump\.[ch]$}, 3], [qr{^src/applets/[^/]+/}, 4],
               [qr{^src/(grabrat\.c|applets\.h)$}, 5]);
  sub rank { for my $r (@ranks) { return $r->[1] if $_[0] =~ $r->[0] } undef }
  sub applet { $_[0] =~ m{^src/applets/([^/]+)/} ? $1 : undef }
  my (%edge, %exists, $found);
  $exists{$_} = 1 for @files;
  for my $f (@files) {
    (my $dir = $f) =~ s{/[^/]*$}{};
    (my $from = $f) =~ s/\.[ch]$//;
    my $rank = rank ($f);
    if (!defined $rank) {
      print "no rank: $f\n";
      $found = 1;
    }
    open my $fh, "<", $f or die "$f: $!";
    my $guard;
    while (<$fh>) {
      $guard //= $1 if /^\s*#\s*ifndef\s+(\w+)/;
      next unless /^\s*#\s*include\s+"([^"]+)"/;
      my $t = $exists{"$dir/$1"} ? "$dir/$1" : $exists{"src/$1"} ? "src/$1" : next;
      my $trank = rank ($t);
      if (defined $rank && defined $trank && $rank < $trank) {
        print "include up: $f (rank $rank) -> $t (rank $trank)\n";
        $found = 1;
      }
      my ($fa, $ta) = (applet ($f), applet ($t));
      if (defined $fa && defined $ta && $fa ne $ta) {
        print "include across applets: $f -> $t\n";
        $found = 1;
      }
      (my $to = $t) =~ s/\.[ch]$//;
      $edge{$from}{$to} = 1 unless $to eq $from;
    }
    next unless $f =~ /\.h$/ && $f ne "src/applets.h";
    (my $want = $f) =~ s{^src/(applets/)?}{};
    $want =~ s/\.h$//;
    $want = "GRABRAT_" . uc ($want =~ tr{/-}{__}r) . "_H";
    if (($guard // "") ne $want) {
      print "guard: $f has ", $guard // "none", ", not $want\n";
      $found = 1;
    }
  }
  # Depth-first search; a grey node met again closes a circle.
  my (%color, @stack);
  sub visit {
    my ($n) = @_;
    $color{$n} = 1;
    push @stack, $n;
    for my $m (sort keys %{$edge{$n} // {}}) {
      if (($color{$m} // 0) == 1) {
        my @c = @stack;
        shift @c while $c[0] ne $m;
        print "include circle: ", join (" -> ", @c, $m), "\n";
        $found = 1;
      } elsif (!$color{$m}) {
        visit ($m);
      }
    }
    pop @stack;
    $color{$n} = 2;
  }
  $color{$_} or visit ($_) for sort keys %edge;
  exit ($found ? 1 : 0);
' >"$OLDPWD/out" || fail=1
cat "$OLDPWD/out"

Exit ${fail-0}
