#!/bin/sh
# Files whose size says 0 (/proc, /sys) are read to their end, not taken
# as empty, on the plain and the formatting paths, to a pipe and to a
# regular file (where copy_file_range returns 0 or EXDEV on them).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

test -r /proc/cpuinfo || skip_ "no /proc/cpuinfo"
fail=0

for f in /proc/cpuinfo /proc/self/maps /proc/version /sys/kernel/osrelease; do
  test -r $f || continue
  # /proc/self/maps describes the reader: compare sizes of the same run.
  rat $f >out1 || fail=1
  rat -E $f | tr -d '$' >out2 || fail=1
  test -s out1 || { echo "empty: $f"; fail=1; }
  case $f in
    */maps) ;;
    *) compare out1 out2 || fail=1
       cat $f >exp || framework_failure_
       compare exp out1 || fail=1
       rat $f | cat >out3 || fail=1
       compare exp out3 || fail=1 ;;
  esac
done

Exit $fail
