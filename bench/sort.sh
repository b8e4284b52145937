#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/sort.sh: grabrat's sort against GNU sort (and shuf for -R) on the
# corpus in ~/.cache/grabrat-bench, contenders interleaved in the same
# run; then peak RSS of each case (/usr/bin/time -f %M), and start-up.
# Targets (from the issue): -R >= 20x faster than GNU sort -R and
# <= 2x shuf; plain, -n, -u, -t, -k2,2 <= 1.0x GNU sort (ratio column
# >= 1.0); start-up <= 1.05x GNU sort; peak RSS <= 1.5x GNU sort's.
# Usage: bench/sort.sh [startup-runs]   (ROUNDS=5 by default; LC_ALL=C)
. "$(dirname "$0")/lib.sh"
S=$GRABRAT_BUILD/sort
G=/usr/bin/sort
C=${BENCH_CORPUS:-$HOME/.cache/grabrat-bench}
N=${1:-2000}
LC_ALL=C; export LC_ALL

nums=$C/1M.txt words=$C/words1M.txt
test -r "$nums" && test -r "$words" || { echo "no corpus in $C" >&2; exit 1; }
# Derived inputs, made once: the numbers shuffled (a fixed order), and
# 1M comma-separated records whose second field repeats often.
shuffled=$C/1M-shuffled.txt csv=$C/csv1M.txt
test -s "$shuffled" || shuf --random-source="$nums" "$nums" >"$shuffled"
test -s "$csv" || awk 'NR == FNR { w[n++] = $0; next }
  { print w[FNR % n] "," w[(FNR * 7) % 1000] "," $0 }' "$words" "$nums" >"$csv"
seed=$(mktemp) && printf '%s' 0123456789abcdef >"$seed"

race "-R, 1M numbers" \
  "sort -R (grabrat)" "$S -R --random-source=$seed $nums" \
  "GNU sort -R" "$G -R --random-source=$seed $nums" \
  "shuf" "shuf $nums"
race "-R, $(wc -l <"$words") words with duplicates" \
  "sort -R (grabrat)" "$S -R --random-source=$seed $words" \
  "GNU sort -R" "$G -R --random-source=$seed $words" \
  "shuf" "shuf $words"
for f in "$nums" "$shuffled"; do
  for o in "" -n -u; do
    race "sort $o $(basename "$f")" \
      "sort $o (grabrat)" "$S $o $f" "GNU sort $o" "$G $o $f"
  done
done
race "sort -t, -k2,2 $(basename "$csv")" \
  "sort -t, -k2,2 (grabrat)" "$S -t, -k2,2 $csv" \
  "GNU sort -t, -k2,2" "$G -t, -k2,2 $csv"
race "start-up: sort /dev/null -k{} x $N" \
  "sort (grabrat)" "seq $N | xargs -I{} $S /dev/null -k{}" \
  "GNU sort" "seq $N | xargs -I{} $G /dev/null -k{}"

printf '\n== peak RSS (KB, one run each)\n'
rss () { /usr/bin/time -f %M sh -c "exec $* >/dev/null" 2>&1 | tail -n 1; }
for c in "-R --random-source=$seed $nums" "-R --random-source=$seed $words" \
         "$nums" "-n $nums" "-u $nums" "$shuffled" "-n $shuffled" \
         "-t, -k2,2 $csv"; do
  ours=$(rss "$S $c") gnu=$(rss "$G $c")
  awk -v c="$c" -v o="$ours" -v g="$gnu" -v d="$C/" 'BEGIN {
    gsub(d, "", c); sub(/--random-source=[^ ]* /, "", c)
    printf "  %-28s ours %8d  GNU %8d  ours/GNU %5.2f\n", c, o, g, o / g }'
done
rm -f "$seed"
