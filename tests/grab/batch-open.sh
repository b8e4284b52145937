#!/bin/sh
# A worker opens and closes the walk's files in batches through io_uring
# (src/io/opener.h).  The output, the messages and the exit status are
# grep -P -a -r's with the ring, without it (io_uring_setup failing with
# ENOSYS, as on an old kernel, or EPERM, as in a sandbox), and with few
# descriptors allowed; -q stops early.  Where the kernel gives grab a
# ring, the files are opened through it, not by openat calls.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
require_strace_

mkdir -p t/sub t/empty || framework_failure_
for i in $(seq 100 399); do
  case $i in
    *7) echo "needle $i" ;;
    *3) printf 'bin\0needle %s\n' "$i" ;;
    *) echo "hay $i" ;;
  esac >t/f$i || framework_failure_
  test $((i % 5)) = 0 && { echo "needle in sub $i" >t/sub/g$i || exit 1; }
done
: >t/zero && ln -s f107 t/link && ln -s nowhere t/dangling \
  || framework_failure_

# run_ CMD...: CMD's sorted output, then its sorted messages (grep:
# taken for grab:), then its status, in 'got'.
run_ ()
{
  "$@" >r.out 2>r.err
  r_status=$?
  LC_ALL=C $REF_SORT r.out >got
  sed 's/^grep:/grab:/' r.err | LC_ALL=C $REF_SORT >>got
  echo "status $r_status" >>got
}

# check_ AS_USER: compare grab with grep over each OPTS, each thread
# count, with and without a ring.
check_ ()
{
  for opts in '-r needle' '-r -c needle' '-r -l needle' \
              '-r --files-without-match needle' '-r -v -c hay'; do
    # shellcheck disable=SC2086
    run_ $1 grep -P -a $opts t && mv got exp || framework_failure_
    for n in 1 ${GRAB_TEST_THREADS-4}; do
      for ring in '' ENOSYS EPERM; do
        wrap=
        test -z "$ring" || wrap="strace -f -qq -o /dev/null
                                 -e inject=io_uring_setup:error=$ring"
        # shellcheck disable=SC2086
        run_ $1 $wrap grab -n $n $opts t
        compare exp got || { echo "$opts -n $n ${ring:-ring}"; fail=1; }
      done
    done
  done
}
check_ ''

# The ring is used where the kernel gives one (strace says whether it
# did): the files of the walk are then not opened by openat calls.
# A batch's output goes out in one write, not a write a file (worker.c's
# CARRY_MAX): 120 files match.
strace -f -o trace -e trace=io_uring_setup,io_uring_enter,openat,write \
  grab -n 1 -r needle t >out || fail=1
if grep 'io_uring_setup(.*= [0-9]' trace >/dev/null; then
  test "$(grep -c 'io_uring_enter(' trace)" -gt 0 || fail=1
  test "$(grep -c 'openat(.*"f[0-9]*"' trace)" -lt 30 || fail=1
  test "$(grep -c 'write(1,' trace)" -lt 40 || fail=1
fi

# Few descriptors: batches shrink to fit (a quarter of the limit).
run_ grep -P -a -r needle t && mv got exp || framework_failure_
for n in 1 ${GRAB_TEST_THREADS-4}; do
  run_ sh -c "ulimit -n 24 && exec grab -n $n -r needle t"
  compare exp got || { echo "ulimit -n 24, -n $n"; fail=1; }
done

returns_ 0 grab -q -r needle t || fail=1
returns_ 1 grab -q -r absent t || fail=1

# Unreadable files in a batch: reported as grep does, the rest searched.
require_unprivileged_
for i in 101 117 127 200 333 398; do chmod 0 t/f$i || framework_failure_; done
check_ "$AS_USER"

# One worker prints what grep prints, in grep's order, messages included:
# a file's output may wait within a batch to go out with the next file's
# (worker.c's CARRY_MAX), but never past a message about a later file.
$AS_USER grep -P -a -r needle t 2>&1 | sed 's/^grep:/grab:/' >exp
$AS_USER grab -n 1 -r needle t >got 2>&1
compare exp got || fail=1
Exit ${fail-0}
