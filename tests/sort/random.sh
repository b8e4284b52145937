#!/bin/sh
# sort -R properties: the output is a permutation of the input; equal
# keys (after -f) come out adjacent; the same --random-source gives the
# same output every run, with any thread count; different sources give
# different orders; -r gives exactly the reverse order; and the orders
# are uniform (chi-square over 960 seeds of a 4-line input).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
test "$REF_SORT" != false || skip_ "GNU sort not found"

fail=0
seq 5000 >in || framework_failure_
printf '%s' 0123456789abcdef >seed1
printf '%s' fedcba9876543210 >seed2

# A permutation, and not the identity.
sort -R --random-source=seed1 in >out1 || fail=1
$REF_SORT -n out1 >perm
compare in perm || fail=1
cmp -s in out1 && fail=1

# Same seed, same order (also with 1 and 4 threads and a small buffer
# that forces temporary files); another seed, another order.
sort -R --random-source=seed1 in >again || fail=1
compare out1 again || fail=1
for opts in --parallel=1 --parallel=4 '-S 20k'; do
  # shellcheck disable=SC2086
  sort -R --random-source=seed1 $opts in >again || fail=1
  compare out1 again || fail=1
done
sort -R --random-source=seed2 in >out2 || fail=1
cmp -s out1 out2 && fail=1

# -r reverses exactly, even with duplicate keys.
sed 's/0$//' in >dups
sort -R --random-source=seed1 dups >fwd || fail=1
sort -R -r --random-source=seed1 dups | tac >rev || fail=1
compare fwd rev || fail=1

# Equal keys adjacent: with -f, all case variants of a word form one run.
for w in alpha beta gamma delta epsilon; do
  for v in "$w" "$(echo $w | tr a-z A-Z)" "$(echo $w | sed 's/^./\U&/')"; do
    echo "$v"; echo "$v"
  done
done >words
sort -fR --random-source=seed2 words >out || fail=1
tr A-Z a-z <out | uniq | wc -l >runs
echo 5 >exp
compare exp runs || fail=1
# Within a run the last resort orders the lines bytewise (not with -s).
sort -fR --random-source=seed2 words | awk '
  { k = tolower($0); if (k == prev && $0 < last) bad = 1; prev = k; last = $0 }
  END { exit bad }' || fail=1

# Uniformity: each of the 24 orders of 4 lines about 1/24 of the time.
# The seeds are fixed, so this cannot fail by chance on another run.
printf 'a\nb\nc\nd\n' >four
i=0
while test $i -lt 960; do
  printf '%016d' $i >s
  sort -R --random-source=s four | tr -d '\n'
  echo
  i=$((i + 1))
done >orders
$REF_SORT orders | uniq -c >counts
test "$(wc -l <counts)" -eq 24 || fail=1
# chi-square, 23 degrees of freedom: 49.7 is the 0.1% critical value.
awk '{ d = $1 - 40; x += d * d / 40 } END { print x; exit !(x < 49.7) }' \
  counts || { cat counts; fail=1; }

Exit $fail
