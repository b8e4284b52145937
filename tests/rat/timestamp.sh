#!/bin/sh
# --timestamp[=FMT]: each output line starts with strftime FMT of the time
# its first byte was read, and a space, before the -n number; %3N %6N %9N
# give fractions of seconds; the default shape; long formats; a line read
# in two parts keeps the time of its first part.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
printf 'a\n\nb\n' >in

before=$(date +%s)
rat --timestamp=%s in >out || fail=1
after=$(date +%s)
test "$(wc -l <out)" = 3 || fail=1
while read -r t rest; do
  test "$before" -le "$t" && test "$t" -le "$after" || { echo "time $t"; fail=1; }
done <out
sed 's/^[0-9]* //' out >text
compare in text || fail=1

rat --timestamp in >out || fail=1
grep -Ev '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} (a|b|)$' out \
  && fail=1
rat --timestamp='%s.%3N|%6N|%9N' in >out || fail=1
grep -Ev '^[0-9]+\.[0-9]{3}\|[0-9]{6}\|[0-9]{9} (a|b|)$' out && fail=1

# Numbers come after the stamp; -b leaves empty lines unnumbered but
# stamped; -s drops the squeezed lines, stamps and all.
rat --timestamp=T -n in >out || fail=1
printf 'T      1\ta\nT      2\t\nT      3\tb\n' >exp
compare exp out || fail=1
rat --timestamp=T -b in >out || fail=1
printf 'T      1\ta\nT \nT      2\tb\n' >exp
compare exp out || fail=1
printf '\n\n\nx' | rat --timestamp=T -s >out || fail=1
printf 'T \nT x' >exp
compare exp out || fail=1

# A stamp longer than any first guess of its size.
long=%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y%Y
printf 'x\n' | rat --timestamp=$long >out || fail=1
test "$(cut -d' ' -f1 out | wc -c)" = 121 || fail=1

# Lines are stamped when their first byte is read, not when they end:
# the first line's stamp comes before its end was written, the second's
# after.  The writer goes on only once rat has read the 'a' (the pipe
# holds nothing: FIONREAD, 0x541B on Linux, 60 s at most), so that a
# loaded machine's late start of rat cannot fail the test.
perl -e '
  $| = 1;
  print "a";
  for (1 .. 600) {
    my $n = pack ("i", 1);
    last if ioctl (STDOUT, 0x541B, $n) && unpack ("i", $n) == 0;
    select (undef, undef, undef, 0.1);
  }
  select (undef, undef, undef, 0.5);
  system ("date +%s.%N >tb");
  print "b\nc\n";
' | rat --timestamp=%s.%N >out || fail=1
test "$(sed -n 1p out | cut -d' ' -f2)" = ab || fail=1
t1=$(sed -n 1p out | cut -d' ' -f1) t2=$(sed -n 2p out | cut -d' ' -f1)
awk -v a="$t1" -v b="$(cat tb)" -v c="$t2" 'BEGIN { exit !(a < b && b <= c) }' \
  || { echo "stamps $t1 $(cat tb) $t2"; fail=1; }

Exit $fail
