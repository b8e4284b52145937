#!/bin/sh
# --files0-from and --files-from read the list as it streams: the files
# first named are searched, and their lines printed, while the list is
# still open (a FIFO whose writer has not finished), at any thread
# count and with --sort=path.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

mkfifo list || skip_ "cannot make a FIFO"
printf 'foo 1\n' >f1 || framework_failure_
printf 'foo 2\n' >f2 || framework_failure_

# wait_for_ FILE: wait until FILE is not empty, 60 s at most (a loaded
# machine may take long to start grab).
wait_for_ ()
{
  i=0
  while ! test -s "$1" && test $i -lt 600; do
    sleep .1
    i=$((i + 1))
  done
  test -s "$1"
}

for opts in '-n 1' "-n ${GRAB_TEST_THREADS-4}" '-n 4 --sort=path' \
            '-n 1 --sort=path'; do
  for list in --files0-from --files-from; do
    sep='\n'
    test $list = --files0-from && sep='\0'
    rm -f out
    # shellcheck disable=SC2086
    grab $opts foo $list=list >out 2>err &
    pid=$!
    exec 3>list
    printf "f1$sep" >&3
    wait_for_ out || { fail=1; echo "no output while the list was open: $opts $list"; }
    printf "f2$sep" >&3
    exec 3>&-
    wait $pid || fail=1
    printf 'f1:foo 1\nf2:foo 2\n' >exp
    compare exp out || fail=1
    compare /dev/null err || fail=1
  done
done

Exit ${fail-0}
