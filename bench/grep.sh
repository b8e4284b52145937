#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/grep.sh: grabrat's grep personality (a link named grep) against GNU
# grep 3.8 (/usr/bin/grep) and ripgrep on the Linux tree of bench/corpus.sh
# and on its one big file, in the same run, interleaved (bench/lib.sh), as
# ratios contender/ours (above 1: grabrat grep is faster).  Every case runs
# in LC_ALL=C and in LC_ALL=C.UTF-8.  Before racing, each case checks that
# grabrat grep's output is GNU grep's, byte for byte (order included), and
# says DIFFERS when it is not.
#   bench/grep.sh           check, then race
#   bench/grep.sh --check   only check
# ROUNDS (default 5), BENCH_TIMEOUT (default 60) and ONLY=TEXT (only the
# cases whose title contains TEXT) can be set in the environment.  grabrat
# grep uses every CPU (nproc), GNU grep one, ripgrep -j$(nproc) (Debian's
# 13 and, when bench/lib.sh finds it, the release 15.2), and "grab, same
# search" is grab -n $(nproc) on the same search, by its own options.
# Last, "peak RSS": each one's peak memory on the tree, warm.
. "$(dirname "$0")/lib.sh"
B=${GRABRAT_BENCH:-$HOME/.cache/grabrat-bench}
T=$B/linux-source-6.1
[ -d "$T" ] || { echo "no corpus: run bench/corpus.sh first" >&2; exit 1; }
J=$(nproc)
: "${BENCH_TIMEOUT:=60}"; export BENCH_TIMEOUT
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
mkdir "$work/gnu" "$work/ours" || exit 1
ln -s /usr/bin/grep "$work/gnu/grep" || exit 1
ln -s "$GRABRAT_BUILD/grabrat" "$work/ours/grep" || exit 1
G=$work/ours/grep
GRAB=$GRABRAT_BUILD/grab
out=$work/out
word_lists "$B" "$T"

# name%grep options and pattern%ripgrep's (-P for the back-reference),
# which are also grab's (grab ignores -P): the column "grab, same search".
# ripgrep's -c prints only files that match where grep prints every file:
# the same work, a shorter output.
cases="literal%-e PM_RESUME%-e PM_RESUME
caseless literal%-i -e pm_resume%-i -e pm_resume
alternation%-E -e 'ERR_PTR|PTR_ERR'%-e 'ERR_PTR|PTR_ERR'
whole words%-w -e flags%-w -e flags
20 words%-F -f $W/20%-F -f $W/20
200 words%-F -f $W/200%-F -f $W/200
back-reference%-e 'for (\\([a-z]*\\) = 0; \\1 <'%-P -e 'for \\(([a-z]*) = 0; \\1 <'
every line, counted%-c '^'%-c -e '^'"

# check_ LOCALE GREP-ARGS: GNU's output and messages against ours, exact
# (both called as 'grep' from PATH, so that messages name the same
# program).
check_ ()
{
  eval "LC_ALL=$1 PATH=$work/gnu:\$PATH grep $2" >"$out.gnu" 2>&1
  eval "LC_ALL=$1 PATH=$work/ours:\$PATH grep $2" >"$out.ours" 2>&1
  if cmp -s "$out.gnu" "$out.ours"; then
    printf 'same    %s: grep %s (%s lines)\n' "$1" "$2" "$(wc -l <"$out.gnu")"
  else
    printf 'DIFFERS %s: grep %s\n' "$1" "$2"
    return 1
  fi
}

# wanted TITLE: whether ONLY lets the case TITLE run.
wanted () { case $1 in *"${ONLY-}"*) return 0 ;; esac; return 1; }

status=0
for loc in C C.UTF-8; do
  while IFS=% read -r name args rg; do
    wanted "$loc: tree: $name" || continue
    check_ "$loc" "-r $args $T" || status=1
  done <<EOF
$cases
EOF
  wanted "$loc: one big file" && { check_ "$loc" "-e PM_RESUME $B/big.txt" || status=1; }
done
[ "${1-}" = --check ] && exit $status

# Warm the page cache: every contender reads from memory.
# (Not 'tar cf - >/dev/null': GNU tar reads no file for a /dev/null
# archive.)
find "$T" -type f -exec cat {} + >/dev/null 2>&1
for loc in C C.UTF-8; do
  u=; [ $loc = C ] && u=--no-unicode
  printf '%s\n' "$cases" | while IFS=% read -r name args rg; do
    wanted "$loc: tree: $name" || continue
    race "$loc: tree: $name: grep -r $args" \
      "grabrat grep" "LC_ALL=$loc $G -r $args $T >$out" \
      "GNU grep" "LC_ALL=$loc /usr/bin/grep -r $args $T >$out" \
      "ripgrep -j$J" "LC_ALL=$loc rg -uuu -a -j$J --no-config $u $rg $T >$out" \
      "ripgrep 15.2 -j$J" \
        "${RG15:+LC_ALL=$loc $RG15 -uuu -a -j$J --no-config $u $rg $T >$out}" \
      "grab, same search" "LC_ALL=$loc $GRAB -r -n $J $rg $T >$out"
  done
  wanted "$loc: one big file" || continue
  cat "$B/big.txt" >/dev/null
  race "$loc: one big file: grep -e PM_RESUME" \
    "grabrat grep" "LC_ALL=$loc $G -e PM_RESUME $B/big.txt >$out" \
    "GNU grep" "LC_ALL=$loc /usr/bin/grep -e PM_RESUME $B/big.txt >$out" \
    "ripgrep" "LC_ALL=$loc rg -a --no-config $u -e PM_RESUME $B/big.txt >$out" \
    "ripgrep 15.2" \
      "${RG15:+LC_ALL=$loc $RG15 -a --no-config $u -e PM_RESUME $B/big.txt >$out}" \
    "grab, same search" "LC_ALL=$loc $GRAB -n $J -e PM_RESUME $B/big.txt >$out"
done
if wanted "peak RSS" && [ -x /usr/bin/time ]; then
  rss_row "tree: grep -r -e PM_RESUME" \
    "grabrat grep" "$G -r -e PM_RESUME $T" \
    "GNU grep" "/usr/bin/grep -r -e PM_RESUME $T" \
    "ripgrep -j$J" "rg -uuu -a -j$J --no-config -e PM_RESUME $T" \
    "ripgrep 15.2 -j$J" \
      "${RG15:+$RG15 -uuu -a -j$J --no-config -e PM_RESUME $T}" \
    "grab, same search" "$GRAB -r -n $J -e PM_RESUME $T"
fi
exit $status
