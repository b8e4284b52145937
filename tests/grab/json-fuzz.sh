#!/bin/sh
# --json on random bytes (every byte value, invalid UTF-8, NULs, control characters, CR, long lines) in files with random names prints only lines that parse as JSON, and what they hold is the input: each record's lines are the file's bytes at absolute_offset, each submatch's match the bytes at start..end, paths the names, in both locales, with context and -v.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-json.sh"
json_require_perl_
fail=0

# 40 files of random bytes under random names (seeded: the same each
# run; JSON_FUZZ_SEED changes it).
mkdir d || framework_failure_
perl -e '
  srand ($ARGV[0]);
  sub r { return int (rand ($_[0])); }
  for my $f (1 .. 40)
    {
      my $name = "";
      $name .= chr (1 + r (255)) for 1 .. 1 + r (12);
      $name =~ s{/}{_}g;
      $name = "f$f-$name";
      my $data = "";
      for (1 .. r (60))
        {
          my $x = rand ();
          my $len = $x < 0.05 ? r (3000) : r (40);
          $data .= $x < 0.3 ? chr (r (256))
                 : $x < 0.6 ? join ("", map { chr (r (256)) } 1 .. $len)
                 : $x < 0.8 ? join ("", map { chr (32 + r (95)) } 1 .. $len)
                 : "\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80\xed\xa0\x80"
                   . "\xc0\xaf\x7f\t\r\"\\\x01";
          $data .= "\n" if rand () < 0.5;
        }
      open my $fh, ">", "d/$name" or die "$name: $!";
      binmode $fh;
      print $fh $data;
      close $fh;
    }' "${JSON_FUZZ_SEED-29}" || framework_failure_

# Check the records against the files.
cat >check.pl <<'PERL' || framework_failure_
use strict;
use warnings;
use JSON::PP;
use MIME::Base64;
my %file;
my $bad = 0;
sub data
{
  my ($d) = @_;
  return decode_base64 ($d->{bytes}) if exists $d->{bytes};
  my $t = $d->{text};
  utf8::encode ($t);
  return $t;
}
binmode STDIN;
while (my $line = <STDIN>)
  {
    my $r = decode_json ($line);
    next unless $r->{type} eq 'match' || $r->{type} eq 'context';
    my $d = $r->{data};
    my $path = data ($d->{path});
    unless (exists $file{$path})
      {
        open my $fh, '<', $path or die "$path: $!";
        binmode $fh;
        local $/;
        $file{$path} = <$fh>;
      }
    my $lines = data ($d->{lines});
    if (substr ($file{$path}, $d->{absolute_offset}, length $lines) ne $lines)
      {
        print "lines differ: $line";
        $bad = 1;
      }
    for my $s (@{$d->{submatches}})
      {
        my $m = data ($s->{match});
        if (substr ($lines, $s->{start}, $s->{end} - $s->{start}) ne $m)
          {
            print "submatch differs: $line";
            $bad = 1;
          }
      }
  }
exit $bad;
PERL

# Engines and thread counts take turns, case by case (the engine
# options are words, split on purpose).
set -- $(grab_engine_opts_)
neng=$#
engine_at_ () { shift $(($1 % neng + 1)); engine_opt_ "$1"; }
turn=0
sample_stride_ 3
for loc in C C.UTF-8; do
  for pat in '.' '[\x80-\xff]+' '\x00|\x01' '"|\\' '$' 'a|é|\t' '\r'; do
    for opts in '' '-C1' '-v -A1' '-m3 -B2'; do
      in_sample_ "p:$loc:$pat" "o:$loc:$opts" || continue
      turn=$((turn + 1))
      e=$(engine_at_ $turn $(grab_engine_opts_))
      n=$((turn % 2 ? 1 : ${GRAB_TEST_THREADS-4}))
      LC_ALL=$loc grab $e -n $n -r --json $opts -e "$pat" d >out 2>err
      test $? -le 1 || { echo "$loc $e -n $n $opts '$pat': status"; fail=1; }
      compare /dev/null err || fail=1
      json_norm_ -s <out >/dev/null \
        || { echo "$loc $opts '$pat': not JSON Lines"; fail=1; }
      perl check.pl <out || { echo "$loc $opts '$pat'"; fail=1; }
    done
  done
done

Exit $fail
