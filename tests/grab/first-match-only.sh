#!/bin/sh
# -s stops searching each file after its first selected line, in every
# output mode: it prints what grep -P -a -m 1 prints (grep's -s is
# --no-messages here), and leaves standard input where grep -m 1 leaves it.
# -q, -l and -L stop at the first selected line whatever -m says (grep's
# done_on_match), which decides where standard input is left.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-diff.sh"
sample_stride_ 4

printf 'xx foo\nbar\nfoo foo\nfoo 3\n' >a || framework_failure_
cp a b || framework_failure_
printf 'a.b\naxb\n' >c || framework_failure_
printf 'nothing\n' >d || framework_failure_
printf 'foo\0bin\nfoo 2\n' >e || framework_failure_

# -s against grep -m 1, every output mode.
GREP_OPTS='-m 1' GRAB_OPTS=-s
for mode in '' -l -L -c -o -v -n '-b -o' -q '-l -Z' '-L -Z' '-c -v' \
            '-o -v' '-v -l' '-A 1' '-C 1 -n' '-h' '-H -c'; do
  for pat in foo 'foo|a' 'o' zzz '^'; do
    diff_run_ C "$mode" "$pat" a b c d e
    diff_run_ C "$mode" "$pat" a
  done
done
# With -l and -O, grab's NAME:OFFSET list stops with the first selected
# line too: the offsets of the matches in that line, as grep -m 1 -b -o.
for n in $test_threads; do
  grab -n $n -s -l -O --sort=path 'fo|a' a c d >out || fail=1
  LC_ALL=C grep -P -a -m 1 -b -o -H 'fo|a' a c d | cut -d: -f1,2 >exp
  compare exp out || fail=1
done

# Where standard input is left: grep's rules with -s, -m and -q.
unset GREP_OPTS GRAB_OPTS
printf 'foo 1\nbar\nfoo 2\nfoo 3\nbaz\n' >in || framework_failure_
for opts in -s '-s -c' '-s -o' '-s -v' '-q' '-q -m 2' '-m 2' '-m 2 -c' \
            '-l -m 2' '-c -m 1' '-v -m 2' '-s -A 1'; do
  gopts=$(printf '%s\n' "$opts" | sed 's/-s/-m 1/')
  { LC_ALL=C grep -P -a $gopts foo; echo "status $?"; cat; } <in >exp
  for n in $test_threads; do
    { grab -n $n $opts foo; echo "status $?"; cat; } <in >out
    compare exp out || { echo "stdin left by: grab $opts"; fail=1; }
  done
done
# Binary data (--binary-files=binary) also stops the search at the next
# selected line, -m or not (-v differs: grep splits lines at NUL there,
# see README).
printf 'foo\0x\nfoo 2\nfoo 3\nfoo 4\n' >bin || framework_failure_
for opts in '-m 2' '-m 3 -c'; do
  { LC_ALL=C grep -P --binary-files=binary $opts foo; echo "status $?"; cat; } \
    <bin >exp 2>&1
  for n in $test_threads; do
    { grab -n $n --binary-files=binary $opts foo; echo "status $?"; cat; } \
      <bin >out 2>&1
    sed 's/^grab:/grep:/' out >out2
    compare exp out2 || { echo "binary stdin left by: grab $opts"; fail=1; }
  done
done
diff_report_ || fail=1
Exit ${fail-0}
