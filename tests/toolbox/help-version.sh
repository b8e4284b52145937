#!/bin/sh
# --help and --version of grabrat, each applet and cat: GNU format, stdout,
# status 0, a stand-in's first line ending with the version it reproduces
# (grep 3.8, sort and cat 9.1); a bad option: GNU message, "Try" line, the
# reference tool's code.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
version=$(grabrat --version | sed -n '1s/^grabrat (grabrat) //p')
test -n "$version" || fail=1

# run_ APPLET ARGS...: through its link in src/, or as 'grabrat APPLET'
# for one that has none (grep: a src/grep would shadow the system's grep
# these tests use).
run_ ()
{
  r_a_=$1
  shift
  if test "$r_a_" = grabrat || test -e "$abs_top_builddir/src/$r_a_"; then
    "$r_a_" "$@"
  else
    grabrat "$r_a_" "$@"
  fi
}

for a in grabrat $applet_names; do
  run_ $a --help >out 2>err || fail=1
  compare /dev/null err || fail=1
  head -n1 out | grep "^Usage: $a " >/dev/null || fail=1
  grep -- '--help' out >/dev/null || fail=1
  grep -- '--version' out >/dev/null || fail=1

  run_ $a --version >out 2>err || fail=1
  compare /dev/null err || fail=1
  # An applet standing in for a GNU program ends its first line with the
  # version of that program it reproduces (GNU's help-version test and
  # scripts read the last word): grep 3.8, coreutils 9.1's sort.
  case $a in
    grep) echo "grep (grabrat $version) 3.8" ;;
    sort) echo "sort (grabrat $version) 9.1" ;;
    *) echo "$a (grabrat) $version" ;;
  esac >exp
  head -n1 out >first
  compare exp first || fail=1
  grep '^License GPLv3+' out >/dev/null || fail=1
done

# rat through a cat link says the cat it reproduces: coreutils 9.1's.
ln -s "$abs_top_builddir/src/grabrat" cat || framework_failure_
./cat --version >out 2>err || fail=1
compare /dev/null err || fail=1
echo "cat (grabrat $version) 9.1" >exp
head -n1 out >first
compare exp first || fail=1

# Bad options: the status of the tool each applet replaces
# (grep and sort 2, cat 1), and the GNU diagnostic shape.
for a in grab:2 rat:1 sort:2; do
  name=${a%:*} code=${a#*:}
  returns_ $code $name --no-such-option </dev/null >out 2>err || fail=1
  compare /dev/null out || fail=1
  printf '%s\n' "$name: unrecognized option '--no-such-option'" \
    "Try '$name --help' for more information." >exp
  compare exp err || fail=1
done
# grep's: what GNU grep prints (its usage lines too), run as 'grep'.
returns_ 2 grabrat grep --no-such-option </dev/null >out 2>err || fail=1
compare /dev/null out || fail=1
for d in /usr/bin /bin; do
  if test -x $d/grep; then
    (PATH=$d; grep --no-such-option) </dev/null >/dev/null 2>exp
    break
  fi
done
compare exp err || fail=1

Exit $fail
