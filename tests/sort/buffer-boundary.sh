#!/bin/sh
# sort needs a temporary file for exactly the inputs GNU sort needs one
# for (with -T /nonexistent, needing one is an error): line counts and
# lengths around the edge of the -S buffer, with --parallel from 1 to 9,
# from regular files, several files and standard input, in C, C.UTF-8
# and en_US.UTF-8; status, output and messages as GNU sort's.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

locales="C C.UTF-8"
if test "$(LC_ALL=en_US.UTF-8 locale charmap 2>/dev/null)" = UTF-8; then
  locales="$locales en_US.UTF-8"
fi

# lines_ N LEN: N lines of LEN+1 bytes, in no order.
lines_ ()
{
  awk -v n="$1" -v len="$2" 'BEGIN {
    for (i = 0; i < n; i++) {
      s = sprintf("%c", 97 + (i * 7) % 26)
      while (length(s) < len) s = s s
      print substr(s, 1, len)
    } }'
}

# near_ SIZE PERLINE: line counts around SIZE / PERLINE.
near_ ()
{
  b=$(($1 / $2))
  for d in -2 -1 0 1 2; do test $((b + d)) -gt 0 && echo $((b + d)); done
}

# case_ LOCALE S PARALLEL N LEN: the input in one file, in two files
# and on standard input; and once without its last newline.
case_ ()
{
  # A sample by default (init.cfg's in_sample_), with each buffer size,
  # thread count and line length at least once in each locale.
  in_sample_ "$1:$2:$3" "$1:len:$5" || return 0
  lines_ "$4" "$5" >in || framework_failure_
  c_loc=$1
  set -- -S "$2" --parallel="$3" -T /nonexistent
  diff_run_ "$c_loc" in "$@"
  diff_run_ "$c_loc" in "$@" in
  head -c -1 in >nonl || framework_failure_
  diff_run_ "$c_loc" nonl "$@"
  LC_ALL=$c_loc ref_sort_ "$@" <in >exp 2>exp.err; c_es=$?
  LC_ALL=$c_loc sort "$@" <in >out 2>out.err; c_gs=$?
  if test $c_es != $c_gs || ! cmp -s exp out || ! cmp -s exp.err out.err
  then
    echo "=== LC_ALL=$c_loc sort $* <in: status GNU $c_es, ours $c_gs" \
      >>mismatches
  fi
}

fail=0
sample_stride_ 3
for loc in $locales; do
  for S in 1 1500b 544b; do
    case $S in *b) bytes=${S%b} ;; *) bytes=$((S * 1024)) ;; esac
    for par in 1 2 3 9; do
      # GNU's charge per line: 48 bytes with one thread, else 32 per
      # level of its merge tree (1 + log2 threads, rounded up).
      case $par in 1) lb=48 ;; 2) lb=64 ;; 3) lb=96 ;; 9) lb=160 ;; esac
      for len in 0 6 30 200; do
        for n in $(near_ "$bytes" $((len + 1 + lb))); do
          case_ "$loc" "$S" "$par" "$n" "$len"
        done
      done
    done
  done
  # A line longer than the buffer grows it (for the next chunks too).
  for len in 1000 3000; do
    case_ "$loc" 1 2 1 "$len"
    case_ "$loc" 1 2 3 "$len"
  done
done

test -s mismatches && { cat mismatches; fail=1; }
Exit $fail
