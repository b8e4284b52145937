#!/bin/sh
# The includes among src/ run one way: no circle of modules, a module
# being a file pair X.c and X.h, so that X.c including Y.h while Y.c (or
# Y.h) includes X.h is a circle (the 10-file one of sort before its shared
# header became opts.h; issue 26).  Includes are resolved as the build
# does: a path under src/ ("search/config.h"), else beside the includer.
# Prints each circle found.
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
  my (%edge, %exists);
  $exists{$_} = 1 for @files;
  for my $f (@files) {
    (my $dir = $f) =~ s{/[^/]*$}{};
    (my $from = $f) =~ s/\.[ch]$//;
    open my $fh, "<", $f or die "$f: $!";
    while (<$fh>) {
      next unless /^\s*#\s*include\s+"([^"]+)"/;
      my $t = $exists{"src/$1"} ? "src/$1" : $exists{"$dir/$1"} ? "$dir/$1" : next;
      (my $to = $t) =~ s/\.[ch]$//;
      $edge{$from}{$to} = 1 unless $to eq $from;
    }
  }
  # Depth-first search; a grey node met again closes a circle.
  my (%color, @stack, $found);
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
