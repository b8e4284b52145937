#!/bin/sh
# --json with -m, context and -v selects what grab's text output selects (grep's rules: after the -m'th line, trailing context lines are context records, matching or not, where ripgrep would print matching ones as matches), and bytes_searched ends with the last selected line when -m stops the search.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-json.sh"
json_require_perl_
fail=0

printf 'a1\nhit2\nb3\nhit4\nc5\nd6\nhit7\ne8\n' >in || framework_failure_

# The records as "LINE:" (match) and "LINE-" (context), and the file's
# bytes_searched, from JSON; the same from the text output.
records_ ()
{
  perl -MJSON::PP -ne '
    my $r = decode_json ($_);
    my $d = $r->{data};
    print "$d->{line_number}", ($r->{type} eq "match" ? ":" : "-"), "\n"
      if $r->{type} eq "match" || $r->{type} eq "context";
    print "searched $d->{stats}{bytes_searched}\n" if $r->{type} eq "end";'
}

for opts in '-m1 -A3' '-m1 -C1' '-m2 -A1' '-m1 -v' '-m2 -v -C1' \
            '-m3 -v -A2' '-m1 -B2' '-m2'; do
  for e in $(grab_engine_opts_); do
  for n in $test_threads; do
    grab -n $n --line-number $opts hit in | sed 's/^\([0-9]*[:-]\).*/\1/' >exp
    grab $(engine_opt_ $e) -n $n --json $opts hit in >out || fail=1
    json_norm_ <out >/dev/null || fail=1
    records_ <out >got
    # The end of the last selected line.
    last=$(grep ':$' exp | tail -n 1 | tr -d :)
    printf 'searched %s\n' "$(head -n "$last" in | wc -c)" >>exp
    compare exp got || { echo "$e -n $n $opts"; fail=1; }
  done
  done
done

# Not stopped: the whole file.
grab --json -A1 hit in | records_ | tail -n 1 >got || fail=1
echo "searched $(wc -c <in)" >exp
compare exp got || fail=1

Exit $fail
