#!/bin/sh
# --json against -c, -l, --files-without-match, -o, --color and -q does what ripgrep 15.2 does: the last of --json, -c, -l and -L wins, -o and --color are ignored (so are grab's -O and -Z), -q prints the summary alone.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-json.sh"
json_require_perl_
json_require_rg_
fail=0

printf 'hello world\nfoo\nhello again\n' >a || framework_failure_
printf 'nothing\n' >b || framework_failure_
printf 'say hello\n' >c || framework_failure_

untimed_ () { sed 's/"elapsed[a-z_]*":{[^}]*}/T/g' "$@"; }

# Which mode wins is rg's: JSON (then the same records as rg's) or the
# other mode (then what that mode prints alone: grab's -c and
# --files-without-match follow grep, not rg, in counts and status).
for case in '--json -c|-c' '-c --json|' '--json -l|-l' '-l --json|' \
            '--json --files-without-match|--files-without-match' \
            '--files-without-match --json|' '--json -o|' '-o --json|' \
            '--json --color=always|' '--color=always --json|' \
            '--json -c -l --json|'; do
  opts=${case%|*} alone=${case#*|}
  for files in 'a' 'a b c'; do
    "$RG" --no-config --sort path $opts hello $files >exp.raw
    for n in $test_threads; do
      grab -n $n --sort=path $opts hello $files >got.raw
      gstatus=$?
      if grep '^{' exp.raw >/dev/null; then
        test -z "$alone" || { echo "$opts: rg printed JSON"; fail=1; }
        json_norm_ <exp.raw >exp && json_norm_ <got.raw >got || fail=1
      else
        test -n "$alone" || { echo "$opts: rg printed no JSON"; fail=1; }
        cp got.raw got || framework_failure_
        returns_ $gstatus grab -n $n --sort=path $alone hello $files >exp \
          || fail=1
      fi
      compare exp got || { echo "$opts $files"; fail=1; }
    done
  done
done

# grab's -O and -Z change nothing either.
grab -n 1 --json hello a b c | untimed_ >exp || fail=1
grab -n 1 --json -O -Z hello a b c | untimed_ >got || fail=1
compare exp got || fail=1

# -q: the summary record alone (ripgrep's counts differ: it does not stop
# at the first match).
for q in '-q --json' '--json -q'; do
  grab $q hello a b c >out || fail=1
  json_norm_ <out >norm || fail=1
  test "$(wc -l <out)" = 1 || fail=1
  grep '"type":"summary"' norm || fail=1
  returns_ 1 grab $q nosuch a b c >out || fail=1
  test "$(wc -l <out)" = 1 || fail=1
done

Exit $fail
