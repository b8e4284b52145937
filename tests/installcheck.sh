#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/installcheck.sh: what 'make installcheck' runs: the installed
# binary and each installed link, by their installed (maybe transformed)
# names, from the installed directory (under DESTDIR if given): each
# one's --version, a search with grab, a copy with rat, a sort, and the
# pages.  Exits non-zero, saying what failed, if anything did.
# Usage: installcheck.sh BINDIR MAN1DIR BINARY [NAME=INSTALLED]... -- PAGE...
# (BINARY: the binary's installed name; NAME=INSTALLED: a link's applet or
# drop-in name and installed name; PAGE: an installed page's file name.)
set -u
bindir=$1 man1dir=$2 bin=$3
shift 3
fail=0
failed_ () { echo "installcheck: $*" >&2; fail=1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf 'b\na\nab\n' >"$tmp/in"

"$bindir/$bin" --version >"$tmp/out" || failed_ "$bin --version"
version=$(sed -n '1s/^grabrat (grabrat) //p' "$tmp/out")
test -n "$version" || failed_ "$bin --version: $(head -n1 "$tmp/out")"
"$bindir/$bin" --list >"$tmp/out" && grep -x grab "$tmp/out" >/dev/null \
  || failed_ "$bin --list"

sort_=$bin
while test $# -gt 0 && test "$1" != --; do
  name=${1%%=*} inst=${1#*=}
  shift
  test -h "$bindir/$inst" || test -f "$bindir/$inst" \
    || { failed_ "$inst: not installed"; continue; }
  case $name in
    cat) first="cat (grabrat $version) 9.1" ;;
    sort) first="sort (grabrat $version) 9.1" sort_=$inst ;;
    grep | egrep | fgrep) first="grep (grabrat $version) 3.8" ;;
    *) first="$name (grabrat) $version" ;;
  esac
  "$bindir/$inst" --version >"$tmp/out" 2>&1 || failed_ "$inst --version"
  test "$(head -n1 "$tmp/out")" = "$first" \
    || failed_ "$inst --version: '$(head -n1 "$tmp/out")', not '$first'"
  case $name in
    grab)
      printf 'a\nab\n' >"$tmp/exp"
      "$bindir/$inst" -h a "$tmp/in" >"$tmp/out" \
        && cmp -s "$tmp/exp" "$tmp/out" || failed_ "$inst: a search" ;;
    rat | cat)
      "$bindir/$inst" "$tmp/in" >"$tmp/out" && cmp -s "$tmp/in" "$tmp/out" \
        || failed_ "$inst: a copy" ;;
    egrep)
      printf 'b\na\n' >"$tmp/exp"
      "$bindir/$inst" -x 'a|b' "$tmp/in" >"$tmp/out" \
        && cmp -s "$tmp/exp" "$tmp/out" || failed_ "$inst: a search" ;;
  esac
done
test $# -gt 0 && shift

# sort, through its link if installed, else as 'grabrat sort'.
printf 'a\nab\nb\n' >"$tmp/exp"
if test "$sort_" = "$bin"; then
  "$bindir/$bin" sort "$tmp/in" >"$tmp/out"
else
  "$bindir/$sort_" "$tmp/in" >"$tmp/out"
fi && cmp -s "$tmp/exp" "$tmp/out" || failed_ "$sort_: a sort"

for page do
  test -s "$man1dir/$page" || failed_ "$man1dir/$page: not installed"
done
test $fail = 0 && echo "installcheck: $bin and its links in $bindir work"
exit $fail
