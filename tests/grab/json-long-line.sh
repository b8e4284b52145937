#!/bin/sh
# --json escapes a long line in pieces: a 30 MB line goes out within 150 MB of address space (reserving six bytes for each of its bytes at once took more than 200 MB), its text intact.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

# A sanitizer's runtime needs terabytes of address space.
if readelf -d "$abs_top_builddir/src/grabrat" 2>/dev/null \
   | grep -q -e asan -e tsan -e ubsan; then
  skip_ "sanitizer build"
fi
# dash and bash have ulimit -v; a shell without it skips.
(ulimit -v 150000) 2>/dev/null || skip_ "ulimit -v does not work"

{ head -c 30000000 /dev/zero | tr '\0' 'a' && echo; } >long \
  || framework_failure_
for e in $(grab_engine_opts_); do
  (ulimit -v 150000 && exec grab $(engine_opt_ $e) -n 1 --json '^a' long) \
    >out 2>err || { cat err; fail=1; }
  compare /dev/null err || fail=1
  # The match record holds the line: 30 MB and the record around it.
  test "$(sed -n 2p out | wc -c)" -gt 30000000 || fail=1
done
Exit ${fail-0}
