#!/bin/sh
# A negative -m is no limit, and under -v selects nothing (files still read), as in GNU grep 3.8 (grep and grab, with -c, -o, -l, -L and context); 0 selects nothing.
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/grep/lib.sh"

printf 'foo 1\nbar\nfoo 2\nfoo 3\n' >a || framework_failure_
printf 'foo\n' >b || framework_failure_
for m in -1 -5 -9223372036854775808 -99999999999999999999 0 1 2; do
  for opts in '' -c -v -o -n '-A 1' -l -L '-c -v' '-L -v'; do
    # shellcheck disable=SC2086
    run_ C '1 4' -m $m $opts foo a b nope
    # shellcheck disable=SC2086
    run_ C 1 -P -m $m $opts foo a b
  done
done
fail=0
diff_report_ || fail=1

# grab prints what grep -P -a prints.
for m in -1 -3 0 1; do
  "$abs_top_builddir/src/grab" -m $m foo a b >out 2>&1
  echo $? >>out
  PATH=$PWD/gnu:$PATH grep -P -a -m $m foo a b >exp 2>&1
  echo $? >>exp
  compare exp out || fail=1
done

Exit $fail
