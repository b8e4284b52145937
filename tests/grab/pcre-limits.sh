#!/bin/sh
# grab's rule for a PCRE2 match error (backtracking or heap limit) is
# grep -P -a's: the failing file's output so far, its message, status 2,
# and nothing after.  With -n 1 or --sort=path the output is GNU grep's
# byte for byte; unordered (-n 4) files finished before the failing one
# may have been printed, so only its own lines, the message and the
# status are checked; each engine.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

bad=aaaaaaaaaaaaaaaaaaaaaaaaabz   # '(a*)*z' backtracks past PCRE2's limit
printf 'x\naz\ny\nz\n' >ok || framework_failure_
printf 'az\nb\n%s\nz\nc\n' "$bad" >mid || framework_failure_
printf '%s\naz\n' "$bad" >first || framework_failure_

fail=0
sample_stride_ 3
# By default (init.cfg's sample_stride_) one engine and thread setting a
# case, in turns.
t=0
for p in '(a*)*z' '(*NO_JIT)(*LIMIT_HEAP=1)(a|b)*z'; do
  for opts in '' -c -v -l --files-without-match -o; do
    for files in mid first 'ok mid ok' 'first ok'; do
      in_sample_ "p:$p" "o:$opts" "f:$files" || continue
      # shellcheck disable=SC2086
      grep -P -a $opts -e "$p" $files >exp 2>exp.err
      es=$?
      sed 's/^grep:/grab:/' exp.err >exp.errs
      for e in $(grab_engine_opts_); do
        test "x$e" = x- && e=
        for n in '-n 1' '-n 4 --sort=path' '-n 4'; do
          t=$((t + 1))
          sampling_ && test $((t % 7)) != 0 && continue
          # shellcheck disable=SC2086
          grab $e $n $opts -e "$p" $files >got 2>got.err
          gs=$?
          case $n in
            *4) # Unordered: the failing file's lines are all there, or
                # without a failure, all of them in some order.
              h=-H
              test "$files" = mid && h=
              # shellcheck disable=SC2086
              grep -P -a $h $opts -e "$p" mid >own 2>/dev/null
              case $es:$files in
                2:*mid*) ;;
                2:*) : >own ;;
                *) cp exp own ;;
              esac
              ok=yes
              while IFS= read -r l; do
                grep -qxF -e "$l" got || ok=no
              done <own
              test $es = 2 || test "$(wc -l <got)" = "$(wc -l <exp)" ||
                ok=no ;;
            *) cmp -s exp got && ok=yes || ok=no ;;
          esac
          if test $es != $gs || test $ok = no || ! cmp -s exp.errs got.err
          then
            echo "mismatch: grab $e $n $opts -e '$p' $files:" \
                 "status $es, grab $gs"
            diff exp got
            diff exp.errs got.err
            fail=1
          fi
        done
      done
    done
  done
done

# grep's start-up match on an empty line (not a line start) fails before
# any file, in standard input's name; with -x only a file's line fails.
printf '\n' >empty1 && printf 'x\n' >x1 || framework_failure_
# (Each run takes PCRE2's whole match limit, 2 s: GNU's runs once a case,
# and by default one engine a case, in turns, on a diagonal of the grid.)
neng=0
for e in $(grab_engine_opts_); do neng=$((neng + 1)); done
c=0
for opts in '' -x -c -v; do
  for files in x1 'empty1 x1'; do
    c=$((c + 1))
    sampling_ &&
      test $(((c - 1) % 2)) != $(((c - 1) / 2 % 2)) && continue
    # shellcheck disable=SC2086
    grep -P -a $opts -e '(?)\A((?1))' $files >exp 2>exp.err
    es=$?
    sed 's/^grep:/grab:/' exp.err >exp.errs
    i=0
    for e in $(grab_engine_opts_); do
      i=$((i + 1))
      sampling_ && test $(((c + i) % neng)) != 0 && continue
      test "x$e" = x- && e=
      # shellcheck disable=SC2086
      grab $e -n 1 $opts -e '(?)\A((?1))' $files >got 2>got.err
      gs=$?
      if test $es != $gs || ! cmp -s exp got || ! cmp -s exp.errs got.err
      then
        echo "mismatch: grab $e $opts -e '(?)\A((?1))' $files: status $es, $gs"
        diff exp.errs got.err
        fail=1
      fi
    done
  done
done

Exit $fail
