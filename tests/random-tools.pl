# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/random-tools.pl: a random differential tester of whole command
# lines for rat and sort (tests/rat/random-cli.sh, tests/sort/random-cli.sh
# run it; tests/grep/random.pl is grep's and grab's).  From a seed, each
# case makes a few files (and maybe standard input) and a command line,
# runs GNU's program and ours from $REF_DIR and $OURS_DIR (links named
# as the program, so that messages agree) in a fresh directory, and
# compares stdout, stderr, the status and any file written by -o.  A
# mismatch is shrunk (operands, options, lines) and printed as a shell
# line that rebuilds the files and runs the command.
#
#   RANDOM_MODE       cat or sort
#   RANDOM_SEED       the stream (default: the time, printed)
#   RANDOM_CASES=N    number of cases (default 300) or RANDOM_SECONDS=S
#   RANDOM_CASE=N     run case N only
#   RANDOM_WORK       a scratch directory
#
# sort: ordering options and -k specs (fields, characters, per-key
# letters, ends; zero and junk too, for the messages), -t with odd
# separators, -s -u -z -r -c -C -m (on inputs GNU sorted first), -o onto
# an input, --debug, small -S and --parallel, files0-from; -R is left
# out, its order being a hash's.  Inputs: numbers of every form sort
# reads (signs, exponents, thousands separators, sizes, hex), months,
# versions, words in mixed case, accents, Latin-1 bytes, control bytes,
# blanks, empty lines, duplicates, CRLF, NULs, no final newline.  cat:
# every option letter and long form over binary, CR, blank-run and long
# inputs, standard input more than once, missing files, directories.
# Locales C, C.UTF-8, en_US.UTF-8 and Latin-1 en_US.
use strict;
use warnings;
use File::Path qw(remove_tree);

my $mode = $ENV{RANDOM_MODE} // die "RANDOM_MODE: cat or sort\n";
my $seed = $ENV{RANDOM_SEED} // time;
my $cases = $ENV{RANDOM_CASES} // ($ENV{RANDOM_SECONDS} ? undef : 300);
my $seconds = $ENV{RANDOM_SECONDS};
my $only = $ENV{RANDOM_CASE};
my $work = $ENV{RANDOM_WORK} // '/tmp';
my ($ref, $ours) = ($ENV{REF_DIR}, $ENV{OURS_DIR});
my @locales = grep { system ("LC_ALL=$_ locale charmap >/dev/null 2>&1") == 0
                     && `LC_ALL=$_ locale charmap 2>/dev/null` !~ /ANSI/ }
  qw(C.UTF-8 en_US.UTF-8 en_US en_US.ISO-8859-1);
unshift @locales, 'C';

sub rint { int rand $_[0] }
sub chance { rand () < $_[0] }
sub pick { $_[rint scalar @_] }

# ------------------------------------------------------------- inputs
my @words = ('apple', 'Apple', 'APPLE', 'banana', '_u', 'a.b', 'a-b', '!x',
  'Zebra', 'zebra', 'abc', 'ABC', 'a', 'B', '123abc', "\xc3\xa9t\xc3\xa9",
  "\xc3\x89T\xc3\x89", "z\xc3\xbcrich", "\xe2\x82\xacuro", "na\xef\x76e",
  "caf\xe9", "\xff\xfe", "\x01x", "\x7f", "~t", "\xc2\xa0nb", '');
my @numbers = ('0', '-0', '+5', '.5', '-.5', '007', '1.50', '1.5', '1,234',
  '12,345.67', '-2,500', '1,,2', '1e3', '-1e-3', '1E400', 'inf', '-inf',
  '0x1A', '1e', '3.', '-', ' 42', "\t7", '99999999999999999999',
  '-123456789012345678901.5', '4.9e-324');
my @human = ('1K', '2k', '3M', '1G', '-5T', '0.5K', '1KiB', '7B', '2P', '1E');
my @months = ('Jan', 'FEB', 'mar', ' apr', 'May', 'JUNE', 'jul', 'Sept', 'xyz');
my @versions = ('1.2.10', '1.2.9', '1.10', 'v1.10-rc1', '2.0~beta', '2.0',
  'f-1.2.tar.gz', '1.02', '1.2a', '.e1', 'a1b2');

sub token {
  return pick (@numbers) . (chance (0.2) ? pick ('', 'x', ' y') : '')
    if chance (0.35);
  return pick (@human) if chance (0.1);
  return pick (@months) if chance (0.1);
  return pick (@versions) if chance (0.1);
  return int (rand 2000) - 1000 if chance (0.2);
  return pick (@words);
}

sub sort_line {
  my $sep = pick (' ', ' ', "\t", ':', ',', '  ');
  my $l = chance (0.1) ? pick (' ', "\t") : '';
  $l .= join $sep, map { token () } 1 .. 1 + rint 4;
  $l .= "\r" if chance (0.03);
  return $l;
}

sub cat_line {
  return pickw_line ();
}

sub pickw_line {
  my $r = rand;
  return '' if $r < 0.2;
  return join '', map { chr rint 256 } 1 .. rint 12 if $r < 0.35;
  return "\r" x (1 + rint 2) if $r < 0.4;
  return "\t" . pick (@words) . "\t" if $r < 0.5;
  return pick (@words) x (1 + rint 3000) if $r < 0.52;
  return join ' ', map { pick (@words) } 1 .. 1 + rint 5;
}

sub gen_data {
  my ($z) = @_;
  my $n = pick (0, 1, 2, 3, 5, 8, 13, 20, 40);
  my @l;
  for (1 .. $n) {
    push @l, $mode eq 'sort' ? sort_line () : cat_line ();
    push @l, $l[rint (scalar @l)] if @l && chance (0.15);   # a duplicate
  }
  my $eol = $z ? "\0" : "\n";
  my $d = join '', map { "$_$eol" } @l;
  $d =~ s/\n/\0/ if !$z && chance (0.03);   # a NUL inside a line
  chop $d if length $d && chance (0.15);   # no final end of line
  return $d;
}

# ------------------------------------------------------------- command lines
sub key_spec {
  my $f = chance (0.04) ? pick (0, 'x', '-1', '') : 1 + rint 4;
  my $s = $f;
  $s .= '.' . pick (0, 1, 1, 2, 3) if chance (0.3);
  $s .= join '', map { pick (qw(b d f g h i M n r V)) } 1 .. rint 2
    if chance (0.5);
  if (chance (0.6)) {
    $s .= "," . ($f =~ /^\d+$/ && $f > 1 && chance (0.2) ? $f - 1 : ($f =~ /^\d+$/ ? $f : 1) + rint 3);
    $s .= '.' . pick (0, 1, 2, 4) if chance (0.3);
    $s .= pick (qw(b n r f)) if chance (0.2);
  }
  return $s;
}

sub sort_case {
  my %c = (prog => 'sort', opts => [], files => []);
  my $z = chance (0.08);
  push @{$c{opts}}, '-z' if $z;
  my $nf = pick (0, 1, 1, 1, 2, 3);
  for my $i (1 .. $nf) {
    push @{$c{files}}, {name => "in$i", data => gen_data ($z)};
  }
  $c{stdin} = gen_data ($z) if chance (0.3);
  my @ord = map { "-$_" } grep { chance (0.12) } qw(b d f g h i M n r V);
  push @{$c{opts}}, @ord;
  push @{$c{opts}}, '-k', key_spec () for 1 .. pick (0, 0, 1, 1, 2, 3);
  push @{$c{opts}}, '-t', pick (',', ':', ' ', "\t", 'a', '\0', 'ab', '')
    if chance (0.3);
  push @{$c{opts}}, pick ('-s', '--stable') if chance (0.2);
  push @{$c{opts}}, pick ('-u', '--unique') if chance (0.2);
  push @{$c{opts}}, '--debug' if chance (0.1);
  push @{$c{opts}}, '-S', pick ('1', '1K', '10%', '2b') if chance (0.08);
  push @{$c{opts}}, "--parallel=" . pick (1, 2, 4) if chance (0.08);
  push @{$c{opts}}, '-T', pick ('/nonexistent', 'dir', '.') if chance (0.05);
  push @{$c{opts}}, pick ('--help', '--version') if chance (0.01);
  my $act = pick (('') x 8, '-c', '-C', '--check=quiet', '-m');
  push @{$c{opts}}, $act if $act;
  $c{presort} = 1 if $act =~ /^-[mcC]$|check/ && chance (0.7);
  if (chance (0.12)) {
    $c{out} = @{$c{files}} && chance (0.5) ? $c{files}[0]{name} : 'out';
    push @{$c{opts}}, '-o', $c{out};
  }
  push @{$c{operands}}, map { $_->{name} } @{$c{files}};
  push @{$c{operands}}, '-' if defined $c{stdin} && chance (0.7);
  push @{$c{operands}}, pick ('missing', 'dir') if chance (0.04);
  if (chance (0.04) && @{$c{operands}}) {
    push @{$c{files}}, {name => 'list',
                        data => join '', map { "$_\0" } @{$c{operands}}};
    $c{operands} = ['--files0-from=list'];
  }
  return \%c;
}

sub cat_case {
  my %c = (prog => 'cat', opts => [], files => []);
  for my $i (1 .. pick (1, 1, 2, 3)) {
    push @{$c{files}}, {name => "in$i", data => gen_data (0)};
  }
  $c{stdin} = gen_data (0) if chance (0.3);
  for (1 .. rint 4) {
    push @{$c{opts}}, pick (qw(-A -b -e -E -n -s -t -T -u -v -vET -bn -ns),
      qw(--show-all --number-nonblank --show-ends --number --squeeze-blank),
      qw(--show-tabs --show-nonprinting));
  }
  push @{$c{opts}}, pick ('--bogus', '-x', '--num') if chance (0.02);
  push @{$c{opts}}, pick ('--help', '--version') if chance (0.01);
  my @ops = map { $_->{name} } @{$c{files}};
  @ops = map { chance (0.1) ? ($_, $_) : $_ } @ops;
  splice @ops, rint (@ops + 1), 0, '-' if defined $c{stdin} && chance (0.7);
  push @ops, '-' if defined $c{stdin} && chance (0.1);
  splice @ops, rint (@ops + 1), 0, pick ('missing', 'dir') if chance (0.05);
  $c{operands} = \@ops;
  return \%c;
}

# ------------------------------------------------------------- running
sub sq { my $s = shift; $s =~ s/'/'\\''/g; "'$s'" }

# printf's format for bytes $s.
sub pf {
  my $s = shift;
  $s =~ s/([^A-Za-z0-9 .,:_+=\/-])/sprintf ('\\%03o', ord $1)/ge;
  return $s;
}

sub realize {
  my ($c, $dir) = @_;
  remove_tree ($dir) if -e $dir;
  mkdir $dir or die "$dir: $!";
  mkdir "$dir/dir";
  for my $f (@{$c->{files}}) {
    open my $fh, '>', "$dir/$f->{name}" or die;
    print $fh $f->{data};
    close $fh;
  }
  open my $fh, '>', "$dir/.stdin" or die;
  print $fh $c->{stdin} // '';
  close $fh;
}

# The first input's name (without making one).
sub first_name { my ($c) = @_; @{$c->{files}} ? $c->{files}[0]{name} : 'x' }

sub argv { my ($c) = @_; (@{$c->{opts}}, @{$c->{operands} // []}) }

# What a -m or -c case's inputs are sorted first without.
my $presort_drop = qr/(?:-[mcCuo]|--check.*|--unique|--debug|--help|--version|out|in\d)/;

# Run the program from BINDIR in a fresh copy of the case's files.
sub run_one {
  my ($c, $bindir, $loc, $tmo) = @_;
  my $dir = "$work/t";
  realize ($c, $dir);
  if ($c->{presort}) {
    my @keys = grep { !/^$presort_drop$/ } @{$c->{opts}};
    local $ENV{LC_ALL} = $loc;
    for my $f (@{$c->{files}}) {
      my $p = "$dir/$f->{name}";
      system ('sh', '-c', '"$0" "$@" >/dev/null 2>&1', "$ref/sort", @keys,
              '-o', $p, $p) unless $f->{name} eq 'list';
    }
  }
  # Standard input from a file or a pipe; standard output to a file, a
  # pipe, /dev/full, or appended to the first input (cat's "input file
  # is output file").
  my $piped = ($c->{inmode} // '') eq 'pipe';
  my ($pre, $in) = $piped ? ('/usr/bin/cat .stdin |', '') : ('', '<.stdin');
  my $om = $c->{outmode} // 'file';
  my $out = $om eq 'pipe' ? '| /usr/bin/cat >.out' : '';
  my $redir = {file => '>.out', pipe => '', full => '>/dev/full',
               self => '>>' . first_name ($c)}->{$om};
  my $pid = fork // die;
  if (!$pid) {
    chdir $dir or die;
    open STDERR, '>', '.err';
    open STDOUT, '>', '.out';
    $ENV{LC_ALL} = $loc;
    $ENV{PATH} = "$bindir:$ENV{PATH}";
    exec '/bin/sh', '-c', "$pre { timeout $tmo \"\$@\" $redir; echo \$? >.st; } $in $out",
      'sh', $c->{prog}, argv ($c);
    exit 127;
  }
  waitpid $pid, 0;
  my %r;
  {
    open my $fh, '<', "$dir/.st" or warn "no status: " . repro ($c) . "\n";
    $r{st} = <$fh> // 'none';
    chomp $r{st};
  }
  for (qw(out err)) {
    local $/;
    open my $fh, '<', "$dir/.$_";
    $r{$_} = <$fh> // '';
  }
  my $written = $om eq 'self' ? first_name ($c) : $c->{out};
  if ($written && open my $fh, '<', "$dir/$written") {
    local $/;
    $r{file} = <$fh> // '';
  }
  $r{file} //= '';
  return \%r;
}

# --help and --version print grabrat's own texts (README: rat, sort):
# only their status and diagnostics are compared, and to a full disk
# only the status: whether GNU's "write error" has an errno depends on
# its text's length (glibc's buffer holds 4 KiB: a longer text fails
# while printed, and nothing is left pending to fail again at exit).
sub differs {
  my ($a, $b, $c) = @_;
  my @what = qw(st err file out);
  my $full = ($c->{outmode} // '') eq 'full';
  my $info = grep { /^--(help|version)$/ } argv ($c);
  if ($info) {
    @what = $full ? ('st') : qw(st err);
  }
  # sort --debug to a full device: which of GNU's writes fails first is
  # its byte-by-byte stdio's (README, sort's differences).  Not with
  # --help or --version, which print no debugging ('sort --debug --help
  # >/dev/full' compared the messages: seed 1796598757 case 1713).
  if ($full && !$info && grep { $_ eq '--debug' } argv ($c)) {
    @what = grep { $_ ne 'err' } @what;
    my ($x, $y) = map { s/(?:write|fflush) failed/W failed/r } $a->{err}, $b->{err};
    return ('err', @what) if $x ne $y;
  }
  return grep { $a->{$_} ne $b->{$_} } @what;
}

# A time-out (timeout's 124) says the machine was slow as often as that
# the program hung: a busy builder made GNU sort itself miss 10 s on an
# empty input (issue 44: 'status: reference 124, ours 0').  So a side that
# times out runs again with 6 times the limit; a reference that times
# out even then leaves the case skipped (counted and listed at the end),
# never a mismatch.  Ours timing out where the reference did not is one.
my $timeout = $ENV{RANDOM_TIMEOUT} // 10;
sub timed_out { $_[0]{st} eq '124' || $_[0]{st} eq '137' }
sub check {
  my ($c) = @_;
  my $e = run_one ($c, $ref, $c->{loc}, $timeout);
  $e = run_one ($c, $ref, $c->{loc}, 6 * $timeout) if timed_out ($e);
  if (timed_out ($e)) {
    $c->{skipped} = 1;
    return (0, $e, $e);
  }
  my $g = run_one ($c, $ours, $c->{loc}, $timeout);
  $g = run_one ($c, $ours, $c->{loc}, 6 * $timeout) if timed_out ($g);
  return (scalar differs ($e, $g, $c), $e, $g);
}

sub repro {
  my ($c) = @_;
  my @p = ('cd "$(mktemp -d)"', 'mkdir dir');
  push @p, "printf '" . pf ($_->{data}) . "' >$_->{name}" for @{$c->{files}};
  push @p, "LC_ALL=$c->{loc} sort " . join (' ', map { sq ($_) }
    grep { !/^$presort_drop$/ } @{$c->{opts}})
    . " -o F F  # each input F first" if $c->{presort};
  my $cmd = "LC_ALL=$c->{loc} $c->{prog} " . join ' ', map { sq ($_) } argv ($c);
  my $om = $c->{outmode} // 'file';
  $cmd .= {file => '', pipe => ' | cat', full => ' >/dev/full',
           self => ' >>' . first_name ($c)}->{$om};
  $cmd = "printf '" . pf ($c->{stdin} // '') . "' | $cmd"
    if defined $c->{stdin} || ($c->{inmode} // '') eq 'pipe';
  $cmd .= "; cat $c->{out}" if $c->{out};
  $cmd .= '; cat ' . first_name ($c) if $om eq 'self';
  return join (' && ', @p) . " && $cmd; echo \"status \$?\"";
}

# ------------------------------------------------------------- shrinking
sub copy_case {
  my ($c) = @_;
  my %n = %$c;
  $n{opts} = [@{$c->{opts}}];
  $n{operands} = [@{$c->{operands} // []}];
  $n{files} = [map { {%$_} } @{$c->{files}}];
  return \%n;
}

# Smaller variants of C, each one step away.
sub smaller {
  my ($c) = @_;
  my @v;
  for my $i (0 .. $#{$c->{operands}}) {
    my $n = copy_case ($c);
    splice @{$n->{operands}}, $i, 1;
    push @v, $n;
  }
  for my $i (0 .. $#{$c->{opts}}) {
    my $n = copy_case ($c);
    my $k = $c->{opts}[$i] =~ /^-[ktSoT]$/ ? 2 : 1;
    splice @{$n->{opts}}, $i, $k;
    delete $n->{out} if $c->{opts}[$i] eq '-o';
    push @v, $n;
  }
  if (defined $c->{stdin}) {
    my $n = copy_case ($c);
    delete $n->{stdin};
    push @v, $n;
  }
  for my $fi (-1 .. $#{$c->{files}}) {
    my $d = $fi < 0 ? $c->{stdin} : $c->{files}[$fi]{data};
    next unless defined $d && length $d;
    my @l = split /(?<=[\n\0])/, $d;
    for my $li (0 .. $#l) {
      my $n = copy_case ($c);
      my @m = @l;
      splice @m, $li, 1;
      if ($fi < 0) { $n->{stdin} = join '', @m }
      else { $n->{files}[$fi]{data} = join '', @m }
      push @v, $n;
    }
  }
  return @v;
}

sub shrink {
  my ($c) = @_;
  my $tries = 0;
  OUTER: while ($tries < 400) {
    for my $n (smaller ($c)) {
      $tries++;
      my ($bad) = check ($n);
      if ($bad) { $c = $n; next OUTER }
      last OUTER if $tries >= 400;
    }
    last;
  }
  return $c;
}

# ------------------------------------------------------------- main
sub show {
  my ($name, $s) = @_;
  $s = substr ($s, 0, 600) . '...' if length $s > 600;
  return "  $name:\n" . join ('', map { "      | $_\n" } split /\n/, pf ($s));
}

print "random: seed $seed, mode $mode, locales @locales\n";
my ($n, $bad, @skipped) = (0, 0);
my $t0 = time;
for (my $i = $only // 1; ; $i++) {
  last if defined $only && $i > $only;
  last if defined $cases && $i > $cases;
  last if defined $seconds && time - $t0 > $seconds;
  srand (($seed * 1000003 + $i * 7919) % 4294967291);
  my $c = $mode eq 'sort' ? sort_case () : cat_case ();
  $c->{loc} = pick (@locales);
  $c->{inmode} = 'pipe' if chance (0.3);
  $c->{outmode} = pick ('pipe', 'pipe', 'full', $mode eq 'cat' ? 'self' : 'pipe')
    if chance (0.25);
  $n++;
  print repro ($c), "\n" if $ENV{RANDOM_VERBOSE};
  my ($m, $e, $g) = check ($c);
  if ($c->{skipped}) {
    push @skipped, $i;
    print "skipped: the reference timed out twice: ", repro ($c), "\n";
    next;
  }
  next unless $m;
  $bad++;
  my $s = $bad <= 5 ? shrink ($c) : $c;
  my ($m2, $e2, $g2) = check ($s);
  ($s, $e2, $g2) = ($c, $e, $g) unless $m2;
  my $t = "=== mismatch: seed $seed case $i\n  " . repro ($s) . "\n"
    . "  status: reference $e2->{st}, ours $g2->{st}\n";
  for my $k (qw(out err file)) {
    next if $e2->{$k} eq $g2->{$k};
    $t .= show ("$k (reference)", $e2->{$k}) . show ("$k (ours)", $g2->{$k});
  }
  print $t;
}
remove_tree ("$work/t");
print "random: seed $seed: $n cases in ", time - $t0, "s, $bad mismatches",
  (@skipped ? ", " . scalar (@skipped) . " skipped (cases @skipped)" : ''), "\n";
exit ($bad ? 1 : 0);
