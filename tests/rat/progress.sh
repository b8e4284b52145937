#!/bin/sh
# --progress: a meter on stderr (bytes, time, rate; with a known total
# also a bar, percentage and ETA), drawn at most 10 times a second, only
# on a terminal unless --progress=always; the copy itself is unchanged on
# every path; a diagnostic starts on a line of its own.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
seq 700000 >big || framework_failure_
cr=$(printf '\r')

# The output is the same on the copy_file_range, splice, read/write and
# formatting paths; the last drawing shows the whole size at 100%.
for o in '' --no-splice -n; do
  rat --progress=always $o big >out 2>err || fail=1
  cat ${o%--no-splice} big >exp || framework_failure_
  compare exp out || fail=1
  rat --progress=always $o big 2>err | cat >out || fail=1
  compare exp out || fail=1
  tail -n 1 err | tr "$cr" '\n' | tail -n 1 >last
  grep '^4\.[0-9]*MiB [0-9]*:[0-9][0-9]:[0-9][0-9] \[.*B/s\] \[=*\] 100% ETA' \
    last >/dev/null || { cat last; fail=1; }
done

# A stream has no known total: no percentage.
cat big | rat --progress=always 2>err >/dev/null || fail=1
grep '%' err && fail=1
grep 'MiB.*B/s\]' err >/dev/null || fail=1

# Not a terminal: nothing unless 'always'.
rat --progress big 2>err >/dev/null || fail=1
compare /dev/null err || fail=1
rat --progress=never big 2>err >/dev/null || fail=1
compare /dev/null err || fail=1

# At most 10 drawings a second: a 1.5 s trickle draws some, not many
# (the bound from the time it really took: a loaded machine stretches it).
t0=$(date +%s.%N)
(for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do echo $i; sleep .1; done) \
  | rat --progress=always >/dev/null 2>err || fail=1
t1=$(date +%s.%N)
n=$(tr -cd "$cr" <err | wc -c)
awk -v n="$n" -v t0="$t0" -v t1="$t1" \
  'BEGIN { exit !(2 <= n && n <= 10 * (t1 - t0) + 3) }' ||
  { echo "$n drawings in $t0 .. $t1"; fail=1; }

# A diagnostic after a drawing starts on a fresh line.
(printf a; sleep .3; printf b) | rat --progress=always - nope >out 2>err
test $? = 1 || fail=1
printf 'ab' >exp
compare exp out || fail=1
grep '^rat: nope: No such file or directory$' err >/dev/null || fail=1

# On a terminal the default draws.
if script -qec true /dev/null >/dev/null 2>&1; then
  script -qec 'rat --progress big >/dev/null' /dev/null >out </dev/null
  grep '100%' out >/dev/null || fail=1
fi

Exit $fail
