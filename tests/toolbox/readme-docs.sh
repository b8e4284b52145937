#!/bin/sh
# README stays what a newcomer needs (its quick start the two commands CI runs, no benchmark tables, a short comparison linking doc/benchmarks.md, under 24 KB); doc/benchmarks.md says it is generated and holds a marked section per bench script, each naming its command and date; bench/to-doc.sh replaces one section from a run's output and leaves the rest as it was.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
readme=$abs_top_srcdir/README doc=$abs_top_srcdir/doc/benchmarks.md
bad_ () { echo "$1"; fail=1; }

# The quick start, extracted as .ci/run extracts it.
sed -n '/^<!-- quick-start -->/,/^<!-- end -->/p' "$readme" | grep '^    ' \
  | sed 's/^    //' >quick
cat >exp <<'EOF'
./bootstrap --deps && ./configure && make -j"$(nproc)" && src/grab -r -n 2 'GNU (Lesser )?General Public' /usr/share/common-licenses | head -n 5
make -j"$(nproc)" check
EOF
compare exp quick || bad_ "README: the quick start changed"
sh -n quick || bad_ "README: the quick start is not shell"

size=$(wc -c <"$readme")
test "$size" -lt 24576 || bad_ "README: $size bytes, over 24 KB"
# bench/table.awk's rows and bench/lib.sh's race blocks live in the doc.
grep -n -e '^    case  ' -e '(median of [0-9]* rounds)' -e ' ratio  *[0-9]' \
  "$readme" && bad_ "README: benchmark tables"
for h in 'Quick start' Install grab rat sort grep 'How it compares'; do
  grep -x -A1 "$h" "$readme" | grep '^--*$' >/dev/null \
    || bad_ "README: no section '$h'"
done
sed -n '/^How it compares$/,/^Reporting bugs$/p' "$readme" >cmp
grep 'doc/benchmarks\.md' cmp >/dev/null \
  || bad_ "README: How it compares does not link doc/benchmarks.md"
test "$(grep -c '^|' cmp)" -le 14 || bad_ "README: the comparison is not short"

test -s "$doc" || bad_ "no doc/benchmarks.md"
grep 'Generated' "$doc" >/dev/null || bad_ "doc/benchmarks.md: not said to be generated"
for n in startup grab grep rat sort; do
  test "$(grep -c -x -e "<!-- bench $n -->" -e "<!-- end bench $n -->" "$doc")" = 2 \
    || { bad_ "doc/benchmarks.md: no section $n"; continue; }
  sed -n "/^<!-- bench $n -->\$/,/^<!-- end bench $n -->\$/p" "$doc" >sec
  grep "bench/$n\.sh" sec >/dev/null || bad_ "doc/benchmarks.md: $n: no command"
  grep '20[0-9][0-9]-[01][0-9]-[0-3][0-9]' sec >/dev/null \
    || bad_ "doc/benchmarks.md: $n: no date"
done

# A run's output (bench/lib.sh's race format) into a copy of the doc.
cp "$doc" doc.md || framework_failure_
cat >run.out <<'EOF'

== sort -u 1M.txt (median of 3 rounds)
  sort -u (grabrat)               0.0610 s   ratio   1.00
  GNU sort -u                     0.1020 s   ratio   1.67
EOF
sh "$abs_top_srcdir/bench/to-doc.sh" --doc doc.md --output run.out sort 2000 \
  >out 2>err || { cat err; bad_ "bench/to-doc.sh failed"; }
sed -n '/^<!-- bench sort -->$/,/^<!-- end bench sort -->$/p' doc.md >sec
grep '^`ROUNDS=[0-9]* sh bench/sort.sh 2000`, run 20.* UTC to .* UTC on .*; grabrat at ' \
  sec >/dev/null || { cat sec; bad_ "to-doc: no command, date, machine"; }
printf '%s\n' '    sort -u 1M.txt                         0.061 s         1.67' >exp
grep -F -x -f exp sec >/dev/null || { cat sec; bad_ "to-doc: no table"; }
grep '0\.076' sec && bad_ "to-doc: the old table stayed"
# The rest of the document is untouched.
strip_ () { sed '/^<!-- bench sort -->$/,/^<!-- end bench sort -->$/d' "$1"; }
strip_ "$doc" >exp
strip_ doc.md >out
compare exp out || bad_ "to-doc: changed other sections"
returns_ 1 sh "$abs_top_srcdir/bench/to-doc.sh" --doc doc.md --output run.out \
  nosuch >/dev/null 2>&1 || bad_ "to-doc: a missing section is no error"

Exit $fail
