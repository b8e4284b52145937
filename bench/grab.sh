#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/grab.sh: grab against GNU grep -P, ripgrep (Debian's 13 and the
# release 15.2, see bench/lib.sh) and ugrep on the Linux tree
# (bench/corpus.sh), in the same run, interleaved, as ratios
# (contender time / grab time: above 1 means grab is faster).
#   bench/grab.sh           race on the tree (the seeds' patterns first,
#                           then grab's own and the word lists, each in
#                           C.UTF-8 and C) and on one big file; every tree
#                           race has a floor contender (bench/floor.c:
#                           open, read, close each file and nothing else)
#                           and prints each time over it
#   bench/grab.sh --check   only check that grab -r -n 2 prints what
#                           grep -P -a -r prints (sorted) for each pattern,
#                           in both locales, with and without -H
#   bench/grab.sh --mmap    read vs mmap by file size (for MMAP_MIN)
# After the warm races and the big file's: threads (-n 1 against -n 2, on
# the tree and the big file), a cold page cache (dropped before every run;
# root only: otherwise it says so and skips it), and each tool's peak
# memory (GNU time's %M, the median of ROUNDS runs) on the tree and on
# the big file.
# ROUNDS (default 5), THREADS (default 2) and BENCH_TIMEOUT (seconds a run
# may take, default 30) can be set in the environment; ONLY=TEXT runs only
# the races whose title contains TEXT.
. "$(dirname "$0")/lib.sh"
B=${GRABRAT_BENCH:-$HOME/.cache/grabrat-bench}
T=$B/linux-source-6.1
[ -d "$T" ] || { echo "no corpus: run bench/corpus.sh first" >&2; exit 1; }
G=$GRABRAT_BUILD/grab
J=${THREADS:-2}
: "${BENCH_TIMEOUT:=30}"; export BENCH_TIMEOUT
out=$(mktemp)
trap 'rm -f "$out" "$out.2" "$out.floor" "$out.list" "$out.list0" "$out.rss"' EXIT

# The seeds' patterns: the original grab's (foobardoesnotexist, linus)
# and git's p7820 grep benchmark's, each raced in both locales.
seeds='foobardoesnotexist
linus
how.to
^how to
[how] to
(e.t[^ ]*|v.ry) rare
m(ú|u)lt.b(æ|y)te'

# name|options|pattern: what each pattern stresses.
patterns='literal||PM_RESUME
literal, many hits||return
regex with a literal||\w+_RESUME
regex, leading literal||struct \w+ \{
caseless literal||(?i)pm_resume
alternation||ERR_PTR|PTR_ERR
whole words|-w|flags
line by line (lookbehind)||(?<=\s)kmalloc\(
no literal||\d{6,}
every line, counted|-c|^
invert, counted|-vc|e'

word_lists "$B" "$T"
# name|options: what each list case stresses.
lists="20 words|-F -f $W/20
200 words|-F -f $W/200
200 words, caseless|-i -F -f $W/200"

# check_ NAME REF-OPTS GRAB-OPTS...: whether grab -r prints what GNU grep
# -a -r REF-OPTS GRAB-OPTS prints (sorted); says which, returns 1 if not.
check_ ()
{
  c_name=$1 c_ref=$2
  shift 2
  "$G" -r -n "$J" "$@" "$T" | LC_ALL=C sort >"$out"
  # shellcheck disable=SC2086
  grep -a -r $c_ref "$@" "$T" | LC_ALL=C sort >"$out.2"
  if cmp -s "$out" "$out.2"; then
    echo "same    $c_name: $* ($(wc -l <"$out") lines)"
  else
    echo "DIFFERS $c_name: $*"
    return 1
  fi
}

if [ "${1-}" = --check ]; then
  status=0
  # Each pattern in both locales, with and without -H (to grep, -H only
  # says what -r does anyway: print file names).  (Not in a pipeline: its
  # loop would run in a subshell and lose STATUS.)
  for loc in C.UTF-8 C; do
    for h in "" -H; do
      while IFS='|' read -r name opts pat; do
        # shellcheck disable=SC2086
        LC_ALL=$loc check_ "$name, $loc" -P $h $opts -e "$pat" || status=1
      done <<EOF
$patterns
EOF
      while IFS= read -r pat; do
        # shellcheck disable=SC2086
        LC_ALL=$loc check_ "seed, $loc" -P $h -e "$pat" || status=1
      done <<EOF
$seeds
EOF
      while IFS='|' read -r name opts; do
        # shellcheck disable=SC2086
        LC_ALL=$loc check_ "$name, $loc" "" $h $opts || status=1
      done <<EOF
$lists
EOF
    done
  done
  exit $status
fi

if [ "${1-}" = --mmap ]; then
  # 64 MiB of C source cut into files of each size; which is faster?
  d=$(mktemp -d)
  for size in 16384 262144 1048576 4194304 16777216; do
    mkdir "$d/$size"
    n=$((67108864 / size))
    head -c 67108864 "$B/big.txt" | split -b "$size" -a 5 - "$d/$size/f"
    cat "$d/$size"/* >/dev/null
    race "$n files of $size bytes" \
      "grab --mmap=never" "$G -r -n $J --mmap=never PM_RESUME $d/$size >$out" \
      "grab --mmap=always" "$G -r -n $J --mmap=always PM_RESUME $d/$size >$out"
  done
  rm -rf "$d"
  exit 0
fi

# The floor: bench/floor.c reads every file grab -r searches here (find
# -type f: neither follows a link inside the tree) with $J threads.
cc -O2 -pthread -o "$out.floor" "$bench_dir/floor.c" || exit 1
find "$T" -type f >"$out.list"
RACE_FLOOR="floor -j$J"

# Warm the page cache: every contender reads from memory.  (Not with 'tar
# cf - >/dev/null': GNU tar does not read the files when its archive is
# /dev/null, so a cold race left the tree cold for the next races.)
"$out.floor" 8 "$out.list" >/dev/null

# wanted TITLE: whether ONLY lets the race TITLE run.
wanted () { case $1 in *"${ONLY-}"*) return 0 ;; esac; return 1; }

# tree_race TITLE OPTS PATTERN [NAME CMD]...: race grab, the peers and the
# floor on the tree for PATTERN (already quoted for '...'), plus the
# contenders given.
tree_race ()
{
  t_title=$1 t_opts=$2 t_q=$3
  shift 3
  race "$t_title" \
    "grab -n $J" "$G -r -n $J $t_opts -e '$t_q' $T >$out" \
    "$@" \
    "ripgrep -j$J" "rg -uuu -a -j$J --no-config $t_opts -e '$t_q' $T >$out" \
    "ripgrep 15.2 -j$J" \
      "${RG15:+$RG15 -uuu -a -j$J --no-config $t_opts -e '$t_q' $T >$out}" \
    "ripgrep -P -j$J" "rg -uuu -a -P -j$J --no-config $t_opts -e '$t_q' $T >$out" \
    "ugrep -P -J$J" "ugrep -r -a -P -J$J $t_opts -e '$t_q' $T >$out" \
    "GNU grep -P" "grep -r -a -P $t_opts -e '$t_q' $T >$out" \
    "$RACE_FLOOR" "$out.floor $J $out.list >$out"
}

for loc in C C.UTF-8; do
  printf '%s\n' "$seeds" | while IFS= read -r pat; do
    q=$(printf "%s" "$pat" | sed "s/'/'\\\\''/g")
    wanted "seeds, $loc: '$pat'" || continue
    LC_ALL=$loc tree_race "seeds, $loc: '$pat'" "" "$q" \
      "grab -H -n $J" "$G -H -r -n $J -e '$q' $T >$out" \
      "git grep -P" "cd $T && git grep --no-index --no-exclude-standard -a -P --threads=$J -e '$q' >$out"
  done
done

for loc in C.UTF-8 C; do
  printf '%s\n' "$patterns" | while IFS='|' read -r name opts pat; do
    q=$(printf "%s" "$pat" | sed "s/'/'\\\\''/g")
    wanted "tree, $loc: $name: $opts '$pat'" || continue
    LC_ALL=$loc tree_race "tree, $loc: $name: $opts '$pat'" "$opts" "$q" \
      "grab -H -n $J" "$G -H -r -n $J $opts -e '$q' $T >$out"
  done
done

# grep -P takes one pattern only: grep -F is GNU's contender here.
for loc in C.UTF-8 C; do
  printf '%s\n' "$lists" | while IFS='|' read -r name opts; do
    wanted "tree, $loc: $name: $opts" || continue
    LC_ALL=$loc race "tree, $loc: $name: $opts" \
      "grab -n $J" "$G -r -n $J $opts $T >$out" \
      "grab -H -n $J" "$G -H -r -n $J $opts $T >$out" \
      "ripgrep -j$J" "rg -uuu -a -j$J --no-config $opts $T >$out" \
      "ripgrep 15.2 -j$J" \
        "${RG15:+$RG15 -uuu -a -j$J --no-config $opts $T >$out}" \
      "ugrep -J$J" "ugrep -r -a -J$J $opts $T >$out" \
      "GNU grep -F" "grep -r -a $opts $T >$out" \
      "$RACE_FLOOR" "$out.floor $J $out.list >$out"
  done
done

# --json (ripgrep's schema, issue 29): a rare word and a common one
# ('return': about a million matching lines), against ripgrep's --json.
for pat in PM_RESUME return; do
  wanted "json, tree: '$pat'" || continue
  race "json, tree: '$pat'" \
    "grab -n $J --json" "$G -r -n $J --json -e $pat $T >$out" \
    "ripgrep -j$J --json" \
      "rg -uuu -a -j$J --no-config --json -e $pat $T >$out" \
    "ripgrep 15.2 -j$J --json" \
      "${RG15:+$RG15 -uuu -a -j$J --no-config --json -e $pat $T >$out}" \
    "$RACE_FLOOR" "$out.floor $J $out.list >$out"
done

# --files0-from (issue 29): the tree's files named in a list, against -r
# over the same tree (the ratio is the list's time over -r's); and the list
# piped from find as it walks.
if wanted "files0-from, tree: 'PM_RESUME'"; then
  find "$T" -type f -print0 >"$out.list0"
  race "files0-from, tree: 'PM_RESUME'" \
    "grab -n $J -r" "$G -r -n $J -e PM_RESUME $T >$out" \
    "grab -n $J --files0-from" \
      "$G -n $J --files0-from=$out.list0 -e PM_RESUME >$out" \
    "find | grab --files0-from=-" \
      "find $T -type f -print0 | $G -n $J --files0-from=- -e PM_RESUME >$out"
fi

wanted "one 1.1 GiB file" && cat "$B/big.txt" >/dev/null
for pat in PM_RESUME '\w+_RESUME' 'struct \w+ \{'; do
  q=$(printf "%s" "$pat" | sed "s/'/'\\\\''/g")
  wanted "one 1.1 GiB file: '$pat'" || continue
  race "one 1.1 GiB file: '$pat'" \
    "grab" "$G -e '$q' $B/big.txt >$out" \
    "ripgrep" "rg -a --no-config -e '$q' $B/big.txt >$out" \
    "ripgrep 15.2" "${RG15:+$RG15 -a --no-config -e '$q' $B/big.txt >$out}" \
    "ugrep -P" "ugrep -a -P -e '$q' $B/big.txt >$out" \
    "GNU grep -P" "grep -a -P -e '$q' $B/big.txt >$out"
done

# Threads: what a second one buys (grab's default for one file is one
# thread per CPU; ripgrep searches one file with one thread).
if wanted "threads, tree: 'linus'"; then
  RACE_FLOOR="floor -j$J" race "threads, tree: 'linus'" \
    "grab -n $J" "$G -r -n $J -e linus $T >$out" \
    "grab -n 1" "$G -r -n 1 -e linus $T >$out" \
    "ripgrep -j$J" "rg -uuu -a -j$J --no-config -e linus $T >$out" \
    "ripgrep -j1" "rg -uuu -a -j1 --no-config -e linus $T >$out" \
    "floor -j$J" "$out.floor $J $out.list >$out" \
    "floor -j1" "$out.floor 1 $out.list >$out"
fi
if wanted "threads, one 1.1 GiB file: 'PM_RESUME'"; then
  race "threads, one 1.1 GiB file: 'PM_RESUME'" \
    "grab -n $J" "$G -n $J -e PM_RESUME $B/big.txt >$out" \
    "grab -n 1" "$G -n 1 -e PM_RESUME $B/big.txt >$out" \
    "ripgrep" "rg -a --no-config -e PM_RESUME $B/big.txt >$out"
fi

# A cold page cache: each tool with its own default thread count (grab
# starts at least 16 readers for a tree), and with $J threads.
if wanted "cold cache, tree: 'linus'"; then
  if [ "$(id -u)" = 0 ] && [ -w /proc/sys/vm/drop_caches ]; then
    RACE_SETUP='sync; echo 3 >/proc/sys/vm/drop_caches' \
    RACE_FLOOR="floor -j$J" race "cold cache, tree: 'linus'" \
      "grab" "$G -r -e linus $T >$out" \
      "grab -n $J" "$G -r -n $J -e linus $T >$out" \
      "ripgrep" "rg -uuu -a --no-config -e linus $T >$out" \
      "ripgrep -j$J" "rg -uuu -a -j$J --no-config -e linus $T >$out" \
      "ripgrep 15.2" "${RG15:+$RG15 -uuu -a --no-config -e linus $T >$out}" \
      "floor -j$J" "$out.floor $J $out.list >$out" \
      "floor -j16" "$out.floor 16 $out.list >$out"
    "$out.floor" 8 "$out.list" >/dev/null
    cat "$B/big.txt" >/dev/null
  else
    printf '\n== cold cache, tree: skipped (dropping the page cache needs root)\n'
  fi
fi

if wanted "peak RSS" && [ -x /usr/bin/time ]; then
  rss_row "tree: 'foobardoesnotexist'" \
    "grab -n $J" "$G -r -n $J -e foobardoesnotexist $T" \
    "grab" "$G -r -e foobardoesnotexist $T" \
    "ripgrep -j$J" "rg -uuu -a -j$J --no-config -e foobardoesnotexist $T" \
    "ripgrep 15.2 -j$J" \
      "${RG15:+$RG15 -uuu -a -j$J --no-config -e foobardoesnotexist $T}" \
    "ugrep -P -J$J" "ugrep -r -a -P -J$J -e foobardoesnotexist $T" \
    "GNU grep -P" "grep -r -a -P -e foobardoesnotexist $T"
  rss_row "one 1.1 GiB file: 'PM_RESUME'" \
    "grab" "$G -e PM_RESUME $B/big.txt" \
    "ripgrep" "rg -a --no-config -e PM_RESUME $B/big.txt" \
    "ripgrep 15.2" "${RG15:+$RG15 -a --no-config -e PM_RESUME $B/big.txt}" \
    "ugrep -P" "ugrep -a -P -e PM_RESUME $B/big.txt" \
    "GNU grep -P" "grep -a -P -e PM_RESUME $B/big.txt"
fi
