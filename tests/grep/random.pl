#!/usr/bin/perl
# tests/grep/random.pl: the random differential tester of whole grep
# command lines (issue 27).  From a seed it makes, case by case, a small
# tree of files (text, binary, invalid UTF-8, CRLF, long lines, symlinks,
# FIFOs, unreadable files, odd names), a pattern from a BRE/ERE/-F/-P
# grammar and a command line from the whole of grep 3.8's --help; runs the
# reference (GNU grep, or 'grep -P -a' in grab mode) once and ours at each
# thread count, and compares standard output, standard error and the exit
# status byte for byte.  A mismatch is shrunk (options, operands, files,
# pattern, lines, bytes) while it persists, and printed as a shell command
# that rebuilds the files with printf and runs grep.  Core Perl only.
#
# Usage: perl random.pl  (from tests/grep/random.sh, which sets the
# environment below and makes the gnu/ and ours/ links).
#   RANDOM_SEED      seed (the case stream is a function of it alone)
#   RANDOM_CASES     number of cases, or
#   RANDOM_SECONDS   time budget (both: whichever ends first)
#   RANDOM_CASE      run only this case number (replay)
#   RANDOM_MODE      grep (default) or grab
#   RANDOM_TIMEOUT   seconds a run may take (10)
#   RANDOM_SHRINK_SECONDS  time to shrink one mismatch (20)
#   RANDOM_SHRINK    how many mismatches to shrink (default 3; the rest
#                    are counted and printed unshrunk)
#   RANDOM_LOG       file to append every mismatch report to
#   RANDOM_ALLOW     the allowlist file (tests/grep/random-allow.txt)
#   REF_DIR OURS_DIR directories holding 'grep' (or 'grab') to run
#   RANDOM_THREADS   our thread counts ("1 4")
use strict;
use warnings;
# Only modules of perl-base (Essential on Debian): no Time::HiRes.
use POSIX qw(mkfifo :sys_wait_h);
use File::Path qw(remove_tree make_path);

my $seed = $ENV{RANDOM_SEED} // 27;
my $max_cases = $ENV{RANDOM_CASES};
my $seconds = $ENV{RANDOM_SECONDS};
# make check's default: a fixed number of cases, whatever the machine's
# speed (a time budget made the batch shrink under load): 100 (about
# 15 s), or 1000 with RUN_EXPENSIVE_TESTS=yes (CI).
if (!defined $max_cases && !defined $seconds) {
  $max_cases = ($ENV{RUN_EXPENSIVE_TESTS} // '') eq 'yes' ? 1000 : 100;
  print "sample: $max_cases cases of seed $seed;",
    " RUN_EXPENSIVE_TESTS=yes runs 1000\n" if $max_cases < 1000;
}
my $only_case = $ENV{RANDOM_CASE};
my $mode = $ENV{RANDOM_MODE} // 'grep';
my $timeout = $ENV{RANDOM_TIMEOUT} // 10;
my $shrink_max = $ENV{RANDOM_SHRINK} // 3;
my $log = $ENV{RANDOM_LOG};
my $ref_dir = $ENV{REF_DIR} or die "REF_DIR unset\n";
my $ours_dir = $ENV{OURS_DIR} or die "OURS_DIR unset\n";
my @threads = split ' ', ($ENV{RANDOM_THREADS} // '1 4');
my $work = $ENV{RANDOM_WORK} // '.';
my $allow_file = $ENV{RANDOM_ALLOW};
my $prog = $mode eq 'grab' ? 'grab' : 'grep';

# Unreadable files only mean something where permissions are enforced: as
# root, such cases run as nobody through setpriv (init.cfg's
# require_unprivileged_ does the same).
my @as_nobody;
if ($> != 0) {
  @as_nobody = ();
} elsif (system ('setpriv --reuid=nobody --regid=nogroup --clear-groups true'
                 . ' >/dev/null 2>&1') == 0) {
  @as_nobody = qw(setpriv --reuid=nobody --regid=nogroup --clear-groups);
}
my $perm_ok = $> != 0 || @as_nobody;

# Locales: the C locale, UTF-8 ones and a Latin-1 one, those installed.
my @locales = ('C');
for my $l (['C.UTF-8', 'UTF-8'], ['en_US.UTF-8', 'UTF-8'],
           ['en_US', 'ISO-8859-1'], ['en_US.ISO-8859-1', 'ISO-8859-1']) {
  my $cm = `LC_ALL=$l->[0] locale charmap 2>/dev/null`;
  chomp $cm;
  push @locales, $l->[0] if $cm eq $l->[1];
}
my %latin1 = map { $_ => 1 } grep { /^en_US(\.ISO|$)/ } @locales;

my @allow;
if (defined $allow_file && open my $af, '<', $allow_file) {
  while (<$af>) {
    next if /^\s*(#|$)/;
    chomp;
    my ($re, $why) = split /\t+/, $_, 2;
    push @allow, [qr/$re/, $why // ''];
  }
}

# grab's letters for grep's: -n is grab's thread count (lines are
# numbered with --line-number); grep -P -a is the reference.
my %grab_long = ('-n' => '--line-number', '-L' => '--files-without-match',
                 '-H' => '--with-filename', '-s' => '--no-messages',
                 '-b' => '-O', '-I' => '--binary-files=without-match');
my $t_start = time;

# ---------------------------------------------------------------- random
sub rint ($) { int rand $_[0] }
sub pick { $_[rint scalar @_] }
sub chance ($) { rand () < $_[0] }
# pickw [w, value]...: weighted choice.
sub pickw {
  my $t = 0;
  $t += $_->[0] for @_;
  my $r = rand $t;
  for (@_) { return $_->[1] if ($r -= $_->[0]) < 0 }
  return $_[-1][1];
}

# ------------------------------------------------------------ file data
# Words in UTF-8 (é ß Kelvin-sign ſ İ ı emoji Σσς ﬀ), Latin-1 and ASCII,
# so that literals, case folding and word boundaries meet every kind.
my @words = (qw(foo bar baz qux ab abab aab abc cd xyz word words sword
  _id id_ x y z 123 4567 0 a.c a*c FOO Foo fOo Bar s S k K i I ss SS),
  "caf\xc3\xa9", "\xc3\xa9t\xc3\xa9", "stra\xc3\x9fe", "STRASSE",
  "\xe2\x84\xaaelvin", "kelvin", "\xc5\xbf", "\xc4\xb0stanbul", "\xc4\xb1",
  "\xf0\x9f\x98\x80", "\xc3\x89COLE", "\xc3\xa9cole", "\xce\xa3\xcf\x83\xcf\x82",
  "\xef\xac\x80", "caf\xe9", "\xc9T\xc9", "\xdf", "na\xefve", "\xe9", "\xb5");
# Invalid UTF-8: out of range, 5-byte, surrogate, overlong, truncated,
# stray continuation and bytes no UTF-8 has.
my @badseq = ("\xf4\x90\x80\x80", "\xf7\x87\x9e\xbb", "\xf8\x88\x80\x80\x80",
  "\xed\xa0\x80", "\xc0\xaf", "\xe0\x80\xaf", "\xc3", "\x80", "\xff", "\xfe",
  "\xe2\x84", "\xf0\x9f\x98");
my @seps = (' ', ' ', ' ', "\t", ', ', '.', '-', '(', ')', '  ', ':', '/');

sub gen_words_line {
  my $n = 1 + rint 6;
  my $s = '';
  for my $i (1 .. $n) {
    $s .= pick (@seps) if $i > 1;
    $s .= chance (0.1) ? pick (@badseq) : '' if chance (0.3);
    $s .= pick (@words);
  }
  $s = pick (@seps) . $s if chance (0.1);
  $s .= pick (@seps) if chance (0.1);
  $s =~ s/(.)/$1\0/ if chance (0.03);
  return $s;
}

sub gen_line {
  return pickw (
    [60, sub { gen_words_line () }],
    [8, sub { '' }],
    [4, sub { pick (' ', "\t", '  ') }],
    [8, sub { gen_words_line () . pick (@badseq) . gen_words_line () }],
    [3, sub { my $s = ''; $s .= gen_words_line () . ' ' while length $s < 1000 + rint 5000; $s }],
    [3, sub { pick (@words) }],
    [2, sub { 'a' x (1 + rint 40) . (chance (0.5) ? 'b' : '') }],
    [2, sub { gen_words_line () . "\0" . gen_words_line () }],
  )->();
}

# A file's bytes: lines, CRLF now and then, maybe no final newline, maybe
# a NUL (binary) near the start, in the middle or past the first buffer.
sub gen_content {
  my $kind = pickw ([70, 'text'], [10, 'binary'], [6, 'empty'],
                    [6, 'short'], [4, 'far'], [1, 'huge'], [2, 'sparse']);
  return '' if $kind eq 'empty';
  return pick (@words) . (chance (0.5) ? "\n" : '') if $kind eq 'short';
  my $crlf = chance (0.15);
  my $s = '';
  my $n = 1 + rint 25;
  for (1 .. $n) {
    $s .= gen_line ();
    $s .= ($crlf || chance (0.03)) ? "\r\n" : "\n";
  }
  if ($kind eq 'binary') {
    my $at = pick (0, rint (length $s), length $s);
    substr ($s, $at, 0) = "\0";
  } elsif ($kind eq 'far') {
    my $fill = (pick (@words) . "\n") x (6000 + rint 6000);
    $s = $s . $fill . "x\0" . gen_words_line () . "\n" . $s;
  } elsif ($kind eq 'sparse') {
    # A run of 8 KiB of NULs or more is written as a hole (write_data),
    # after, at or before grep's first read of 96 KiB, or at the end.
    my $fill = (pick (@words) . "\n") x rint (8000 + rint 12000);
    $s = $s . $fill . "\0" x (8192 + rint 40000)
      . (chance (0.7) ? gen_words_line () . "\n" . $s : '');
  } elsif ($kind eq 'huge') {
    my $w = gen_words_line () . ' ';
    $s .= $w x int ((200000 + rint 200000) / length $w) . "\n" . gen_line () . "\n";
  }
  chop $s if chance (0.2);
  return $s;
}

my @names = ('a', 'b.txt', 'c.c', 'sp ace.txt', '-dash', '--x', "\xc3\xa9.txt",
  "\xff.bin", 'x*y', 'q?', '[br]', '.hidden', "new\nline", "tab\tname",
  'back\\slash', 'colon:x', 'CAPS.TXT', 'f.d', 'e', 'zz', '-', 'd1.txt');

# ------------------------------------------------------------- patterns
my @mbchars = ("\xc3\xa9", "\xc3\x89", "\xc3\x9f", "\xe2\x84\xaa", "\xc5\xbf",
  "\xc4\xb0", "\xc4\xb1", "\xf0\x9f\x98\x80", "\xcf\x83", "\xcf\x82",
  "\xce\xa3", "\xe9", "\xdf");

sub word_piece {
  my $w = pick (@words);
  return $w if chance (0.6);
  my $a = rint length $w;
  return substr ($w, $a, 1 + rint (length ($w) - $a));
}

sub gen_bracket {
  my $s = '[';
  $s .= '^' if chance (0.3);
  $s .= ']' if chance (0.05);
  my $n = 1 + rint 3;
  for (1 .. $n) {
    $s .= pickw (
      [5, sub { pick ('a', 'b', 'o', 'f', 'x', '.', '*', '\\', ' ', '_') }],
      [3, sub { pick (@mbchars) }],
      [3, sub { pick ('a-z', '0-9', 'A-Z', 'a-f', "\xc3\xa0-\xc3\xbf", 'z-a') }],
      [4, sub { '[:' . pick (qw(alpha digit space upper lower punct alnum
                                 blank xdigit cntrl print graph)) . ':]' }],
      [2, sub { '[=' . pick ('a', 'e', "\xc3\xa9", 'k', 's') . '=]' }],
      [1, sub { '[.' . pick ('a', '-', 'space', 'hyphen') . '.]' }],
      [1, sub { '[:nope:]' }],
    )->();
  }
  $s .= '-' if chance (0.05);
  return chance (0.03) ? $s : "$s]";
}

# gen_re (ERE?, DEPTH): a BRE or an ERE.
sub gen_re {
  my ($ere, $d) = @_;
  my ($lp, $rp, $bar) = $ere ? ('(', ')', '|') : ('\\(', '\\)', '\\|');
  my @alts;
  my $nalt = chance (0.2) ? 2 + rint 2 : 1;
  my $groups = 0;
  for (1 .. $nalt) {
    my $s = '';
    if (chance (0.08)) { push @alts, ''; next }
    $s .= '^' if chance (0.12);
    for (1 .. 1 + rint 3) {
      my $atom = pickw (
        [30, sub { word_piece () }],
        [8, sub { '.' }],
        [10, sub { gen_bracket () }],
        [6, sub { pick ('\\w', '\\W', '\\s', '\\S') }],
        [6, sub { pick ('\\<', '\\>', '\\b', '\\B', '^', '$') }],
        [$d < 2 ? 8 : 0, sub { $groups++; $lp . gen_re ($ere, $d + 1) . $rp }],
        [$groups ? 5 : 1, sub { '\\' . (1 + rint ($groups + 1)) }],
        [4, sub { pick (@mbchars) }],
        [2, sub { pick ('\\.', '\\*', '\\[', '\\]', '\\^', '\\$', '\\\\') }],
        [1, sub { pick ('\\d', '\\%', '\\a', '\\ ', '\\/') }],
        [1, sub { pick ('*', '+', '?', '{1}', '\\{1\\}', '{', 'a{,2}', '()', '\\(\\)') }],
      )->();
      if (chance (0.25)) {
        my ($m, $n) = (rint 3, rint 4);
        $atom .= pick ('*', '*', $ere ? '+' : '\\+', $ere ? '?' : '\\?',
          $ere ? "{$m}" : "\\{$m\\}", $ere ? "{$m,}" : "\\{$m,\\}",
          $ere ? "{$m,$n}" : "\\{$m,$n\\}", $ere ? "{,$n}" : "\\{,$n\\}",
          '**', $ere ? '{99999}' : '\\{1');
      }
      $s .= $atom;
    }
    $s .= '$' if chance (0.12);
    push @alts, $s;
  }
  return join $bar, @alts;
}

sub gen_fixed {
  return pickw (
    [50, sub { word_piece () }],
    [10, sub { pick (@words) . pick (@seps) . pick (@words) }],
    [5, sub { '' }],
    [8, sub { pick (@mbchars) }],
    [5, sub { pick (@badseq) }],
    [6, sub { pick ('a.c', 'a*c', '[', '\\', '(foo)', '^foo', 'foo$', ' ') }],
    [5, sub { pick (@words) . "\n" . pick (@words) }],
  )->();
}

sub gen_pcre_re {
  my ($d) = @_;
  my @alts;
  for (1 .. (chance (0.2) ? 2 : 1)) {
    my $s = '';
    $s .= pick ('^', '\\A', '\\G') if chance (0.1);
    for (1 .. 1 + rint 3) {
      my $atom = pickw (
        [30, sub { my $w = word_piece (); $w =~ s/([.*+?()\[\]{}|\\^\$])/\\$1/g; $w }],
        [6, sub { '.' }],
        [8, sub { gen_bracket () }],
        [8, sub { pick ('\\w', '\\W', '\\s', '\\S', '\\d', '\\D', '\\h', '\\N',
                        '\\R', '\\X', '\\p{L}', '\\p{Lu}', '\\P{L}', '\\p{Ll}',
                        '\\x{e9}', '\\x{212a}', '\\xe9', '\\Q.*\\E', '\\C') }],
        [5, sub { pick ('\\b', '\\B', '^', '$', '\\z', '\\Z') }],
        [$d < 2 ? 8 : 0, sub { pick ('(', '(?:', '(?>', '(?<n>') . gen_pcre_re ($d + 1) . ')' }],
        [$d < 2 ? 5 : 0, sub { pick ('(?=', '(?!', '(?<=', '(?<!') . gen_pcre_re ($d + 1) . ')' }],
        [2, sub { '\\K' }],
        [2, sub { pick ('\\1', '\\k<n>', '(?1)') }],
        [4, sub { pick (@mbchars) }],
        [1, sub { pick ('(?', '\\p{Foo}', '[z-a]', '(?<=a+)', ')', '\\', '(*FOO)') }],
      )->();
      $atom .= pick ('*', '+', '?', '*?', '+?', '*+', '++', '{2}', '{1,3}', '{,2}')
        if chance (0.25);
      $s .= $atom;
    }
    $s .= '$' if chance (0.1);
    push @alts, $s;
  }
  return join '|', @alts;
}

sub gen_pcre {
  my $s = gen_pcre_re (0);
  if (chance (0.08)) {
    # catastrophic backtracking: PCRE2's limits
    $s = pick ('(a|aa)+$', '(\\w+\\s?)*$', '(.*a){12}x', '^(a+)+b', '(\\w*)*\\d');
  }
  if (chance (0.15)) {
    # (?x): blanks and comments are not part of the pattern
    my $c = pick (' ', ' # comment', $mode eq 'grab' ? ' ' : " # c\n", '  ');
    $s = "(?x)$s$c";
  }
  $s = pick ('(?i)', '(?s)', '(?m)', '(?-i)', '(?u)') . $s if chance (0.1);
  $s = pick ('(*UCP)', '(*UTF)', '(*UTF)(*UCP)', '(*CR)', '(*ANYCRLF)',
             '(*NO_START_OPT)', '(*LIMIT_MATCH=10)') . $s if chance (0.1);
  return $s;
}

sub gen_pattern {
  my ($matcher) = @_;
  return gen_fixed () if $matcher eq 'F';
  return gen_pcre () if $matcher eq 'P';
  return gen_re ($matcher eq 'E', 0);
}

# ---------------------------------------------------------- the case
# A case: {loc, env, opts => [[words]...], pats => [[words]...], pos
# (a positional pattern or undef), dd ('--' before the operands),
# operands, stdin (bytes, undef, or {yes => line}), out (file null full
# closed), nobody, files => [{path, type (f d l p), data, mode, target}]}.
# Everything a run needs is in it, so shrinking edits it and a
# reproduction prints it.

sub gen_num { pickw ([10, sub { rint 4 }], [2, sub { pick (-1, -3) }],
                     [1, sub { pick ('x', '', '99999999999999999999', '1k', '+2', ' 2') }])->() }

sub gen_colors {
  my @f;
  for (1 .. 1 + rint 4) {
    push @f, pickw (
      [6, sub { pick (qw(ms mc sl cx fn ln bn se mt)) . '=' . pick ('01;31', '1', '', '7', '4;32', 'x') }],
      [2, sub { pick ('rv', 'ne') }],
      [1, sub { pick ('zz=1', '=', 'ms', ':') }],
    )->();
  }
  return join ':', @f;
}

my @globs = ('*.txt', '*.c', '*', 'a*', '[ab]*', '*.TXT', 'd', 'e', '*/x',
  '.*', '-*', '\\*', 'sub*', 'd/e', '.', "\xc3\xa9*", '*e*', '?');

sub gen_case {
  my %c = (loc => pick (@locales), env => {}, opts => [], pats => [],
           pos => undef, dd => 0, operands => [], stdin => undef,
           out => 'file', nobody => 0, files => []);
  # The matcher.
  my $matcher = $mode eq 'grab' ? 'P'
    : pickw ([25, 'G'], [10, 'G!'], [25, 'E'], [20, 'F'], [20, 'P']);
  if ($matcher =~ s/!//) {
    push @{$c{opts}}, ['-G'];
  } elsif ($mode eq 'grep' && $matcher ne 'G') {
    push @{$c{opts}}, [pick ("-$matcher", "-$matcher", { E => '--extended-regexp',
      F => '--fixed-strings', P => '--perl-regexp' }->{$matcher})];
  }
  push @{$c{opts}}, [pick ('-E', '-F', '-G', '-P')] if $mode eq 'grep' && chance (0.03);
  # Options.
  my $nopt = pickw ([10, 0], [25, 1], [25, 2], [20, 3], [12, 4], [8, 6]);
  my ($rec, $fifo_ok, $dskip) = (0, 0, 0);
  my @o;
  for (1 .. $nopt) {
    my $o = pickw (
      [6, ['-i']], [1, ['-y']], [1, ['--no-ignore-case']], [6, ['-w']],
      [5, ['-x']], [3, ['-z']], [2, ['-s']], [6, ['-v']],
      [0.1, ['-V']], [0.1, ['--help']],
      [5, sub { my $n = gen_num (); pick (['-m', $n], ["--max-count=$n"], ["-m$n"]) }],
      [4, ['-b']], [6, ['-n']], [1, ['--line-buffered']], [4, ['-H']],
      [3, ['-h']], [1, ['--label=' . pick ('in', '', 'x y')]],
      [7, ['-o']], [3, ['-q']],
      [2, sub { ['--binary-files=' . pick (qw(binary text without-match bogus))] }],
      [3, ['-a']], [2, ['-I']],
      [2, sub { ['-d', pick (qw(read skip recurse nope))] }],
      [2, sub { ['-D', pick (qw(read skip skip nope))] }],
      [8, ['-r']], [4, ['-R']],
      [2, sub { ['--include=' . pick (@globs)] }],
      [2, sub { ['--exclude=' . pick (@globs)] }],
      [2, sub { ['--exclude-dir=' . pick (@globs)] }],
      [4, ['-L']], [5, ['-l']], [6, ['-c']], [3, ['-T']],
      [3, sub { [pick ('-Z', '--null')] }], [1, ['--null-data']],
      [4, sub { ['-A', gen_num ()] }], [4, sub { ['-B', gen_num ()] }],
      [4, sub { ['-C', gen_num ()] }], [3, sub { ['-' . (1 + rint 3)] }],
      [2, sub { ['--group-separator=' . pick ('::', '', '-', "\xc3\xa9")] }],
      [1, ['--no-group-separator']],
      [6, sub { ['--color=' . pick ('always', 'always', 'never', 'auto', 'bogus')] }],
      [1, ['-U']], [0.5, ['--binary']],
      [1, sub { [pick ('--bogus', '-X', '--co', '--line', '--context', '-e')] }],
      [1, sub { ['-' . join '', map { pick (qw(i n H c o v w x h l s b)) } 1 .. 2 + rint 2] }],
    );
    $o = $o->() if ref $o eq 'CODE';
    my @w = @$o;
    $rec = 1 if $w[0] =~ /^-[rR]$/ || "@w" eq '-d recurse';
    $dskip = 1 if "@w" eq '-D skip';
    push @{$c{opts}}, [@w];
  }
  # GNU reads a FIFO reached by the walk only under -D read; one named on
  # the command line, unless -D skip: both would wait forever.  Under -R,
  # GNU 3.8 opens (and waits on) a FIFO the walk finds unless -D skip
  # (seen: 'mkfifo f; grep -R x' hangs, 'grep -r x' does not); ours skips it.
  my $dread = grep { "@$_" eq '-D read' } @{$c{opts}};
  my $deref = grep { $_->[0] eq '-R' } @{$c{opts}};
  $fifo_ok = $dskip || ($rec && !$dread && !$deref);
  # Colours.
  if (chance (0.12)) {
    push @{$c{opts}}, ['--color=always'];
    $c{env}{GREP_COLORS} = gen_colors () if chance (0.7);
    $c{env}{GREP_COLOR} = pick ('1;32', '01;31', 'x', '') if chance (0.3);
  }
  $c{nobody} = 1 if $perm_ok && chance (0.08);
  # The tree.
  my @files;
  my %used;
  my $fresh = sub {
    my ($dir) = @_;
    for (1 .. 20) {
      my $n = pick (@names);
      my $p = $dir eq '' ? $n : "$dir/$n";
      next if $used{$p}++;
      return $p;
    }
    my $p = ($dir eq '' ? '' : "$dir/") . 'n' . rint 1e6;
    $used{$p} = 1;
    return $p;
  };
  my $nfile = 1 + rint 5;
  for (1 .. $nfile) {
    push @files, {path => $fresh->(''), type => 'f', data => gen_content ()};
  }
  my @dirs;
  if ($rec || chance (0.25)) {
    my ($d) = grep { !$used{$_} } map { pick ('d', 'sub', 'e', 'dir', 'sp ace') } 1 .. 5;
    $d //= 'dd';
    $used{$d} = 1;
    push @files, {path => $d, type => 'd'};
    push @dirs, $d;
    for (1 .. 1 + rint 4) {
      push @files, {path => $fresh->($d), type => 'f', data => gen_content ()};
    }
    if (chance (0.5) && !$used{"$d/e"}) {
      my $e = "$d/e";
      $used{$e} = 1;
      push @files, {path => $e, type => 'd'}, {path => $fresh->($e), type => 'f', data => gen_content ()};
      push @dirs, $e;
    }
    if (chance (0.15)) {
      # deep
      my $p = $d;
      for (1 .. 5 + rint 20) { $p .= "/" . pick ('x', 'y', 'sub'); push @files, {path => $p, type => 'd'} }
      push @files, {path => "$p/deep", type => 'f', data => gen_content ()};
    }
    if (chance (0.15)) {
      # wide
      my $w = "$d/wide";
      push @files, {path => $w, type => 'd'};
      for my $i (1 .. 20 + rint 60) {
        push @files, {path => "$w/w$i" . pick ('', '.txt', '.c'), type => 'f',
                      data => chance (0.7) ? pick (@words) . "\n" : gen_line () . "\n"};
      }
    }
  }
  # Symlinks: to a file, to a directory, dangling, looping.
  if (chance (0.3)) {
    for (1 .. 1 + rint 2) {
      my $dir = @dirs && chance (0.4) ? pick (@dirs) : '';
      my $p = $fresh->($dir);
      my $up = $dir eq '' ? '' : '../' x (($dir =~ tr{/}{}) + 1);
      my $t = pickw (
        [4, sub { $up . $files[rint $nfile]{path} }],
        [@dirs ? 3 : 0, sub { $up . pick (@dirs) }],
        [2, sub { 'nosuch' }],
        [2, sub { $p =~ s{.*/}{}r }],
        [@dirs ? 2 : 0, sub { $dir eq '' ? '.' : '..' }],
      )->();
      push @files, {path => $p, type => 'l', target => $t};
    }
    if (chance (0.2)) {
      push @files, {path => 'loop1', type => 'l', target => 'loop2'},
                   {path => 'loop2', type => 'l', target => 'loop1'};
    }
  }
  if ($fifo_ok && chance (0.3)) {
    push @files, {path => $fresh->(@dirs && chance (0.5) ? pick (@dirs) : ''), type => 'p'};
  }
  if ($c{nobody}) {
    for my $f (grep { $_->{type} =~ /[fd]/ } @files) {
      $f->{mode} = pick (0, 0, 0200, 0311) if chance (0.3);
    }
  }
  # Patterns.
  # grep -P takes one pattern: grab is compared on one.
  my $npat = $mode eq 'grab' ? pickw ([90, 1], [10, 'f'])
    : pickw ([75, 1], [12, 2], [5, 3], [8, 'f'], [0.5, 0]);
  my $m = $matcher;
  if ($npat eq 'f') {
    my @l;
    for (1 .. ($mode eq 'grab' ? 1 : rint 5)) { push @l, chance (0.15) ? '' : gen_pattern ($m) }
    push @l, $l[0] if @l && chance (0.2) && $mode ne 'grab';
    my $nl = chance (0.15) ? "\r\n" : "\n";
    my $data = join ($nl, @l) . (chance (0.8) && @l ? $nl : '');
    my $pf = pick ('pats', 'p 2', '-p');
    push @files, {path => $pf, type => 'f', data => $data};
    push @{$c{pats}}, pick (['-f', $pf], ["--file=$pf"], ['-f', "./$pf"]);
    push @{$c{pats}}, ['-f', 'nosuch'] if chance (0.05);
    push @{$c{pats}}, ['-f', '-'] if chance (0.1);
    push @{$c{pats}}, ['-e', gen_pattern ($m)] if chance (0.2) && $mode ne 'grab';
  } elsif ($npat == 1 && chance (0.6)) {
    $c{pos} = gen_pattern ($m);
  } else {
    for (1 .. $npat) {
      push @{$c{pats}}, pick (['-e', gen_pattern ($m)], ['--regexp=' . gen_pattern ($m)]);
    }
  }
  # Operands.
  my @top = grep { $_->{path} !~ m{/} } @files;
  my @ops;
  my $nops = $rec ? pickw ([30, 0], [40, 1], [30, 2]) : pickw ([15, 0], [35, 1], [30, 2], [20, 4]);
  for (1 .. $nops) {
    my $f = pick (@files);
    next if $f->{type} eq 'p' && !$dskip;
    next if $f->{type} eq 'l' && !$dskip && !defined $f->{target};
    my $p = $f->{path};
    $p = pick ("$p///", "./$p//", "$p/", "./$p", $p) if $f->{type} eq 'd' || chance (0.1);
    $p = pick ("./$p", $p) if $p =~ /^-/;
    push @ops, $p;
  }
  push @ops, pick ('nosuch', 'no/such', 'd/nosuch') if chance (0.06);
  push @ops, '-' if chance (0.06);
  push @ops, '.' if $rec && chance (0.1);
  $c{operands} = \@ops;
  $c{dd} = 1 if chance (0.1) || grep { /^-./ } @ops;
  # Symlinks to FIFOs would be FIFOs on the command line.
  if (!$dskip) {
    my %fifo = map { $_->{path} => 1 } grep { $_->{type} eq 'p' } @files;
    for my $l (grep { $_->{type} eq 'l' } @files) {
      delete $l->{target}, $l->{type} = 'gone' if $fifo{$l->{target} =~ s{^(\.\./)+}{}r};
    }
    @{$c{files}} = grep { $_->{type} ne 'gone' } @files;
  } else {
    $c{files} = \@files;
  }
  $c{files} = [grep { $_->{type} ne 'gone' } @files];
  # Standard input.
  if (!@ops || grep { $_ eq '-' } @ops, map { @$_ } @{$c{pats}}) {
    $c{stdin} = pickw ([85, sub { gen_content () }],
                       [2, sub { {yes => gen_words_line ()} }],
                       [3, sub { {dir => 1} }])->();
  }
  $c{out} = pickw ([92, 'file'], [4, 'null'], [2, 'full'], [2, 'closed'],
                   [$mode eq 'grep' ? 3 : 0, 'self']);
  if ($c{out} eq 'self') {
    # Output appended to a file being searched: GNU says "input file is
    # also the output" (by inode, so also through a symlink or -r).
    my @f = grep { $_->{type} eq 'f' } @{$c{files}};
    $c{out} = @f ? 'self:' . pick (@f)->{path} : 'file';
  }
  # Options after the operands (getopt permutes them, unless
  # POSIXLY_CORRECT).
  if (@{$c{opts}} && chance (0.08)) {
    $c{late} = [splice @{$c{opts}}, rint (scalar @{$c{opts}}), 1];
  }
  $c{env}{POSIXLY_CORRECT} = '1' if chance (0.03);
  push @{$c{operands}}, $c{operands}[0] if @{$c{operands}} && chance (0.05);
  if (chance (0.03)) {
    push @{$c{files}}, {path => 'ex', type => 'f',
                        data => join ("\n", map { pick (@globs) } 0 .. rint 3) . "\n"};
    push @{$c{opts}}, [pick ('--exclude-from=ex', '--exclude-from=nosuch')];
  }
  # An endless input: only where GNU stops by itself.
  if (ref $c{stdin} eq 'HASH' && $c{stdin}{yes}) {
    push @{$c{opts}}, ['-q'];
  }
  return \%c;
}

# ---------------------------------------------------------- running
sub argv_of {
  my ($c) = @_;
  my @a = map { @$_ } @{$c->{opts}}, @{$c->{pats}};
  push @a, $c->{pos} if defined $c->{pos};
  push @a, '--' if $c->{dd};
  push @a, @{$c->{operands}};
  push @a, map { @$_ } @{$c->{late} // []};
  return @a;
}

sub set_mode_tree {
  # Make everything writable again so that the tree can be removed.
  my ($dir) = @_;
  return unless -d $dir && !-l $dir;
  chmod 0755, $dir;
  opendir my $dh, $dir or return;
  for (readdir $dh) {
    next if $_ eq '.' || $_ eq '..';
    my $p = "$dir/$_";
    set_mode_tree ($p) if -d $p && !-l $p;
  }
}

# Write DATA to FH and close it; a run of 8 KiB of NULs or more is left
# as a hole (it reads back as NULs, and grep 3.8 asks lseek for holes:
# tests/grep/holes.sh).
sub write_data {
  my ($fh, $data) = @_;
  binmode $fh;
  for my $piece (split /(\0{8192,})/, $data) {
    if ($piece =~ /^\0{8192}/) { sysseek $fh, length $piece, 1 or die "seek: $!" }
    else { syswrite ($fh, $piece) == length $piece or die "write: $!" }
  }
  truncate $fh, length $data or die "truncate: $!";
  close $fh;
}

my $tree = "$work/t";
sub realize {
  my ($c) = @_;
  if (-e $tree) {
    set_mode_tree ($tree) if $> != 0;
    remove_tree ($tree);
  }
  mkdir $tree or die "mkdir $tree: $!";
  chmod 0755, $tree;
  for my $f (sort { ($a->{type} ne 'd') <=> ($b->{type} ne 'd') } @{$c->{files}}) {
    my $p = "$tree/$f->{path}";
    my $dir = $p =~ s{/[^/]*$}{}r;
    make_path ($dir) unless -d $dir;
    if ($f->{type} eq 'd') {
      make_path ($p) unless -d $p;
    } elsif ($f->{type} eq 'f') {
      open my $fh, '>', $p or do { warn "$p: $!"; next };
      write_data ($fh, $f->{data});
    } elsif ($f->{type} eq 'l') {
      symlink $f->{target}, $p or warn "symlink $p: $!";
    } elsif ($f->{type} eq 'p') {
      mkfifo ($p, 0644) or warn "mkfifo $p: $!";
    }
  }
  for my $f (reverse @{$c->{files}}) {
    chmod $f->{mode}, "$tree/$f->{path}" if defined $f->{mode} && $f->{type} =~ /[fd]/;
  }
  if (defined $c->{stdin} && !ref $c->{stdin}) {
    open my $fh, '>', "$work/stdin" or die;
    write_data ($fh, $c->{stdin});
  }
}

sub slurp {
  my ($p) = @_;
  open my $fh, '<', $p or return '';
  binmode $fh;
  local $/;
  my $s = <$fh>;
  return $s // '';
}

# run_one (CASE, WHO, THREADS, TIMEOUT): {out, err, st} where st is the
# exit status, "timeout" or "signal N".  The tree must be realized.
sub run_one {
  my ($c, $who, $n, $tmo) = @_;
  # Each run appends to a file of the tree: a fresh tree for each.
  realize ($c) if $c->{out} =~ /^self:/;
  my $dir = $who eq 'ref' ? $ref_dir : $ours_dir;
  my @cmd = ($prog);
  my @argv = argv_of ($c);
  if ($mode eq 'grab') {
    if ($who eq 'ref') {
      @cmd = ('grep', '-P', '-a');
    } else {
      @cmd = ('grab', '-n', $n);
      @argv = grab_argv ($c);
    }
  }
  my ($yes_pid, $rd, $wr);
  if (ref $c->{stdin} eq 'HASH' && $c->{stdin}{yes}) {
    pipe $rd, $wr or die;
    $yes_pid = fork // die;
    if (!$yes_pid) {
      close $rd;
      open STDOUT, '>&', $wr;
      $SIG{PIPE} = 'DEFAULT';
      { exec 'yes', '--', $c->{stdin}{yes} };
      POSIX::_exit (127);
    }
    close $wr;
  }
  my $pid = fork // die "fork: $!";
  if (!$pid) {
    chdir $tree or POSIX::_exit (126);
    $ENV{PATH} = "$dir:$ENV{PATH}";
    $ENV{LC_ALL} = $c->{loc};
    $ENV{OMP_NUM_THREADS} = $n if $who eq 'ours';
    delete @ENV{qw(GREP_COLORS GREP_COLOR GREP_OPTIONS POSIXLY_CORRECT)};
    $ENV{$_} = $c->{env}{$_} for keys %{$c->{env}};
    if ($yes_pid) {
      open STDIN, '<&', $rd;
    } elsif (ref $c->{stdin} eq 'HASH') {
      open STDIN, '<', '.';
    } elsif (defined $c->{stdin}) {
      open STDIN, '<', "../stdin";
    } else {
      open STDIN, '<', '/dev/null';
    }
    my $o = $c->{out};
    if ($o eq 'file') { open STDOUT, '>', "../out.$who" }
    elsif ($o eq 'null') { open STDOUT, '>', '/dev/null' }
    elsif ($o eq 'full') { open STDOUT, '>', '/dev/full' }
    elsif ($o =~ /^self:(.*)/s) {
      # As the shell does: no command when the redirection fails.
      open STDOUT, '>>', $1 or do { print STDERR "$1: $!\n"; POSIX::_exit (125) };
    }
    else { close STDOUT }
    open STDERR, '>', "../err.$who";
    $SIG{PIPE} = 'DEFAULT';
    my @priv = $c->{nobody} ? @as_nobody : ();
    { exec 'timeout', '-k', '2', $tmo, @priv, @cmd, @argv };
    POSIX::_exit (127);
  }
  close $rd if $rd;
  waitpid $pid, 0;
  my $st = $?;
  if ($yes_pid) { kill 'KILL', $yes_pid; waitpid $yes_pid, 0 }
  my $status;
  if ($st & 127) { $status = 'signal ' . ($st & 127) }
  else {
    $status = $st >> 8;
    $status = 'timeout' if $status == 124 || $status == 137;
  }
  my %r = (st => $status, err => slurp ("$work/err.$who"));
  $r{out} = $c->{out} eq 'file' ? slurp ("$work/out.$who")
    : $c->{out} =~ /^self:(.*)/s ? slurp ("$tree/$1") : '';
  unlink "$work/out.$who", "$work/err.$who";
  return \%r;
}

sub differs {
  my ($e, $g) = @_;
  return $e->{st} ne $g->{st} || $e->{out} ne $g->{out} || $e->{err} ne $g->{err};
}

# In grab mode the reference's messages say grep: where grab's say grab:,
# and grab prints files in the order they finish: lines are compared
# sorted when the raw bytes differ (as tests/lib/grab-diff.sh does).
sub sorted_lines { join "\n", sort split /[\n\0]/, $_[0], -1 }
sub grab_normalize {
  my ($e, $g, $n, $c) = @_;
  $e->{err} =~ s/^grep:/grab:/mg;
  $e->{err} =~ s/^Try 'grep --help'/Try 'grab --help'/mg;
  # grab names the pattern and the offset in a compile error, on purpose.
  $g->{err} = $e->{err}
    if $e->{st} eq '2' && $g->{st} eq '2' && $g->{err} =~ /^grab: .* at offset \d+$/m
       && $e->{err} =~ /^grab: [^\n]*\n\z/;
  for my $k ('out', 'err') {
    $g->{$k} = $e->{$k}
      if $e->{$k} ne $g->{$k} && sorted_lines ($e->{$k}) eq sorted_lines ($g->{$k});
  }
  # Files searched in parallel without --sort=path (README, "What is
  # different from grep"): a PCRE2 limit or error ends the run as in
  # grep, but which file meets it first, and so what came out before it,
  # is timing's; so are the messages -q's early stop leaves out.
  my $unordered = 1 < $n && !grep { $_ eq '--sort=path' } grab_argv ($c);
  # (A name may hold a newline: the message's line need not start it.)
  my $fatal = qr/: (?:exceeded PCRE's|internal PCRE error)/;
  if ($unordered && $e->{st} eq '2' && $g->{st} eq '2'
      && $e->{err} =~ $fatal && $g->{err} =~ $fatal) {
    $g->{$_} = $e->{$_} for 'out', 'err';
  }
  if ($unordered && $e->{st} eq $g->{st} && $e->{out} eq $g->{out}
      && grep { /^-(?:q|-quiet|-silent)$/ } grab_argv ($c)) {
    $g->{err} = $e->{err};
  }
  # Whether a context group starts with "--" depends on whether output
  # came before it, from another file too: in parallel, which file comes
  # out first is timing's (CI seed 1796551232 case 4719: a binary file's
  # match, which counts as output, before or after standard input's).
  if ($unordered && $e->{st} eq $g->{st} && $e->{out} ne $g->{out}) {
    my $sep = qr/^(?:\e\[[0-9;]*m\e\[K)?--(?:\e\[m\e\[K)?\n/m;
    my ($x, $y) = ($e->{out}, $g->{out});
    s/$sep//g for $x, $y;
    $g->{out} = $e->{out} if sorted_lines ($x) eq sorted_lines ($y);
  }
  # A failed write's "write error" names the errno only if output was
  # still pending at exit, that is, if no diagnostic came after the last
  # output; in parallel, which came last is timing's (CI seed 1796547240
  # case 2808: 'grab -n 4 -c P a a/// >/dev/full'), and so is the order
  # of the messages before it (seed 1796550092 case 9800).
  if ($unordered && $e->{st} eq $g->{st}) {
    my $we = qr/^(grab: write error)(?:: [^\n]*)?$/m;
    my ($x, $y) = ($e->{err}, $g->{err});
    s/$we/$1/g for $x, $y;
    $g->{err} = $e->{err} if sorted_lines ($x) eq sorted_lines ($y);
  }
}

# A mismatch's shape: shrinking keeps it, so that it does not drift to
# another difference (say, from a wrong line to a usage message).
sub shape {
  my ($e, $g) = @_;
  return join ',', $e->{st}, $g->{st}, $e->{out} ne $g->{out} ? 'O' : '',
    $e->{err} ne $g->{err} ? 'E' : '', $e->{err} =~ /^Usage:/ ? 'U' : '';
}

# check (CASE, THREADS...): the first thread count at which ours differs,
# with both results; () when all agree or the reference timed out.
sub check {
  my ($c, $tmo, @ns) = @_;
  realize ($c);
  my $e = run_one ($c, 'ref', 1, $tmo);
  return () if $e->{st} eq 'timeout';
  for my $n (@ns) {
    my $g = run_one ($c, 'ours', $n, $tmo);
    grab_normalize ($e, $g, $n, $c) if $mode eq 'grab';
    return ($n, $e, $g) if differs ($e, $g);
  }
  return ();
}

# ---------------------------------------------------------- shrinking
sub clone {
  my ($x) = @_;
  return $x unless ref $x;
  return [map { clone ($_) } @$x] if ref $x eq 'ARRAY';
  return {map { $_ => clone ($x->{$_}) } keys %$x} if ref $x eq 'HASH';
  return $x;
}

# Candidates smaller than CASE, as closures returning a modified copy.
sub lines_of { my ($s) = @_; return $s =~ /\G([^\n]*\n|[^\n]+)/g }

sub shrink {
  my ($c, $n, $sig) = @_;
  # A hang is seen in 2 s as well as in 10: shrink it faster.
  my $tmo = $sig =~ /timeout/ ? 2 : $timeout < 4 ? $timeout : 4;
  my $tries = 0;
  my $t0 = time;
  my $limit = $ENV{RANDOM_SHRINK_SECONDS} // 20;
  # Within the run's time budget, if it has one (but 5 s at least).
  if (defined $seconds) {
    my $left = $seconds - (time - $t_start);
    $limit = $left < 5 ? 5 : $left if $left < $limit;
  }
  my $ok = sub {
    my ($cand) = @_;
    return 0 if $tries >= 1500 || time - $t0 > $limit;
    $tries++;
    my ($m, $e, $g) = check ($cand, $tmo, $n);
    return $m && shape ($e, $g) eq $sig;
  };
  # ddmin over a list held in a closure pair (get, set).
  my $ddmin = sub {
    my ($get, $set) = @_;
    my @l = @{$get->($c)};
    my $size = int (@l / 2) || 1;
    while (@l) {
      my $i = 0;
      my $progress = 0;
      while ($i < @l) {
        my @t = @l;
        splice @t, $i, $size;
        my $cand = clone ($c);
        $set->($cand, \@t);
        if ($ok->($cand)) { $c = $cand; @l = @t; $progress = 1 }
        else { $i += $size }
      }
      last if $size == 1 && !$progress;
      $size = int ($size / 2) || 1;
    }
  };
  my $changed = 1;
  while ($changed && $tries < 1500 && time - $t0 <= $limit) {
    $changed = 0;
    my $before = repro ($c);
    for my $k (sort keys %{$c->{env}}) {
      my $cand = clone ($c);
      delete $cand->{env}{$k};
      $c = $cand if $ok->($cand);
    }
    for my $l ('C', grep { $_ ne 'C' } @locales) {
      last if $c->{loc} eq $l;
      my $cand = clone ($c);
      $cand->{loc} = $l;
      if ($ok->($cand)) { $c = $cand; last }
    }
    if ($c->{nobody}) {
      my $cand = clone ($c);
      $cand->{nobody} = 0;
      $c = $cand if $ok->($cand);
    }
    $ddmin->(sub { $_[0]{opts} }, sub { $_[0]{opts} = $_[1] });
    $ddmin->(sub { $_[0]{late} // [] }, sub { $_[0]{late} = $_[1] });
    # Split a cluster of short options (-inH) into its letters.
    for my $i (0 .. $#{$c->{opts}}) {
      my $w = $c->{opts}[$i];
      next unless @$w == 1 && $w->[0] =~ /^-([a-zA-Z]{2,})$/;
      my $cand = clone ($c);
      splice @{$cand->{opts}}, $i, 1, map { ["-$_"] } split //, $1;
      if ($ok->($cand)) { $c = $cand; last }
    }
    $ddmin->(sub { $_[0]{pats} }, sub { $_[0]{pats} = $_[1] })
      if @{$c->{pats}} > 1 || defined $c->{pos};
    $ddmin->(sub { $_[0]{operands} }, sub { $_[0]{operands} = $_[1] });
    for my $i (0 .. $#{$c->{operands}}) {
      my $o = $c->{operands}[$i];
      my $s = $o =~ s{/+$}{}r =~ s{^\./(?=.)}{}r;
      next if $s eq $o || $s =~ /^-/;
      my $cand = clone ($c);
      $cand->{operands}[$i] = $s;
      $c = $cand if $ok->($cand);
    }
    if ($c->{dd}) {
      my $cand = clone ($c);
      $cand->{dd} = 0;
      $c = $cand if $ok->($cand);
    }
    # Files, deepest first (a directory goes with what it holds).
    for my $p (sort { $b cmp $a } map { $_->{path} } @{$c->{files}}) {
      next unless grep { $_->{path} eq $p } @{$c->{files}};
      my $cand = clone ($c);
      $cand->{files} = [grep { $_->{path} ne $p && index ($_->{path}, "$p/") != 0 } @{$cand->{files}}];
      $c = $cand if $ok->($cand);
    }
    for my $i (0 .. $#{$c->{files}}) {
      next unless defined $c->{files}[$i]{mode};
      my $cand = clone ($c);
      delete $cand->{files}[$i]{mode};
      $c = $cand if $ok->($cand);
    }
    # Patterns: drop pieces of the string.
    my @pslots;
    push @pslots, [sub { \$_[0]{pos} }] if defined $c->{pos};
    for my $i (0 .. $#{$c->{pats}}) {
      my $w = $c->{pats}[$i];
      if (@$w == 2 && $w->[0] eq '-e') {
        push @pslots, [sub { \$_[0]{pats}[$i][1] }];
      } elsif (@$w == 1 && $w->[0] =~ /^--regexp=/) {
        my $cand = clone ($c);
        $cand->{pats}[$i] = ['-e', substr ($w->[0], 9)];
        if ($ok->($cand)) { $c = $cand; push @pslots, [sub { \$_[0]{pats}[$i][1] }] }
      }
    }
    for my $slot (@pslots) {
      my $ref = $slot->[0];
      $ddmin->(sub { [split //, ${$ref->($_[0])}] },
               sub { ${$ref->($_[0])} = join '', @{$_[1]} });
    }
    # Pattern files, standard input and files: lines, then bytes.
    my @dslots;
    for my $i (0 .. $#{$c->{files}}) {
      push @dslots, sub { \$_[0]{files}[$i]{data} } if $c->{files}[$i]{type} eq 'f';
    }
    push @dslots, sub { \$_[0]{stdin} } if defined $c->{stdin} && !ref $c->{stdin};
    for my $ref (@dslots) {
      next if ${$ref->($c)} eq '';
      # A long file first in halves of its bytes.
      while (length ${$ref->($c)} > 4096) {
        my $s = ${$ref->($c)};
        my $h = int (length ($s) / 2);
        my $done = 0;
        for my $t (substr ($s, 0, $h), substr ($s, $h)) {
          my $cand = clone ($c);
          ${$ref->($cand)} = $t;
          if ($ok->($cand)) { $c = $cand; $done = 1; last }
        }
        last unless $done;
      }
      $ddmin->(sub { [lines_of (${$ref->($_[0])})] },
               sub { ${$ref->($_[0])} = join '', @{$_[1]} });
      # Long lines in halves, then bytes.
      for my $round (1 .. 12) {
        my @l = lines_of (${$ref->($c)});
        my $done = 0;
        for my $j (0 .. $#l) {
          my $x = $l[$j];
          my $nl = $x =~ s/\n\z// ? "\n" : '';
          next if length $x < 48;
          my $h = int (length ($x) / 2);
          for my $t (substr ($x, 0, $h), substr ($x, $h)) {
            my @t = @l;
            $t[$j] = $t . $nl;
            my $cand = clone ($c);
            ${$ref->($cand)} = join '', @t;
            if ($ok->($cand)) { $c = $cand; $done = 1; last }
          }
          last if $done;
        }
        last unless $done;
      }
      if (length ${$ref->($c)} <= 600) {
        $ddmin->(sub { [split //, ${$ref->($_[0])}] },
                 sub { ${$ref->($_[0])} = join '', @{$_[1]} });
      }
    }
    $changed = repro ($c) ne $before;
  }
  return ($c, $tries);
}

# ---------------------------------------------------------- reproduction
# Shell words for bytes: plain ones quoted, others through printf (with a
# guard character, since $(...) drops trailing newlines).
sub sq { my ($s) = @_; $s =~ s/'/'\\''/g; return "'$s'" }
sub pf {
  my ($s) = @_;
  $s =~ s/([^ -~]|[\\'%])/sprintf ('\\%03o', ord $1)/ge;
  return $s;
}
sub plain { $_[0] =~ /^[ -~]*$/ }

sub repro {
  my ($c) = @_;
  my @pre = ('cd "$(mktemp -d)"');
  push @pre, 'chmod 755 .' if $c->{nobody};
  # Directories: only the deepest, with -p.
  my %parent;
  for my $f (@{$c->{files}}) {
    my @p = split m{/}, $f->{path};
    pop @p if $f->{type} ne 'd';
    $parent{join '/', @p[0 .. $_]} = 1 for 0 .. $#p - 1;
    $parent{$f->{path} =~ s{/[^/]*$}{}r} = 1 if $f->{type} eq 'd' && $f->{path} =~ m{/};
  }
  my %made;
  for my $f (@{$c->{files}}) {
    my $p = $f->{path};
    my $qp = plain ($p) ? sq ($p) : "\"\$(printf '" . pf ($p) . "')\"";
    my $dir = $p =~ m{/} ? $p =~ s{/[^/]*$}{}r : undef;
    if ($f->{type} ne 'd' && defined $dir && !$made{$dir}++) {
      push @pre, 'mkdir -p ' . (plain ($dir) ? sq ($dir) : "\"\$(printf '" . pf ($dir) . "')\"");
    }
    if ($f->{type} eq 'd') { push @pre, "mkdir -p $qp" unless $parent{$p} || $made{$p}++ }
    elsif ($f->{type} eq 'f') {
      my $d = $f->{data};
      if ($d =~ /\0{8192}/) {
        # With its holes, as write_data makes them.
        my $op = '>';
        for my $piece (split /(\0{8192,})/, $d) {
          if ($piece =~ /^\0{8192}/) { push @pre, sprintf ('truncate -s +%d %s', length $piece, $qp) }
          else { push @pre, "printf '" . pf ($piece) . "' $op$qp" }
          $op = '>>';
        }
      } elsif (length $d > 64 && $d =~ /^(.)\1*$/s) {
        push @pre, sprintf ("printf %%0%dd 0 | tr 0 '%s' >%s", length $d, pf ($1), $qp);
      } else {
        push @pre, "printf '" . pf ($d) . "' >$qp";
      }
    }
    elsif ($f->{type} eq 'l') { push @pre, 'ln -s ' . (plain ($f->{target}) ? sq ($f->{target}) : "\"\$(printf '" . pf ($f->{target}) . "')\"") . " $qp" }
    elsif ($f->{type} eq 'p') { push @pre, "mkfifo $qp" }
  }
  for my $f (reverse @{$c->{files}}) {
    next unless defined $f->{mode};
    push @pre, sprintf ('chmod %03o %s', $f->{mode}, plain ($f->{path}) ? sq ($f->{path}) : "\"\$(printf '" . pf ($f->{path}) . "')\"");
  }
  my %var;
  my $word = sub {
    my ($a) = @_;
    return sq ($a) =~ s/^'([-A-Za-z0-9_.\/=,:+]+)'$/$1/r if plain ($a);
    return "\"\$$var{$a}\"" if $var{$a};
    my $v = $var{$a} = 'a' . scalar (keys %var);
    push @pre, "$v=\$(printf '" . pf ($a) . "_')", "$v=\${$v%_}";
    return "\"\$$v\"";
  };
  my @words = map { $word->($_) } argv_of ($c);
  my @env = ("LC_ALL=$c->{loc}");
  for (sort keys %{$c->{env}}) { push @env, "$_=" . sq ($c->{env}{$_}) }
  my @priv = $c->{nobody} && @as_nobody ? @as_nobody : ();
  my $cmd = join ' ', @env, @priv, 'grep', @words;
  if ($mode eq 'grab') {
    # Both, the reference first.
    my @gw = map { $word->($_) } grab_argv ($c);
    $cmd = join ' ', @env, @priv, 'grep -P -a', @words;
    $cmd = "{ $cmd; echo \"status \$?\"; "
      . join (' ', @env, @priv, 'grab -n', $c->{threads} // 1, @gw) . '; }';
  }
  if (ref $c->{stdin} eq 'HASH' && $c->{stdin}{yes}) {
    $cmd = 'yes -- ' . sq ($c->{stdin}{yes}) . " | $cmd";
  } elsif (ref $c->{stdin} eq 'HASH') {
    $cmd .= ' <.';
  } elsif (defined $c->{stdin} && $mode eq 'grab') {
    # Both read it: a file beside the tree.
    splice @pre, 1, 0, "printf '" . pf ($c->{stdin}) . "' >in", 'mkdir t', 'cd t';
    $cmd .= ' <../in';
  } elsif (defined $c->{stdin}) {
    $cmd = "printf '" . pf ($c->{stdin}) . "' | $cmd";
  } else {
    $cmd .= ' </dev/null';
  }
  $cmd .= $c->{out} =~ /^self:(.*)/s ? ' >>' . $word->($1)
    : { file => '', null => ' >/dev/null', full => ' >/dev/full', closed => ' >&-' }->{$c->{out}};
  return join (' && ', @pre) . " && $cmd; echo \"status \$?\"";
}

# show (BYTES, OTHER): a few lines of BYTES from where they first differ
# from OTHER's, escaped.
sub show {
  my ($s, $o) = @_;
  my @l = split /\n/, $s, -1;
  my @m = split /\n/, $o, -1;
  my $k = 0;
  $k++ while $k < @l && $k < @m && $l[$k] eq $m[$k];
  my $from = $k > 1 ? $k - 1 : 0;
  my $to = $from + 5 < $#l ? $from + 5 : $#l;
  my $t = $from > 0 ? "      (from line " . ($from + 1) . ")\n" : '';
  for my $j ($from .. $to) {
    my $x = $l[$j];
    $x = substr ($x, 0, 300) . '...' if length $x > 300;
    $x =~ s/([^ -~])/sprintf ('\\%03o', ord $1)/ge;
    $t .= "      | $x\n";
  }
  $t .= "      ...(" . ($#l - $to) . " more lines)\n" if $to < $#l;
  return $t;
}

sub describe {
  my ($e, $g) = @_;
  my $s = "  status: reference $e->{st}, ours $g->{st}\n";
  if ($e->{out} ne $g->{out}) {
    $s .= "  stdout (reference):\n" . show ($e->{out}, $g->{out});
    $s .= "  stdout (ours):\n" . show ($g->{out}, $e->{out});
  }
  if ($e->{err} ne $g->{err}) {
    $s .= "  stderr (reference):\n" . show ($e->{err}, $g->{err});
    $s .= "  stderr (ours):\n" . show ($g->{err}, $e->{err});
  }
  return $s;
}

# A key to group shrunk mismatches by: the options' names and the shape.
sub family_key {
  my ($c, $e, $g) = @_;
  my @o = sort map { $_->[0] =~ s/=.*//r } @{$c->{opts}}, @{$c->{late} // []};
  return join (' ', @o) . ' | ' . shape ($e, $g) . " | $c->{loc}";
}

# ---------------------------------------------------------- grab mode
sub grab_argv {
  my ($c) = @_;
  my @a;
  for my $o (@{$c->{opts}}) {
    my @w = @$o;
    $w[0] = $grab_long{$w[0]} if exists $grab_long{$w[0]};
    push @a, @w;
  }
  push @a, map { @$_ } @{$c->{pats}};
  push @a, $c->{pos} if defined $c->{pos};
  push @a, '--' if $c->{dd};
  push @a, @{$c->{operands}};
  for my $o (@{$c->{late} // []}) {
    my @w = @$o;
    # After '--' they are operands, the same for both.
    # So they are under POSIXLY_CORRECT when an operand (or the pattern)
    # comes before them: options end there.
    my $ended = exists $c->{env}{POSIXLY_CORRECT}
      && (defined $c->{pos} || @{$c->{operands}});
    $w[0] = $grab_long{$w[0]}
      if exists $grab_long{$w[0]} && !$c->{dd} && !$ended;
    push @a, @w;
  }
  return @a;
}

# grab_case (CASE): CASE in the options both programs share, in grep's
# letters (grab_argv translates them): no -V/--help (their texts), -T, -U
# or bad options (messages name the program), -R (grab's follows links on
# the command line only), -NUM (grab's -2 is -P); -b only as -b -o (grab's
# -O is the match's offset).
sub grab_case {
  my ($c) = @_;
  $c->{opts} = grab_opts ($c->{opts});
  $c->{late} = grab_opts ($c->{late}) if $c->{late};
  delete $c->{env}{GREP_COLOR};
  if (defined $c->{pos} && $c->{pos} =~ /^-/) {
    push @{$c->{pats}}, ['-e', $c->{pos}];
    $c->{pos} = undef;
  }
  return $c;
}

sub grab_opts {
  my ($opts) = @_;
  my @o;
  for my $w (@$opts) {
    my @w = @$w;
    if (@w == 1 && $w[0] =~ /^-([a-zA-Z]{2,})$/) {
      push @o, map { ["-$_"] } split //, $1;
      next;
    }
    push @o, \@w;
  }
  my @keep;
  for my $w (@o) {
    my $f = $w->[0];
    next if $f =~ /^(-V|--help|-T|-U|--binary|--bogus|-X|--co|--line|--context|-e|-[EFGP]|--(extended|fixed|perl)-.*)$/;
    # GNU grep shows --help for a bad --color argument; grab says what is
    # wrong; after a bad -d, -D or --binary-files argument GNU adds its
    # usage line, grab does not.
    next if "@$w" =~ /^(--colou?r=bogus|--binary-files=bogus|-[dD] nope)$/;
    $w = ['-r'] if $f eq '-R';
    $w = ['-i'] if $f eq '-y';
    $w = ['-C', $1] if $f =~ /^-(\d+)$/;
    push @keep, $w;
  }
  my %has = map { $_->[0] => 1 } @keep;
  @keep = grep { $_->[0] ne '-b' } @keep
    unless $has{'-o'} && !grep { $has{$_} } qw(-l -L -c -q);
  return \@keep;
}

# ---------------------------------------------------------- main loop
print "random: seed $seed, mode $mode, locales @locales",
  (defined $max_cases ? ", $max_cases cases" : ''),
  (defined $seconds ? ", ${seconds}s" : ''),
  ($perm_ok ? '' : ', no unreadable files'), "\n";
print "random: replay with RANDOM_SEED=$seed (and RANDOM_CASE=N for case N)\n";
my ($ncase, $nmis, $nallowed, $nskip, $nshrunk) = (0, 0, 0, 0, 0);
my %families;
my @skipped;
my $logfh;
if (defined $log) { open $logfh, '>>', $log or die "$log: $!" }
# Facts about case C that an allowlist entry may need and a reproduction
# does not show: a line longer than GNU's first read (96 KiB) in one file
# and, in another, a first NUL past it (GNU's buffer grows for the files
# after a long line: README, grep's differences); or such a NUL alone
# (grab decides per chunk of its own: README, grab).
sub case_notes {
  my ($c) = @_;
  my ($long, $far) = (0, 0);
  for my $f (@{$c->{files}}) {
    next unless $f->{type} eq 'f';
    my $d = $f->{data};
    $long = 1 if grep { length > 96 * 1024 } split /\n/, $d;
    my $nul = index ($d, "\0");
    $far = 1 if $nul >= 96 * 1024;
  }
  return ($long && $far ? "  note: a line over 96 KiB, and a NUL past 96 KiB\n"
          : $far ? "  note: a NUL past 96 KiB\n" : '');
}

# Whether the mismatch TEXT (reproduction and description) is one the
# allowlist forgives; counted by rule, and as not a mismatch.
my %allowed_by;
sub allowed {
  my ($text) = @_;
  my ($a) = grep { $text =~ $_->[0] } @allow;
  return 0 unless $a;
  $allowed_by{$a->[1]}++;
  $nallowed++;
  $nmis--;
  return 1;
}

sub report {
  my ($s) = @_;
  print $s;
  if ($logfh) { print $logfh $s; $logfh->flush }
}

for (my $i = defined $only_case ? $only_case : 1; ; $i++) {
  last if defined $only_case && $i > $only_case;
  last if defined $max_cases && $i > $max_cases && !defined $only_case;
  last if defined $seconds && time - $t_start > $seconds;
  # Each case draws from its own stream, so that one can be replayed.
  srand (($seed * 1000003 + $i * 7919) % 4294967291);
  my $c = gen_case ();
  $c = grab_case ($c) if $mode eq 'grab';
  next unless $c;
  $ncase++;
  realize ($c);
  # An endless input either stops at once or never: a short timeout.
  my $tmo = ref $c->{stdin} eq 'HASH' && $c->{stdin}{yes} && $timeout > 3 ? 3 : $timeout;
  my $e = run_one ($c, 'ref', 1, $tmo);
  # A time-out may be the machine's load, not a hang (issue 44): run
  # again with 6 times the limit before skipping the case or counting
  # ours' time-out as a mismatch; not for an endless input, which GNU
  # may rightly read for ever.
  my $endless = ref $c->{stdin} eq 'HASH' && $c->{stdin}{yes};
  $e = run_one ($c, 'ref', 1, 6 * $tmo) if $e->{st} eq 'timeout' && !$endless;
  if ($e->{st} eq 'timeout') {
    $nskip++;
    push @skipped, $i;
    print "skipped case $i: ", repro ($c), "\n" if $ENV{RANDOM_VERBOSE};
    next;
  }
  my $bad;
  my @badn;
  for my $n (@threads) {
    my $g = run_one ($c, 'ours', $n, $tmo);
    $g = run_one ($c, 'ours', $n, 6 * $tmo) if $g->{st} eq 'timeout';
    grab_normalize ($e, $g, $n, $c) if $mode eq 'grab';
    if (differs ($e, $g)) { $bad //= [$n, $g]; push @badn, $n }
  }
  next unless $bad;
  $nmis++;
  my ($n, $g) = @$bad;
  $c->{threads} = $n;
  my $orig = repro ($c);
  my $sig = shape ($e, $g);
  my $text = "=== mismatch: seed $seed case $i, ours at $prog threads @badn\n";
  # Meant differences are forgiven before shrinking (so that they use
  # none of its budget), or after, as the rule may need the small case.
  my $d = describe ($e, $g) . case_notes ($c);
  next if allowed ("$orig\n$d");
  if ($nshrunk < $shrink_max) {
    $nshrunk++;
    my ($s, $tries) = shrink ($c, $n, $sig);
    my ($m, $e2, $g2) = check ($s, $timeout, $n);
    ($s, $e2, $g2) = ($c, $e, $g) unless $m;
    my $r = repro ($s);
    my $key = family_key ($s, $e2, $g2);
    $d = describe ($e2, $g2) . case_notes ($s);
    next if allowed ("$r\n$d");
    $families{$key}++;
    $text .= "  shrunk ($tries runs):\n  $r\n" . $d
      . "  key: $key\n";
    $text .= "  original (" . length ($orig) . " chars):\n  "
      . (length $orig > 3000 ? substr ($orig, 0, 3000) . '...' : $orig) . "\n"
      if $ENV{RANDOM_VERBOSE};
  } else {
    $text .= "  not shrunk (RANDOM_SHRINK=$shrink_max reached):\n  "
      . (length $orig > 2000 ? substr ($orig, 0, 2000) . '...' : $orig) . "\n"
      . $d;
  }
  report ($text);
}
my $dt = int (time - $t_start + 0.5);
report ("random: seed $seed: $ncase cases in ${dt}s, $nmis mismatches"
  . ($nallowed ? ", $nallowed allowed" : '')
  . ($nskip ? ", $nskip skipped (the reference timed out: cases @skipped)" : '') . "\n");
for (sort { $families{$b} <=> $families{$a} } keys %families) {
  report ("  $families{$_} x $_\n");
}
for (sort { $allowed_by{$b} <=> $allowed_by{$a} } keys %allowed_by) {
  report ("  allowed $allowed_by{$_} x " . substr ($_, 0, 70) . "...\n");
}
if (-e $tree) { set_mode_tree ($tree) if $> != 0; remove_tree ($tree) }
exit ($nmis ? 1 : 0);

