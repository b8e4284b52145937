#!/bin/sh
# The original grab's own options, each checked: -O (offset of the match),
# -l -O (every match's offset), -s (first match per file), -S (literal),
# -I (colour only on a terminal), -n/--threads, -2 (ignored).
. "${srcdir=.}/tests/init.sh"

printf 'xx foo\nbar\nfoo foo\n' >a || framework_failure_
printf 'a.b\naxb\n' >b || framework_failure_

for n in 1 4; do
  # -O: the byte offset of the (first) match, not of the line.
  grab -n $n -O foo a >out || fail=1
  printf '3:xx foo\n11:foo foo\n' >exp
  compare exp out || fail=1

  # -l -O: NAME:OFFSET for every match, several in a line included; no
  # name for a single file.
  grab -n $n -l -O foo a >out || fail=1
  printf '3\n11\n15\n' >exp
  compare exp out || fail=1
  grab -n $n --sort=path -l -O 'foo|a' a b >out || fail=1
  printf 'a:3\na:11\na:15\na:8\nb:0\nb:4\n' >exp
  LC_ALL=C $REF_SORT exp >exps; LC_ALL=C $REF_SORT out >outs
  compare exps outs || fail=1

  # -s: stop each file at its first match.
  grab -n $n --sort=path -s 'foo|a' a b >out || fail=1
  printf 'a:xx foo\nb:a.b\n' >exp
  compare exp out || fail=1

  # -S (and -F): the pattern is a string.
  grab -n $n -S a.b b >out || fail=1
  echo a.b >exp
  compare exp out || fail=1
  grab -n $n -2 -P a.b b >out || fail=1
  printf 'a.b\naxb\n' >exp
  compare exp out || fail=1
done

# --threads is -n; a thread count is required.
grab --threads=3 -c foo a >out || fail=1
echo 2 >exp
compare exp out || fail=1

# -I colours only when standard output is a terminal.
grab -I foo a >out || fail=1
grep -q "$(printf '\033')" out && fail=1
if script -qec 'true' /dev/null >/dev/null 2>&1; then
  TERM=xterm script -qec 'grab -I foo a' /dev/null >out </dev/null
  grep "$(printf '\033')\[01;31m" out >/dev/null || fail=1
  TERM=dumb script -qec 'grab -I foo a' /dev/null >out </dev/null
  grep -q "$(printf '\033')" out && fail=1
fi
Exit ${fail-0}
