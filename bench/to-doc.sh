#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/to-doc.sh: run a benchmark and write it into doc/benchmarks.md.
# Usage: sh bench/to-doc.sh [--doc FILE] [--output FILE] NAME [ARG]...
# runs 'sh bench/NAME.sh ARG...' (ROUNDS and the other variables of
# bench/lib.sh pass through), keeps its output in bench-NAME.out, and
# replaces the section between the lines '<!-- bench NAME -->' and
# '<!-- end bench NAME -->' of doc/benchmarks.md (or FILE) with: the
# command, the date the run started and ended (UTC), the machine (kernel,
# CPU model and count), grabrat's commit, then the tables awk -f
# bench/table.awk makes of the output.  With --output FILE it runs
# nothing and takes the output from FILE (its dates are then the file's
# time).  Nothing else of the document changes; a section that is not
# there is an error (add its two marker lines first).
set -u
dir=$(cd "$(dirname "$0")" && pwd) || exit 1
doc=$dir/../doc/benchmarks.md out=
while :; do
  case ${1-} in
    --doc) doc=$2; shift 2 ;;
    --output) out=$2; shift 2 ;;
    *) break ;;
  esac
done
test $# -ge 1 || { sed -n '5,6s/^# //p' "$0" >&2; exit 2; }
name=$1; shift
grep -x "<!-- bench $name -->" "$doc" >/dev/null \
  && grep -x "<!-- end bench $name -->" "$doc" >/dev/null \
  || { echo "$0: $doc has no section '$name'" >&2; exit 1; }

utc () { date -u "$@" '+%Y-%m-%d %H:%M UTC'; }
cmd="ROUNDS=${ROUNDS-5} sh bench/$name.sh${*:+ $*}"
if test -n "$out"; then
  start=$(utc -r "$out") end=$start
else
  test -f "$dir/$name.sh" || { echo "$0: no bench/$name.sh" >&2; exit 1; }
  out=bench-$name.out
  start=$(utc)
  { sh "$dir/$name.sh" "$@"; echo $? >"$out.status"; } | tee "$out"
  test "$(cat "$out.status")" = 0 || { echo "$0: bench/$name.sh failed" >&2; exit 1; }
  rm -f "$out.status"
  end=$(utc)
fi
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
machine="$(uname -sr), ${cpu:-unknown CPU}, $(nproc 2>/dev/null || echo '?') CPUs"
commit=$(git -C "$dir/.." describe --always --dirty 2>/dev/null || echo unknown)

section=$(mktemp) && new=$(mktemp) || exit 1
trap 'rm -f "$section" "$new"' EXIT
{
  echo "\`$cmd\`, run $start to $end on $machine; grabrat at $commit."
  echo "Tables: \`awk -f bench/table.awk OUTPUT\` (each row: grabrat's median"
  echo "seconds, then each contender's time over grabrat's: above 1, grabrat"
  echo "is faster)."
  echo
  awk -f "$dir/table.awk" "$out"
} >"$section"
awk -v name="$name" -v section="$section" '
  $0 == "<!-- bench " name " -->" {
    print; while ((getline l < section) > 0) print l; skip = 1; next }
  $0 == "<!-- end bench " name " -->" { skip = 0 }
  !skip' "$doc" >"$new" && cat "$new" >"$doc"
