#!/bin/sh
# grab -x and -w with leading (*VERB)s, (?x) comments, \Q and several
# patterns: each pattern means in the joined pattern what it means alone
# (grep 3.8 -P -w refuses the first three; grab keeps the verbs first and
# ends the comment or quote), checked against GNU grep -P -a run on an
# equivalent pattern written by hand; each engine, -n 1 and -n 4.  A
# pattern that compiles only joined ('foo)(' beside another is
# '(?:foo)()') still finds its lines: no literal is taken from its text.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
require_utf8_locale_

printf '%s\n' foo 'foo bar' 'b@foo' '@foo' 'bar' 'xfoo' 'foo+' 'fo+' \
  'caf' "$(printf 'caf\303\251')" "$(printf '\303\251t\303\251 x')" 'a+b' \
  '' >in || framework_failure_

# Each case: grab's options and patterns => grep -P's equivalent.
cat >cases <<'EOF2'
-w -e (*UCP)\w+ => (*UCP)(?<!\w)(?:\w+)(?!\w)
-x -e (*UCP)\w+ => (*UCP)^(?:\w+)$
-w -e (*NO_JIT)(*UCP)caf\w => (*UCP)(?<!\w)(?:caf\w)(?!\w)
-w -e (?x) f o o # comment => (?<!\w)(?:foo)(?!\w)
-x -e (?x) f o o # comment => ^foo$
-w -e (?x)fo o# => (?<!\w)(?:foo)(?!\w)
-w -e fo\Q+ => (?<!\w)(?:fo\+)(?!\w)
-x -e fo\Q+ => ^fo\+$
-w -e (?x) f o o # comment -e bar => (?<!\w)(?:foo|bar)(?!\w)
-x -e (?x) f o o # comment -e bar => ^(?:foo|bar)$
-x -e (*UCP)\w+ -e a\Q+b => (*UCP)^(?:\w+|a\+b)$
-w -e (*UCP)\w -e @foo => (*UCP)(?<!\w)(?:\w|@foo)(?!\w)
-x -e foo -e bar => ^(?:foo|bar)$
-w -e foo -e @foo => (?<!\w)(?:foo|@foo)(?!\w)
-x -v -e foo -e (?x)b a r# => ^(?:foo|bar)$
-w -c -e (?x)f o o#x -e fo\Q+ => (?<!\w)(?:foo|fo\+)(?!\w)
-x -e (*FAIL)|foo => ^(?:(*FAIL)|foo)$
-a -e zzzz -e foo)( => (?:zzzz)|(?:foo)()
-c -e zzzz -e fo)(o => (?:zzzz)|(?:fo)(o)
EOF2

fail=0
while IFS= read -r c; do
  gopts=${c%% => *} gpat=${c#* => }
  for loc in C "$UTF8_LOCALE"; do
    # The equivalent's options: grab's without its -e patterns.
    ropts=$(printf '%s\n' "$gopts" | sed 's/ -e .*//')
    # shellcheck disable=SC2086
    LC_ALL=$loc grep -P -a $(printf '%s\n' "$ropts" | sed 's/-[xw]//g') \
      -e "$gpat" in >exp 2>&1
    es=$?
    for e in $(grab_engine_opts_); do
      test "x$e" = x- && e=
      for n in $test_threads; do
        # Split grab's options at ' -e ' into words, keeping the patterns
        # whole.
        set -- $ropts
        rest=${gopts#"$ropts"}
        while test -n "$rest"; do
          rest=${rest# -e }
          p=${rest%% -e *}
          set -- "$@" -e "$p"
          rest=${rest#"$p"}
        done
        LC_ALL=$loc grab $e -n $n "$@" in >got 2>&1
        gs=$?
        if test $es != $gs || ! cmp -s exp got; then
          echo "mismatch: LC_ALL=$loc grab $e -n $n $gopts (grep -P '$gpat')"
          diff exp got
          fail=1
        fi
      done
    done
  done
done <cases

Exit $fail
