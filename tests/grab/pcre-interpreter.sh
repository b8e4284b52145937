#!/bin/sh
# Patterns PCRE2's JIT does not take (\C in UTF-8, (*NO_JIT)) run on its
# interpreter, which finds no empty match at the end of a line that ends
# in an encoding error: '$' then does not select 'a\302', so grab may not
# count every line for an every-line pattern ('$' beside a \C pattern:
# found by fuzz-grab-search), and (*NO_JIT) works at all; against GNU
# grep -P -a on the patterns joined by hand; each engine, -n 1 and -n 4.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
require_utf8_locale_

# The fuzzer's subject, and lines ending in each kind of encoding error.
printf 'ssaka\013a\n\n\302\nfka\ta\n\n\302\n' >fuzz || framework_failure_
printf 'a\302\n\302\n\302a\n\377\na\377\n\342\204\n\302\302\nok\n\303\251\n' \
  >ends || framework_failure_

# Each case: grab's patterns (separated by ' -e ') => grep -P's joined.
cat >cases <<'EOF2'
$ -e [[:space:]]\A\C -e sk\Gsfoox^xx\R => (?:$)|(?:[[:space:]]\A\C)|(?:sk\Gsfoox^xx\R)
$ -e \C => (?:$)|(?:\C)
^ -e x\C => (?:^)|(?:x\C)
.* -e \Cz => (?:.*)|(?:\Cz)
(*NO_JIT)$ => (*NO_JIT)$
(*NO_JIT) => (*NO_JIT)
(*NO_JIT)^ => (*NO_JIT)^
(*NO_JIT)a => (*NO_JIT)a
(*NO_JIT)\w+$ => (*NO_JIT)\w+$
EOF2

fail=0
sample_stride_ 4   # by default each case at one engine and -n, in turns
nrun=0
for e in $(grab_engine_opts_); do
  for n in $test_threads; do nrun=$((nrun + 1)); done
done
while IFS= read -r c; do
  gpats=${c%% => *} ref=${c#* => }
  for loc in C "$UTF8_LOCALE"; do
    for opts in '' -v -c '-v -c' -o; do
      for f in fuzz ends; do
        # shellcheck disable=SC2086
        LC_ALL=$loc grep -P -a $opts -e "$ref" $f >exp 2>&1
        es=$?
        set -- $opts
        rest=$gpats
        while test -n "$rest"; do
          p=${rest%% -e *}
          set -- "$@" -e "$p"
          rest=${rest#"$p"}
          rest=${rest# -e }
        done
        turn_case_
        for e in $(grab_engine_opts_); do
          test "x$e" = x- && e=
          for n in $test_threads; do
            in_turn_ $nrun || continue
            LC_ALL=$loc grab $e -n $n "$@" $f >got 2>&1
            gs=$?
            if test $es != $gs || ! cmp -s exp got; then
              echo "mismatch: LC_ALL=$loc grab $e -n $n $opts -e '$gpats'" \
                   "$f (grep -P '$ref'): status $es, grab $gs"
              diff exp got
              fail=1
            fi
          done
        done
      done
    done
  done
done <cases

Exit $fail
