#!/bin/sh
# -q returns at its first selected line without reading the rest of a pipe (an endless one too), and nothing of the operands after that line shows, as in GNU grep 3.8, at 1 and 4 threads; grab -q likewise, in order with --sort=path or -n 1.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

fail=0
ours=$abs_top_builddir/src/grabrat

# An endless pipe: 'tail -f log | grep -q READY' must return.  timeout
# says 124 if it does not.
for n in $test_threads; do
  for cmd in "grep -q y" "grep -q -e x -e y" "grep -c -q y" "grep -l -q y" \
             "grab -n $n -q y" "grab -n $n --sort=path -q y"; do
    # shellcheck disable=SC2086
    yes | OMP_NUM_THREADS=$n timeout 30 "$ours" $cmd
    st=$?
    test $st = 0 || { echo "yes | $cmd: status $st"; fail=1; }
  done
done
# An endless pipe whose line never ends (-z: yes writes no NUL), after a
# tree whose last file matches: the worker reading the pipe in parallel
# must still see the match end the run (it read on, for ever, looking
# for the line's end: seed 1796547240 case 3792).  grep never reads the
# pipe; grab may (4 threads, no order), and stops too.
mkdir ztree || framework_failure_
for i in $(seq 200); do printf 'a\0b\0' >ztree/f$i || framework_failure_; done
printf 'a\0x y\0' >ztree/g || framework_failure_
for cmd in "grep -z -q -r 'x y' ztree -" "grab -n 4 -z -q -r 'x y' ztree -"; do
  for i in 1 2 3; do
    yes | eval "OMP_NUM_THREADS=4 timeout 30 \"\$ours\" $cmd"
    st=$?
    test $st = 0 || { echo "yes | $cmd: status $st"; fail=1; }
  done
done

# A pipe that stays open after the line sought.  (Not '{ echo READY;
# sleep 60; } | grep -q READY': the shell waits for the whole pipeline,
# so that took a minute whatever grep did.)
mkfifo open-pipe || framework_failure_
(echo READY; exec sleep 600) >open-pipe &
writer=$!
timeout 30 "$ours" grep -q READY <open-pipe
st=$?
kill $writer
test $st = 0 || { echo "grep -q READY on an open pipe: status $st"; fail=1; }

# A file on standard input: read to its end, as GNU grep reads a small one.
seq 1 1000 >nums || framework_failure_
for who in gnu ours; do
  (PATH=$PWD/$who:$PATH; grep -q 5; cat) <nums >rest.$who 2>&1
done
compare rest.gnu rest.ours || fail=1

# Nothing after the stopping point shows: operands searched ahead in
# parallel keep their diagnostics, which never come out.  Each run is
# repeated: a wrong order shows only now and then.
seq 1 200000 | sed 's/$/ foo/' >words || framework_failure_
# Its only match at its end: the operands after it are done first.
{ seq 1 300000; echo foo; } >late || framework_failure_
mkdir -p t/a t/b || framework_failure_
echo foo >t/a/x && echo foo >t/b/y || framework_failure_
ln -s nowhere t/b/dangling || framework_failure_
i=0
while test $i -lt 5; do
  for args in "-q foo words nope" "-q foo nope words" \
              "-q foo words nope words nope2" "-q -s foo nope words" \
              "-q foo - nope" "-rq foo words t nope" "-Rq foo t nope" \
              "-q bar words nope" "-q foo words t" "-q foo late nope" \
              "-q foo late t/b"; do
    STDIN=words
    eval "run_ C '$test_threads' $args"
  done
  i=$((i + 1))
done
unset STDIN
diff_report_ || fail=1

# grab: with --sort=path, or one thread, grep's rule; its default stops
# at the first line any thread selects (messages about files searched
# meanwhile may come out).
for args in "-n 1 -q foo words nope" "-n 4 --sort=path -q foo words nope" \
            "-n 1 -q foo nope words"; do
  # shellcheck disable=SC2086
  "$ours" grab $args >out 2>err
  st=$?
  # shellcheck disable=SC2086
  PATH=$PWD/gnu:$PATH grep $(echo "$args" | sed 's/-n [0-9]//; s/--sort=path//') \
    >exp 2>exp.err
  es=$?
  sed 's/^grep:/grab:/' exp.err >exp.err2
  if test $st != $es || ! compare exp out || ! compare exp.err2 err; then
    echo "grab $args: status $st, grep's $es"
    fail=1
  fi
done

Exit $fail
