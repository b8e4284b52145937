#!/bin/sh
# Big inputs sorted on 1 to 8 threads (several threads only start above
# 64K lines) give GNU sort's output, stable and -u included.
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/sort/difflib.sh"

fail=0
gen_input_ 10 mix 60000 >big || framework_failure_
gen_input_ 11 csv 60000 >>big || framework_failure_
gen_input_ 12 mix 60000 >>big || framework_failure_
for n in 1 2 3 8; do
  for opts in '' -n -fu '-s -t, -k2,2'; do
    # shellcheck disable=SC2086
    diff_run_ C big --parallel=$n $opts
  done
done
diff_report_ || fail=1
Exit $fail
