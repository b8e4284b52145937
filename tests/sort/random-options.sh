#!/bin/sh
# sort -R with other options: R with n/g/h/M/d/i in a key is rejected
# with GNU sort's message and status; a bad --random-source fails like
# GNU sort ("end of file", "read error", open errors) but is not read
# without -R; -k2,2R keeps ties in byte order (input order with -s);
# -Ru prints one line per key; R keys can follow other keys; -c, -m and
# a UTF-8 locale work with -R.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
printf '%s' 0123456789abcdef >seed
: >empty
mkdir dir
printf 'b 1\na 2\n' >in

# Diagnostics and exit statuses, compared with GNU sort.
while IFS= read -r opts; do
  # shellcheck disable=SC2086
  diff_run_ C in $opts
done <<'EOF'
-nR
-Rn
-k1,1Rg
--sort=random -n
-hR
-MR
-dR -n
-k2,2hiR
-R --random-source=empty
-R --random-source=/nonexistent/file
-R --random-source=dir
-R --random-source=seed --random-source=empty
--random-source=/nonexistent/file
EOF
# -V is ignored with -R; keys equal after -d and -f check as sorted.
sort -RV in >/dev/null || fail=1
printf '.ABC\nabc..\n' >same
diff_run_ C same -c -dfR
diff_run_ C same -C -dfR
diff_report_ || fail=1

# Ties of a -k2,2R key: byte order of whole lines, or input order (-s).
printf 'z x\ny x\nx y\nw x\nv y\n' >ties
sort -k2,2R --random-source=seed ties >out || fail=1
for f in x y; do
  grep " $f\$" out >got
  grep " $f\$" ties | $REF_SORT >exp
  compare exp got || fail=1
done
sort -s -k2,2R --random-source=seed ties >out || fail=1
for f in x y; do
  grep " $f\$" out >got
  grep " $f\$" ties >exp
  compare exp got || fail=1
done

# -Ru: one line per distinct key, each key's first line.
seq 300 | sed 's/^\(.*\)\(.\)$/\2 \1/' >keyed
sort -Ru -k1,1 --random-source=seed keyed >out || fail=1
cut -d' ' -f1 out | $REF_SORT >got
seq 0 9 >exp
compare exp got || fail=1
for k in $(seq 0 9); do
  grep "^$k " keyed | head -n 1
done | $REF_SORT >exp
$REF_SORT out >got
compare exp got || fail=1

# A numeric key first, then a random one: numbers in order.
sort -k1,1n -k2,2R --random-source=seed keyed >out || fail=1
cut -d' ' -f1 out >got
cut -d' ' -f1 keyed | $REF_SORT -n >exp
compare exp got || fail=1

# -m with -R merges inputs sorted with the same seed.
seq 100 >a
seq 101 200 >b
sort -R --random-source=seed a >ra || fail=1
sort -R --random-source=seed b >rb || fail=1
sort -m -R --random-source=seed ra rb >got || fail=1
cat a b | sort -R --random-source=seed >exp || fail=1
compare exp got || fail=1

# In a UTF-8 locale (keys hashed after strxfrm): still a permutation,
# and still reproducible.
for l in C.UTF-8 C.utf8; do
  test "$(LC_ALL=$l locale charmap 2>/dev/null)" = UTF-8 || continue
  printf '%s\n' é e É ü u z a é é >utf
  LC_ALL=$l sort -R --random-source=seed utf >out1 || fail=1
  LC_ALL=$l sort -R --random-source=seed utf >out2 || fail=1
  compare out1 out2 || fail=1
  $REF_SORT utf >exp
  $REF_SORT out1 >got
  compare exp got || fail=1
  test "$(grep -c . out1)" = 9 && test "$(uniq out1 | grep -c é)" = 1 \
    || fail=1
  break
done

Exit $fail
