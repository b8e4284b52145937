#!/bin/sh
# --compress-program=PROG: each temporary is written through PROG and read
# back through 'PROG -d', as with GNU sort: the output is GNU's for the
# same options, PROG found in PATH (a script without '#!' runs with
# /bin/sh, as execlp does), sort waits for its children even when SIGCHLD
# is ignored on entry, and a PROG that cannot run or fails is an error
# (status 2) that leaves no temporary behind.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
mkdir bin tmp || framework_failure_
# The "compression" swaps two digits and logs how it was called: applied
# twice it is the identity, and a missing -d pass would show.
tr=$(command -v tr) || framework_failure_
cat >bin/swap <<EOS || framework_failure_
echo "\${1-c}" >>"\$LOG"
exec $tr 41 14
EOS
chmod +x bin/swap || framework_failure_
LOG=$PWD/log; export LOG

gen_input_ 7 mix 20000 >in || framework_failure_
for opts in '-S 40K' '-n -S 40K' '-u -S 40K --batch-size=2' \
            '-k2,2 -s -S 40K --parallel=2'; do
  : >log
  # shellcheck disable=SC2086
  diff_run_ C in $opts -T tmp --compress-program="$PWD/bin/swap"
  # The last diff_run_ ran ours: several temporaries, each read back once.
  c=$(grep -c '^c$' log) d=$(grep -c '^-d$' log)
  test "$c" -ge 2 && test "$c" -le "$d" ||
    { echo "sort $opts: $c compressions, $d decompressions"; fail=1; }
done
diff_report_ || fail=1

# A SIGCHLD ignored on entry: the children are still waited for.
seq -w 3000 >sorted || framework_failure_
tac sorted >rev || framework_failure_
(trap '' CHLD; PATH=$PWD/bin:$PATH exec sort -S 1k -T tmp \
   --compress-program=swap rev) >out || fail=1
compare sorted out || fail=1

# A program that cannot be run, or that fails, is fatal: status 2, and
# the temporaries are gone.
returns_ 2 sort -S 1k -T tmp --compress-program=./nosuch rev >out 2>err ||
  fail=1
echo "sort: couldn't execute compress program: No such file or directory" >exp
compare exp err || fail=1
printf '#!/bin/sh\ncat >/dev/null; exit 3\n' >bin/bad && chmod +x bin/bad ||
  framework_failure_
returns_ 2 sort -S 1k -T tmp --compress-program=bin/bad rev >out 2>err ||
  fail=1
echo "sort: 'bin/bad' [-d] terminated abnormally" >exp
compare exp err || fail=1
ls tmp >left && compare /dev/null left || fail=1

Exit $fail
