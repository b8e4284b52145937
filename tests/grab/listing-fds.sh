#!/bin/sh
# The walk keeps a directory open while its entries wait to be searched,
# to open each by its name there (walk.c, struct listing); a tree whose
# every level leaves entries waiting holds one open a level.  With 64
# descriptors allowed and 300 levels, grab must keep within the limit,
# opening the rest by their paths: the output is grep -r's.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

mkdir top || framework_failure_
(
  cd top || exit 1
  for i in $(seq 300); do
    echo "needle $i f1" >f1 && mkdir d && echo "needle $i f2" >f2 \
      && echo "needle $i f3" >f3 && cd d || exit 1
  done
) || framework_failure_

grep -r needle top | LC_ALL=C $REF_SORT >exp || framework_failure_
test "$(wc -l <exp)" = 900 || framework_failure_
# --sort=path queues each directory's entries by name: 'd' before the
# files, whatever order the file system lists them in, so that the files
# of every level wait.
for n in $test_threads; do
  for sort in --sort=path ''; do
    (ulimit -n 64 && grab -n $n -r $sort needle top) >out 2>err
    test $? = 0 || fail=1
    compare /dev/null err || fail=1
    LC_ALL=C $REF_SORT out >out.s
    compare exp out.s || fail=1
  done
done
Exit ${fail-0}
