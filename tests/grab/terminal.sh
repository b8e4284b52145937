#!/bin/sh
# grab's first run: on a terminal a file with a NUL byte gets a one-line notice instead of its bytes (a pipe gets grep -P -a's bytes; -a and --binary-files still print them); NO_COLOR turns off --color=auto; a grep habit (-rn PATTERN, -E) gets a hint, and --help lists the letters that differ from grep's.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

script -qec true /dev/null >/dev/null 2>&1 ||
  skip_ "script(1) cannot give a pseudo-terminal here"
fail=0
e=$(printf '\033')
printf 'libfoo\0\001\002 libfoo\n' >bin || framework_failure_
printf 'libfoo text\n\377 libfoo\n' >txt || framework_failure_

for n in $test_threads; do
  # A terminal: the notice on stderr (script merges it), the text file's
  # lines as they are, encoding errors included.
  TERM=xterm script -qec "grab -n $n --sort=path libfoo bin txt" /dev/null \
    </dev/null | tr -d '\r' >out
  printf '%s\n' 'grab: bin: binary file matches' 'txt:libfoo text' >exp
  printf 'txt:\377 libfoo\n' >>exp
  compare exp out || fail=1
  for opt in -a --binary-files=text; do
    TERM=xterm script -qec "grab -n $n $opt libfoo bin" /dev/null \
      </dev/null | tr -d '\r' >out
    printf 'libfoo\0\001\002 libfoo\n' >exp
    compare exp out || fail=1
  done
  # A pipe: what grep -P -a prints.
  grab -n $n --sort=path libfoo bin txt >out 2>err || fail=1
  grep -P -a libfoo bin txt >exp || fail=1
  compare exp out || fail=1
  compare /dev/null err || fail=1
done

# NO_COLOR (not empty) turns --color=auto and -I off; empty, it does not.
TERM=xterm script -qec 'grab --color=auto libfoo txt' /dev/null </dev/null >out
grep "${e}\\[" out >/dev/null || fail=1
for opt in --color=auto -I; do
  TERM=xterm NO_COLOR=1 script -qec "grab $opt libfoo txt" /dev/null \
    </dev/null >out
  grep "${e}\\[" out && fail=1
done
TERM=xterm NO_COLOR= script -qec 'grab -I libfoo txt' /dev/null </dev/null >out
grep "${e}\\[" out >/dev/null || fail=1
# --color=always still colours.
NO_COLOR=1 grab --color=always libfoo txt >out
grep "${e}\\[" out >/dev/null || fail=1

# grep's habits: -n takes a number here; -E is not grab's.
returns_ 2 grab -rn foo . >out 2>err || fail=1
grep "invalid number of threads" err >/dev/null || fail=1
grep "'grabrat grep' takes grep's letters" err >/dev/null || fail=1
returns_ 2 grab -n 0 foo . 2>err || fail=1
grep "grep's letters" err && fail=1
returns_ 2 grab -E 'a|b' txt 2>err || fail=1
grep "for extended regular expressions use 'grabrat grep -E'" err \
  >/dev/null || fail=1
grab --help >out || fail=1
grep '^Coming from grep?' out >/dev/null || fail=1
for l in -n -s -L -H -I -O -S; do
  sed -n '/^Coming from grep?/,/^$/p' out | grep -e " $l " >/dev/null ||
    { echo "--help does not say what $l is"; fail=1; }
done

Exit $fail
