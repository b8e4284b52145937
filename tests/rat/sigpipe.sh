#!/bin/sh
# A closed pipe: with SIGPIPE at its default rat dies of it silently (no
# handler is installed); with SIGPIPE ignored the write fails with EPIPE
# and rat says "write error: Broken pipe" and exits 1 - on the splice,
# read/write and formatting paths alike.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
head -c 2000000 /dev/zero >big || framework_failure_

for opts in '' -n --no-splice; do
  for in in /dev/zero big; do
    (rat $opts $in; echo $? >status) | head -c 10 >/dev/null
    test "$(cat status)" = 141 || { echo "status $(cat status) $opts $in"; fail=1; }
  done
done

# With SIGPIPE ignored (inherited: rat must not reset it).
trap '' PIPE
for opts in '' -n --no-splice; do
  for in in /dev/zero big; do
    (rat $opts $in 2>err; echo $? >status) | head -c 10 >/dev/null
    test "$(cat status)" = 1 || { echo "status $(cat status) $opts $in"; fail=1; }
    echo 'rat: write error: Broken pipe' >exp
    compare exp err || fail=1
  done
done

Exit $fail
