#!/bin/sh
# With several threads, one file's output never mixes with another's, not
# even the output of a file big enough to be streamed (over 1 MiB); each
# file's lines stay in order.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

mkdir d || framework_failure_
for i in $(seq 12); do
  awk -v f=$i 'BEGIN { for (j = 1; j <= 3000; j++) print "file " f " line " j }' \
    >d/f$i || framework_failure_
done
awk 'BEGIN { for (j = 1; j <= 100000; j++)
               print "file big line " j " padding padding padding" }' \
  >d/big || framework_failure_

for n in 2 4 8; do
  grab -n $n -r -h line d >out || fail=1
  # Each file's lines come in one run, in order.
  awk '{ f = $2; n = $4 + 0
         if (f != cur) { if (f in seen) { print "file " f " split"; bad = 1 }
                         seen[f] = 1; cur = f; last = 0 }
         if (n != last + 1) { print "file " f " out of order at " n; bad = 1 }
         last = n }
       END { exit bad }' out || fail=1
  test "$(wc -l <out)" = $((12 * 3000 + 100000)) || fail=1
done

# Many missing operands, searched by several threads at once: each message
# is a whole line.  (glibc's error () writes it in pieces; mixed lines
# showed up here in most runs before grab wrote each message at once.)
names=$(seq -f 'no-such-%g' 1000)
for n in 2 4 8; do
  # shellcheck disable=SC2086
  returns_ 2 grab -n $n foo $names 2>err || fail=1
  for name in $names; do
    echo "grab: $name: No such file or directory"
  done | LC_ALL=C $REF_SORT >exp
  LC_ALL=C $REF_SORT err >errs
  compare exp errs || fail=1
done
Exit ${fail-0}
