#!/bin/sh
# A PCRE2 match error (backtracking limit with and without the JIT, heap
# limit) ends grep -P as grep 3.8's die () does: the failing file's output
# so far, its message, status 2, and nothing of any later file (no count,
# no -l/-L name, no "binary file matches"), while the files are searched
# in parallel; also with -q before and after a match, -s, -v, context,
# -r and standard input; at 1 and 4 threads, against GNU grep.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grep.sh"
sample_stride_ 16

bad=aaaaaaaaaaaaaaaaaaaaaaaaabz   # '(a*)*z' backtracks past PCRE2's limit
printf 'x\naz\ny\nz\n' >ok || framework_failure_
printf 'az\nb\n%s\nz\nc\n' "$bad" >mid || framework_failure_
printf '%s\naz\n' "$bad" >first || framework_failure_
printf 'az\nb\nc\n%s\n' "$bad" >last || framework_failure_
printf 'az\n\0\n%s\n' "$bad" >bin || framework_failure_
mkdir -p d/e || framework_failure_
cp ok d/a && cp mid d/e/m && cp ok d/e/z || framework_failure_

fail=0
n=0
# Every option with the JIT's limit; the interpreter's two with a few.
all="'' -c -n -v '-v -c' -l -L -q -o '-b -o' -A1 -B1 -C1 -m1 -s -h '-c -v -s'"
for p in '(a*)*z' '(*NO_JIT)(*LIMIT_HEAP=1)(a|b)*z' \
         '(*NO_JIT)(*LIMIT_MATCH=5)(a|b)*z'; do
  case $p in
    '(a*)'*) set -f; eval "set -- $all"; set +f ;;
    *) set -- '' -c -v '-n -B1' ;;
  esac
  for opts; do
    for files in mid first last bin 'ok mid ok' 'first ok' 'ok last ok' \
                 'ok bin' 'ok nonexistent mid ok' '-r d' '- <mid' \
                 '-q ok mid'; do
      for t in 1 4; do
        n=$((n + 1))
        # By default the thread counts take turns over the cases.
        sampling_ && test $((((n + 1) / 2 + t / 4) % 2)) = 0 &&
          continue
        in_sample_ "p:$p" "o:$opts" "f:$files" ||
          continue
        # shellcheck disable=SC2086
        (PATH=$PWD/gnu:$PATH; eval "grep -P $opts -e '$p' $files") \
          >exp 2>exp.err
        es=$?
        # shellcheck disable=SC2086
        (PATH=$PWD/ours:$PATH; export OMP_NUM_THREADS=$t;
         eval "grep -P $opts -e '$p' $files") >got 2>got.err
        gs=$?
        if test $es != $gs || ! cmp -s exp got || ! cmp -s exp.err got.err
        then
          echo "mismatch: grep -P $opts -e '$p' $files (threads $t):" \
               "status $es, ours $gs"
          diff exp got
          diff exp.err got.err
          fail=1
        fi
      done
    done
  done
done
test $n -gt 500 || fail=1

# '(*UTF)' outside a UTF-8 locale: grep dies at the first line that is
# not UTF-8 ("internal PCRE error: N", N by the kind of error), matching
# or not, after the lines before it.
printf 'ab\n\311x\nab\n' >u1 && printf 'ab\n\355\240\200\nab\n' >u2 &&
  printf 'ab\n\300\257\n' >u3 && printf 'x\n' >u4 || framework_failure_
for loc in C en_US.ISO-8859-1 en_US; do
  LC_ALL=$loc locale charmap >/dev/null 2>&1 || continue
  for args in "'(*UTF)a' u1" "'(*UTF)a' u4 u2 u4" "-c '(*UTF)b' u3 u1" \
              "-v '(*UTF)zz' u2" "-l '(*UTF)a' u1 u2" "'(*UTF)(*UCP)\w' u3"; do
    eval "run_ $loc '$test_threads' -P $args"
  done
done
# grep runs the pattern once on an empty line not at a line start
# before any file, and dies there, "(standard input)" whatever the
# operands; -x's '^' fails at once there, so the failure comes with a
# file's (empty or not) line.  -m 0 ends the run before.
# Each run takes PCRE2's whole match limit (2 s, GNU's too): by default
# a diagonal of the grid, each file list once with every other option
# set in turn (run_ itself then samples nothing).
printf '\n' >empty1 && printf 'x\n' >x1 || framework_failure_
s_keep_=$s_stride_ i=0
for opts in '' -x -w -v -c '-c -m0' -s -q --label=L -z -o -r; do
  j=0
  for files in x1 empty1 'x1 empty1' nonexistent '- <empty1' ''; do
    j=$((j + 1))
    sampling_ && test $i != $((2 * j - 2)) && continue
    s_stride_=1
    eval "run_ C '$test_threads' -P $opts -e '(?)\A((?1))' $files"
    s_stride_=$s_keep_
  done
  i=$((i + 1))
done
# A match error in the search for colour or -o: after an empty match
# the search goes on one byte later, into a character, and '(*UTF)'
# outside a UTF-8 locale then gives PCRE2_ERROR_BADUTFOFFSET: grep dies
# there, the line cut short (random tester seed 1796548101 case 19426).
printf 'x\na\342\204\252b\nz\n' >kelvin || framework_failure_
for opts in --color=always -o '-o -b' '--color=always -v' '--color=always -A1' \
            '--color=always -n' -c; do
  for p in '(*UTF)' '(*UTF)b|'; do
    eval "run_ C '$test_threads' -P $opts -e '$p' kelvin ok"
  done
done
diff_report_ || fail=1

Exit $fail
