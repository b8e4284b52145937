#!/bin/sh
# grab runs clean under valgrind's memcheck (no invalid access, no use of
# uninitialized bytes, no definite leak) on the read and the mmap paths,
# with one and several threads, for the main output modes (--json with
# several patterns too: the marked code that says which matched).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"

command -v valgrind >/dev/null || skip_ "valgrind missing"
valgrind --version >/dev/null 2>&1 || skip_ "valgrind does not run"
grab --version | grep -q '^grab' || framework_failure_
# A sanitizer build (ASan's or TSan's runtime) cannot run under valgrind.
if readelf -d "$abs_top_builddir/src/grabrat" 2>/dev/null \
   | grep -q -e asan -e tsan; then
  skip_ "sanitizer build"
fi

mktree_
awk 'BEGIN { for (i = 0; i < 40000; i++) print "big line " i " foo_end" }' \
  >tree/big || framework_failure_   # over 1 MiB: mapped
vg="valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite"
for args in '-n 1 -r foo tree' '-n 4 -r -C1 --line-number fo+|bar tree' \
            '-n 1 -r -o -i \w+_end tree' '-n 3 -r -c -v x tree' \
            '-n 2 -r --sort=path -l the tree' '-n 1 -r -O -o (?<=\s)foo tree' \
            '-n 2 -L -L -L -L -L -L -L -L -L -L -L -L -L -L -c end tree/big' \
            '-n 2 -r --json -C1 -e foo -e bar|é -e ab+ tree'; do
  # shellcheck disable=SC2086
  $vg grab $args >out 2>err
  status=$?
  test $status = 99 && { echo "valgrind: grab $args"; cat err; fail=1; }
  test $status = 2 && { cat err; fail=1; }
done
Exit ${fail-0}
