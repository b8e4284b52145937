#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/rat.sh: rat against GNU cat (/usr/bin/cat), uutils cat, busybox
# cat and pv -q (where it fits), each case a race of interleaved runs
# (bench/lib.sh): median seconds and the ratio contender/rat (> 1: rat is
# faster).  Cases: a 1 GiB cached file into a pipe (read by pv -q, which
# splices, and by dd, which reads), pipe to pipe (between pv -q and
# between two rats, after head -c, after a slow producer), /dev/zero and
# yes into a pipe (4 GiB, pv -S stops them), file to file on the same file system and
# onto tmpfs, -n and -A over ~1.1 GiB of C source, 5000 small files, and
# start-up (500 runs on /dev/null).  Then the peak resident set of each
# tool on three cases (GNU time's %M).
# Files live in $GRABRAT_BENCH (default ~/.cache/grabrat-bench): test.rand
# (1 GiB) and big.txt (text) are made if missing, rat-small/ likewise.
# Usage: bench/rat.sh [CASE...]   (ROUNDS=5; CASE: pipe read pipe2 pipe2z zero
#        yes headc slow file tmpfs n A small start progress rss; default
#        all)
. "$(dirname "$0")/lib.sh"

D=${GRABRAT_BENCH:-$HOME/.cache/grabrat-bench}
mkdir -p "$D" || exit 1
RAT=$GRABRAT_BUILD/rat
GNU=/usr/bin/cat
UU=
if test -x /usr/lib/cargo/bin/coreutils/cat; then
  UU=/usr/lib/cargo/bin/coreutils/cat
elif coreutils cat /dev/null 2>/dev/null; then
  UU="coreutils cat"
fi
BB=
busybox cat /dev/null 2>/dev/null && BB="busybox cat"
PV=
command -v pv >/dev/null && PV=pv

F=$D/test.rand
T=$D/big.txt
test -s "$F" || head -c 1073741824 /dev/urandom >"$F" || exit 1
if ! test -s "$T"; then
  find /usr/include /usr/share -name '*.h' -size -200k 2>/dev/null \
    | head -n 20000 | xargs cat >"$T.1" || exit 1
  : >"$T"
  while test "$(wc -c <"$T")" -lt 1000000000; do cat "$T.1" >>"$T"; done
  rm -f "$T.1"
fi
S=$D/rat-small
if ! test -d "$S"; then
  mkdir "$S" || exit 1
  # 5000 files of 1 to 8 KiB cut from the text.
  awk -v dir="$S" 'BEGIN { srand(1) }
    { buf = buf $0 "\n"
      if (length (buf) >= want) {
        if (want) { f = sprintf ("%s/f%04d.txt", dir, n++); printf "%s", buf > f
                    close (f); if (n == 5000) exit }
        buf = ""; want = 1024 + int (rand () * 7168) } }' "$T"
fi
# Warm the page cache.
cat "$F" "$T" "$S"/* >/dev/null

O=$D/rat-bench.out
SHM=
if test -d /dev/shm && test -w /dev/shm; then
  SHM=/dev/shm/rat-bench.out.$$
fi
trap 'rm -f "$O" "$SHM"' 0

# case_ TITLE TEMPLATE [PV_COMMAND [CEILING]]: race the tools on TEMPLATE,
# a command with @ where the tool goes; pv -q runs PV_COMMAND, if given
# and not empty; CEILING is the same pipeline without the tool in the
# middle (what the producer and consumer alone can do).
case_ ()
{
  title=$1 tpl=$2 pv_cmd=${3-} ceiling=${4-}
  set -- "rat (grabrat)" "$(echo "$tpl" | sed "s|@|$RAT|g")" \
         "GNU cat 9.1" "$(echo "$tpl" | sed "s|@|$GNU|g")"
  test -n "$UU" && set -- "$@" "uutils cat" "$(echo "$tpl" | sed "s|@|$UU|g")"
  test -n "$BB" && set -- "$@" "busybox cat" "$(echo "$tpl" | sed "s|@|$BB|g")"
  test -n "$PV" && test -n "$pv_cmd" && set -- "$@" "pv -q" "$pv_cmd"
  test -n "$ceiling" && set -- "$@" "(no tool: ceiling)" "$ceiling"
  race "$title" "$@"
}
want ()
{
  test -z "$cases" && return 0
  case " $cases " in *" $1 "*) return 0 ;; esac
  return 1
}
cases=$*

want pipe && case_ "1 GiB file -> pipe -> pv -q" \
  "@ $F | pv -q >/dev/null" "pv -q $F | pv -q >/dev/null"
want read && case_ "1 GiB file -> pipe -> dd bs=128k (read())" \
  "@ $F | dd of=/dev/null bs=128k status=none" \
  "pv -q $F | dd of=/dev/null bs=128k status=none"
want pipe2 && case_ "pv -q 1 GiB file | X | pv -q (pipe -> pipe)" \
  "pv -q $F | @ | pv -q >/dev/null" "pv -q $F | pv -q | pv -q >/dev/null" \
  "pv -q $F | pv -q >/dev/null"
# The same with ends that never touch the data (rat splices the file in
# and /dev/null out, for every contender alike): pv's own cost caps the
# case above (its ceiling is ~4x GNU cat on 2 CPUs); this one shows what
# the tool in the middle costs.
want pipe2z && case_ "rat 1 GiB file | X | rat >/dev/null (pipe -> pipe)" \
  "$RAT $F | @ | $RAT >/dev/null" "$RAT $F | pv -q | $RAT >/dev/null" \
  "$RAT $F | $RAT >/dev/null"
want zero && case_ "X /dev/zero | pv -q -S -s 4G (4 GiB)" \
  "@ /dev/zero | pv -q -S -s 4G >/dev/null" \
  "pv -q /dev/zero | pv -q -S -s 4G >/dev/null" \
  "pv -q -S -s 4G /dev/zero >/dev/null"
want yes && case_ "yes | X | pv -q -S -s 4G (4 GiB)" \
  "yes | @ | pv -q -S -s 4G >/dev/null" \
  "yes | pv -q | pv -q -S -s 4G >/dev/null" \
  "yes | pv -q -S -s 4G >/dev/null"
# A producer that writes 4 KiB at a time (head -c does), and one slower
# than any tool in the middle (seq, 4 KiB writes): the tool's cost per
# wakeup shows, and what it does to the pipes around it.
want headc && case_ "yes | head -c 2G | X | pv -q (pipe -> pipe)" \
  "yes | head -c 2G | @ | pv -q >/dev/null" \
  "yes | head -c 2G | pv -q | pv -q >/dev/null" \
  "yes | head -c 2G | pv -q >/dev/null"
want slow && case_ "seq 40000000 | X | pv -q (slow producer)" \
  "seq 40000000 | @ | pv -q >/dev/null" \
  "seq 40000000 | pv -q | pv -q >/dev/null" \
  "seq 40000000 | pv -q >/dev/null"
want file && case_ "1 GiB file -> file, same file system" \
  "rm -f $O; @ $F >$O" "rm -f $O; pv -q $F >$O"
want tmpfs && test -n "$SHM" && case_ "1 GiB file -> file on tmpfs" \
  "rm -f $SHM; @ $F >$SHM" "rm -f $SHM; pv -q $F >$SHM"
rm -f "$O" "$SHM"
want n && case_ "-n, $(du -h "$T" | cut -f1) of C source -> /dev/null" \
  "@ -n $T >/dev/null"
want A && case_ "-A, $(du -h "$T" | cut -f1) of C source -> /dev/null" \
  "@ -A $T >/dev/null"
want small && case_ "5000 files of 1-8 KiB -> /dev/null" "@ $S/* >/dev/null"
want start && case_ "start-up: X /dev/null x 500" \
  "seq 500 | xargs -I{} @ /dev/null"
# What --progress costs (the issue allows 2%), on the splice and the
# formatting paths, with plain rat run twice to show the noise.
want progress && race "--progress=always, 4 GiB of files -> pipe -> pv -q" \
  "rat" "$RAT $F $F $F $F | pv -q >/dev/null" \
  "rat --progress=always" \
  "$RAT --progress=always $F $F $F $F 2>/dev/null | pv -q >/dev/null" \
  "rat (again: the noise)" "$RAT $F $F $F $F | pv -q >/dev/null"
want progress && race "--progress=always with -n on text -> /dev/null" \
  "rat -n" "$RAT -n $T >/dev/null" \
  "rat -n --progress=always" "$RAT -n --progress=always $T >/dev/null 2>&1" \
  "rat -n (again: the noise)" "$RAT -n $T >/dev/null"

# Peak resident set (KiB), one run each.
if want rss && test -x /usr/bin/time; then
  printf '\n== peak RSS in KiB (GNU time %%M)\n'
  printf '  %-16s %12s %12s %12s\n' tool "file->pipe" "-n text" "small files"
  for t in "$RAT" "$GNU" "$UU" "$BB"; do
    test -n "$t" || continue
    a=$( (/usr/bin/time -f %M -o "$O" $t "$F" | cat >/dev/null) ; cat "$O")
    b=$( (/usr/bin/time -f %M -o "$O" $t -n "$T" >/dev/null) ; cat "$O")
    c=$( (/usr/bin/time -f %M -o "$O" $t "$S"/* >/dev/null) ; cat "$O")
    printf '  %-16s %12s %12s %12s\n' "$(echo "$t" | sed 's|.*/src/||')" \
      "$a" "$b" "$c"
  done
fi
