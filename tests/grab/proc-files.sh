#!/bin/sh
# Files whose size reads 0 but that have content (/proc, /sys) are
# searched, not skipped as "too short to match": grab prints what grep
# prints for them, as operands and under -r.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
test -r /proc/cpuinfo || skip_ "no /proc/cpuinfo"
test "$(wc -c </proc/cpuinfo)" -gt 0 || skip_ "empty /proc/cpuinfo"

fail=0
# /proc/cpuinfo is stable while the test runs; a copy is the expectation.
cp /proc/cpuinfo cpuinfo || framework_failure_
for opts in '' -o -l --line-number -A1 -c -v -x; do
  # shellcheck disable=SC2086
  grep -P -a $opts -e 'processor|model' cpuinfo \
    | sed 's|^cpuinfo|/proc/cpuinfo|' >exp
  # shellcheck disable=SC2086
  grab $opts -e 'processor|model' /proc/cpuinfo >out
  compare exp out || { echo "options: $opts"; fail=1; }
done

# Under -r too (a sysfs or procfs directory of small files).
grab -n 1 -r -c processor /proc/sys/kernel/ostype /proc/cpuinfo >out || fail=1
grep -c processor cpuinfo | sed 's|^|/proc/cpuinfo:|' >exp
echo /proc/sys/kernel/ostype:0 | cat - exp >exp2
compare exp2 out || fail=1
# ostype reads "Linux": found although its size reads 0.
grab -r -l Linux /proc/sys/kernel >out 2>/dev/null
grep -x /proc/sys/kernel/ostype out >/dev/null || fail=1
Exit $fail
