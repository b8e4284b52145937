# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib/json-norm.pl: read the JSON Lines of 'grab --json' or 'rg
# --json' on standard input and print them in a form to compare: each
# record parsed (any line that is not one JSON object is an error, exit
# status 1), re-encoded with sorted keys; times replaced by "T"; each
# file's bytes_printed checked against the bytes of its begin, match and
# context lines and the summary's against their sum, then replaced by "N"
# (grab prints more: "pattern"); "pattern" fields dropped unless -p.
# A file's records must come together (begin, lines, end).  With -s the
# files' blocks are printed sorted by path (outputs of several threads).
use strict;
use warnings;
use JSON::PP;

my $keep_pattern = grep { $_ eq '-p' } @ARGV;
my $sort_blocks = grep { $_ eq '-s' } @ARGV;
my $json = JSON::PP->new->utf8->canonical;
my (@blocks, $cur, $bytes, $total, @out);
$total = 0;
binmode STDIN;
binmode STDOUT;
my $n = 0;
sub bad { print STDERR "json-norm: line $n: $_[0]\n"; exit 1; }
while (my $raw = <STDIN>)
  {
    $n++;
    bad ("no newline at the end") unless $raw =~ s/\n\z//;
    my $r = eval { $json->decode ($raw) };
    bad ("not JSON: $@") unless defined $r;
    bad ("not an object") unless ref $r eq 'HASH';
    my $t = $r->{type} // bad ("no type");
    my $d = $r->{data};
    if ($t eq 'begin')
      {
        bad ("begin inside a file") if defined $cur;
        $cur = [];
        $bytes = 0;
      }
    elsif ($t eq 'match' || $t eq 'context')
      {
        bad ("$t outside a file") unless defined $cur;
        unless ($keep_pattern)
          {
            delete $_->{pattern} for @{$d->{submatches}};
          }
      }
    elsif ($t eq 'end')
      {
        bad ("end outside a file") unless defined $cur;
        my $s = $d->{stats};
        bad ("bytes_printed $s->{bytes_printed}, printed $bytes")
          unless $s->{bytes_printed} == $bytes;
        $total += $bytes;
        $s->{bytes_printed} = 'N';
        $s->{elapsed} = 'T';
      }
    elsif ($t eq 'summary')
      {
        bad ("summary inside a file") if defined $cur;
        my $s = $d->{stats};
        bad ("summary bytes_printed $s->{bytes_printed}, files' $total")
          unless $s->{bytes_printed} == $total;
        $s->{bytes_printed} = 'N';
        $s->{elapsed} = 'T';
        $d->{elapsed_total} = 'T';
      }
    else
      {
        bad ("unknown type $t");
      }
    $bytes += length ($raw) + 1 if $t ne 'end' && $t ne 'summary';
    my $line = $json->encode ($r) . "\n";
    if (defined $cur)
      {
        push @$cur, $line;
        if ($t eq 'end')
          {
            push @blocks, $cur;
            $cur = undef;
          }
      }
    else
      {
        push @out, $line;
      }
  }
bad ("file not ended") if defined $cur;
@blocks = sort { $a->[0] cmp $b->[0] } @blocks if $sort_blocks;
print @$_ for @blocks;
print @out;
