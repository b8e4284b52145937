#!/bin/sh
# rat needs no big buffers: with virtual memory limited to what
# 'rat --version' needs plus 12 MiB (as coreutils tests cat), it copies on
# every path (splice, read/write, formatting, --color, --progress) and
# reports ENOSPC promptly.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

# The smallest 'ulimit -v' (KiB) under which rat starts, by bisection.
lo=0 hi=262144
(ulimit -v $hi && rat --version) >/dev/null 2>&1 \
  || skip_ "rat needs more than $hi KiB of address space (a sanitizer?)"
while test $((hi - lo)) -gt 256; do
  mid=$(((lo + hi) / 2))
  if (ulimit -v $mid && rat --version) >/dev/null 2>&1; then
    hi=$mid
  else
    lo=$mid
  fi
done
limit=$((hi + 12288))

fail=0
seq 700000 >big || framework_failure_
for o in '' --no-splice -n -A '--color=always' '--progress=always' \
         '--timestamp'; do
  (ulimit -v $limit && rat $o /dev/zero 2>err) | head -c 20000000 >/dev/null
  (ulimit -v $limit && rat $o big 2>/dev/null) >out || fail=1
  test -s out || fail=1
  if test -w /dev/full && test -c /dev/full; then
    (ulimit -v $limit && rat $o /dev/zero >/dev/full 2>err)
    test $? = 1 || { echo "status with $o"; fail=1; }
    grep 'write error: No space left on device' err >/dev/null || fail=1
  fi
done

Exit $fail
