#!/bin/sh
# A tree deeper than PATH_MAX is searched (paths too long for one system
# call are opened piece by piece), as grep -r does it.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

name=dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd
mkdir top || framework_failure_
(
  cd top || exit 1
  for i in $(seq 80); do
    mkdir $name && cd -P $name || exit 1
    test $((i % 20)) = 0 && echo "needle $i" >f
  done
  echo "needle at the bottom" >bottom
) || framework_failure_

grep -r needle top | LC_ALL=C $REF_SORT >exp || framework_failure_
test "$(wc -l <exp)" = 5 || framework_failure_
for n in $test_threads; do
  grab -n $n -r needle top | LC_ALL=C $REF_SORT >out || fail=1
  compare exp out || fail=1
done
Exit ${fail-0}
