# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/lib.sh: helpers shared by the bench/*.sh scripts (sourced).
# A benchmark here is a race between contenders in the SAME run, interleaved
# round by round (the machines are shared and noisy: absolute times drift,
# ratios much less).  Each script prints a table of median times and the
# ratio of each contender to ours.

# Locate the grabrat build: $GRABRAT_BIN or ../src/grabrat from this file.
bench_dir=$(cd "$(dirname "$0")" && pwd)
: "${GRABRAT_BUILD:=$bench_dir/../src}"
GRABRAT_BUILD=$(cd "$GRABRAT_BUILD" && pwd) || exit 1
: "${ROUNDS:=5}"

# ripgrep 15.2.0, the upstream release build (../shared/peers beside this
# repository; RG15 overrides), raced beside Debian's ripgrep 13 ('rg').
# RG15 is emptied when it is missing, and the races leave it out.
: "${RG15:=$bench_dir/../../shared/peers/rg-15.2.0}"
[ -x "$RG15" ] || { echo "no ripgrep 15.2 at $RG15: raced without it" >&2; RG15=; }

# now: seconds since the epoch with nanoseconds.
now () { date +%s.%N; }

# time_cmd CMD: run CMD (through sh -c) and print its wall time, or
# "error" if it exited with a status above 1 (it cannot do the job: an
# unsupported pattern, say), or "timeout" after BENCH_TIMEOUT seconds
# (default 120).  RACE_SETUP, if set, is run (through sh -c) before each
# timed run, untimed (dropping the page cache, say).
# The commands run in the caller's locale (bench/startup.sh under
# LC_ALL=de_DE.UTF-8 times the catalogs' loading); the numbers are
# written and read in C's, or a decimal comma made 5.43 s "5".
time_cmd ()
{
  [ -n "${RACE_SETUP-}" ] && sh -c "$RACE_SETUP"
  t0=$(now)
  timeout "${BENCH_TIMEOUT:-120}" sh -c "$1" >/dev/null 2>&1
  st=$?
  t1=$(now)
  if [ $st = 124 ]; then echo timeout; return; fi
  if [ $st -gt 1 ]; then echo error; return; fi
  echo "$t0 $t1" | LC_ALL=C awk '{ printf "%.6f\n", $2 - $1 }'
}

# median: of the numbers on stdin.
median ()
{
  LC_ALL=C /usr/bin/sort -g | LC_ALL=C awk '{ a[NR] = $1 } END {
    if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# race TITLE NAME1 CMD1 NAME2 CMD2 ...: ROUNDS interleaved rounds; the first
# contender is ours; a contender with an empty CMD is left out.  Prints
# one line per contender: median seconds and the ratio contender/ours
# (> 1 means ours is faster).  Each round starts with the next
# contender: whoever runs first after a case's setup can pay for
# it (1 GiB onto tmpfs took rat 2.2 s when it ran first, 0.36 s after
# busybox; rat was first in every round until then).  When RACE_FLOOR names
# one of the contenders, each line also gives its time over that one's.
race ()
{
  title=$1; shift
  # A contender whose command is empty (a peer that is missing, as
  # ${RG15:+...} gives) is left out.
  r_n=$#
  while [ "$r_n" -gt 0 ]; do
    [ -n "$2" ] && set -- "$@" "$1" "$2"
    shift 2; r_n=$((r_n - 2))
  done
  tmp=$(mktemp -d) || exit 1
  n=$(($# / 2))
  for r in $(seq "$ROUNDS"); do
    for i in $(seq 0 $((n - 1))); do
      j=$(((i + r - 1) % n))
      eval "cmd=\${$((2 * j + 2))}"
      time_cmd "$cmd" >>"$tmp/$j"
    done
  done
  printf '\n== %s (median of %s rounds)\n' "$title" "$ROUNDS"
  ours=$(median <"$tmp/0")
  floor=0 j=0 k=1
  while [ $k -le $# ]; do
    eval "name=\${$k}"
    [ "$name" = "${RACE_FLOOR-}" ] && ! grep -q 'error\|timeout' "$tmp/$j" \
      && floor=$(median <"$tmp/$j")
    j=$((j + 1)) k=$((k + 2))
  done
  j=0 k=1
  while [ $k -le $# ]; do
    eval "name=\${$k}"
    if grep -q error "$tmp/$j"; then
      printf '  %-28s    (fails: cannot do this)\n' "$name"
    elif grep -q timeout "$tmp/$j"; then
      printf '  %-28s    (over %s s)\n' "$name" "${BENCH_TIMEOUT:-120}"
    else
      m=$(median <"$tmp/$j")
      LC_ALL=C awk -v n="$name" -v m="$m" -v o="$ours" -v f="$floor" 'BEGIN {
        printf "  %-28s %9.4f s   ratio %6.2f", n, m, (o > 0 ? m / o : 0)
        if (f > 0) printf "   over floor %6.2f", m / f
        printf "\n" }'
    fi
    j=$((j + 1)) k=$((k + 2))
  done
  rm -rf "$tmp"
}

# rss_row TITLE NAME CMD...: peak memory, warm: the median of ROUNDS runs
# of GNU time's %M (KiB) of each CMD, and each over the first's (an empty
# CMD is skipped).  Uses the files $out.2 and $out.rss.
rss_row ()
{
  r_title=$1
  shift
  printf '\n== peak RSS in KiB, %s (median of %s runs)\n' "$r_title" "$ROUNDS"
  r_ours=
  while [ $# -gt 1 ]; do
    [ -n "$2" ] || { shift 2; continue; }
    for r in $(seq "$ROUNDS"); do
      /usr/bin/time -f %M -o "$out.2" sh -c "exec $2" >/dev/null 2>&1
      tail -n 1 "$out.2"
    done | median >"$out.rss"
    m=$(cat "$out.rss")
    : "${r_ours:=$m}"
    LC_ALL=C awk -v n="$1" -v m="$m" -v o="$r_ours" 'BEGIN {
      printf "  %-28s %9d KiB   ratio %6.2f\n", n, m, m / o }'
    shift 2
  done
}

# word_lists DIR TREE: word lists for -f in $W=DIR/words (20 and 200):
# identifiers of one file of the Linux TREE (the same lists on every
# machine with this corpus).
word_lists ()
{
  W=$1/words
  mkdir -p "$W" || exit 1
  grep -oh '\b[a-z_][a-z_0-9]\{7,\}\b' "$2/kernel/sched/core.c" \
    | LC_ALL=C /usr/bin/sort -u >"$W/all"
  awk 'NR % 3 == 1' "$W/all" | head -n 200 >"$W/200"
  awk 'NR % 29 == 1' "$W/all" | head -n 20 >"$W/20"
}
