#!/bin/sh
# --json and binary files: by default (text) every line is a record, a NUL byte escaped, and binary_offset is null; with --binary-files=binary the lines grep's rule hides are not printed, but a file with a match still gets its begin and end records, binary_offset giving where its first NUL byte is; without-match prints nothing for it.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-json.sh"
json_require_perl_
fail=0

printf 'foo1\nbar\nnul\000foo\nfoo4\n' >bin || framework_failure_
printf 'foo\n' >text || framework_failure_

# Each record as "TYPE LINE_NUMBER" or "end BINARY_OFFSET", per file.
records_ ()
{
  perl -MJSON::PP -ne '
    my $r = decode_json ($_);
    my $d = $r->{data};
    print "$r->{type} ", ($r->{type} eq "end"
                          ? $d->{binary_offset} // "null"
                          : $d->{line_number} // ""), "\n"
      unless $r->{type} eq "summary";'
}

for e in $(grab_engine_opts_); do
for n in $test_threads; do
  H=$(engine_opt_ $e)
  grab $H -n $n --json foo bin >out || fail=1
  json_norm_ <out >/dev/null || fail=1
  grep -F '"lines":{"text":"nul\u0000foo\n"}' out || fail=1
  records_ <out >got
  printf '%s\n' 'begin ' 'match 1' 'match 3' 'match 4' 'end null' >exp
  compare exp got || fail=1

  grab $H -n $n --sort=path --json --binary-files=binary foo bin text >out \
    || fail=1
  json_norm_ -s <out >/dev/null || fail=1
  records_ <out >got
  printf '%s\n' 'begin ' 'end 12' 'begin ' 'match 1' 'end null' >exp
  compare exp got || fail=1

  grab $H -n $n --sort=path --json --binary-files=without-match foo bin text \
    >out || fail=1
  records_ <out >got
  printf '%s\n' 'begin ' 'match 1' 'end null' >exp
  compare exp got || fail=1
done
done

Exit $fail
