#!/bin/sh
# -S (and -F, --fixed-strings): the pattern is a plain string, whatever
# characters it has; -2 and -P are accepted and change nothing.
. "${srcdir=.}/tests/init.sh"
printf 'a.b\naxb\n(x)\n[x\n' >b || framework_failure_
for n in 1 4; do
  for opt in -S -F --fixed-strings; do
    grab -n $n $opt a.b b >out || fail=1
    echo a.b >exp
    compare exp out || fail=1
    grab -n $n $opt '[x' b >out || fail=1
    echo '[x' >exp
    compare exp out || fail=1
  done
  grab -n $n -2 -P a.b b >out || fail=1
  printf 'a.b\naxb\n' >exp
  compare exp out || fail=1
done
Exit ${fail-0}
