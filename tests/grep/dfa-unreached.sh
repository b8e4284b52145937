#!/bin/sh
# A pattern whose DFA position is reachable only through a loop back into
# a branch the start cannot enter ('\>\(^k\|a$\)\+': '\>' then '^' can't
# hold, so '^k' is reached from 'a$' only) compiles and matches.  gnulib's
# reorder_tokens (2023-02-09) left that position's slot uninitialized and
# GNU grep 3.8 dies with "program error"; grabrat's bootstrap applies
# gl/lib/dfa.c.diff.  Each pattern is compared with GNU grep on a pattern
# that means the same without the dead branch (the last pair, under -x,
# from random tester seed 1796555746 case 57542); MALLOC_PERTURB_ fills
# fresh memory so that the unfixed code fails without ASan too.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grep.sh"
require_utf8_locale_

printf '%s\n' ka k a x 'ax y' xa 'k x' '' KA X >in || framework_failure_

# ours-pattern TAB equivalent-for-GNU (EMPTY: matches nothing).
cat >pairs <<'EOF'
\>\(^k\|a$\)\+	EMPTY
\>\(^k\|a$\)*x	EMPTY
x\>\(^k\|a$\)*	x\>
-E \>(^k|a$)+	EMPTY
-E x\>(^k|a$)*	-E x\>
-E (\>^k|a)+	-E a+
\(\>?\|^{0,1}\(\)\)*	^
EOF

fail=0
n=0
tab=$(printf '\t')
while IFS=$tab read -r ours gnu; do
  for loc in C "$UTF8_LOCALE"; do
    for opts in '' -c -v -n -o -i -x; do
      n=$((n + 1))
      # shellcheck disable=SC2086
      case $ours in -E*) set -- -E "${ours#-E }" ;; *) set -- -G "$ours" ;; esac
      if test "$gnu" = EMPTY; then
        : >exp
        es=1
        case $opts in -c) echo 0 >exp ;; -v) cp in exp; es=0 ;; esac
      else
        # shellcheck disable=SC2086
        case $gnu in -E*) g="${gnu#-E }" ;; *) g=$gnu ;; esac
        # shellcheck disable=SC2086
        LC_ALL=$loc gnu/grep $1 $opts -e "$g" in >exp 2>exp.err
        es=$?
      fi
      for perturb in 165 1; do
        # shellcheck disable=SC2086
        LC_ALL=$loc MALLOC_PERTURB_=$perturb ours/grep $1 $opts -e "$2" in \
          >got 2>got.err
        gs=$?
        if test $es != $gs || ! compare exp got || test -s got.err; then
          echo "=== LC_ALL=$loc grep $1 $opts '$2' (perturb $perturb):" \
            "status $gs, expected $es" >>mismatches
          cat got.err >>mismatches
        fi
      done
    done
  done
done <pairs
test -s mismatches && { cat mismatches; fail=1; }
test $n = 98 || fail=1

Exit $fail
