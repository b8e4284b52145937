#!/bin/sh
# --files prints the files a search would read, and reads none: the names
# ripgrep 15.2's --files -uuu prints for the same tree and operands, with
# --include, --exclude, --exclude-dir (rg's -g), --max-depth and
# --max-filesize; -Z ends them with NUL bytes; --sort=path prints them in
# walk order; no pattern is taken.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"

RG=${GRAB_TEST_RG-$abs_top_srcdir/../shared/peers/rg-15.2.0}
test -x "$RG" || skip_ "ripgrep 15.2 is not at $RG"
here=$PWD
mktree_
printf 'x\n' >'tree/sp ace/new
line' || framework_failure_
printf 'x\n' >"$(printf 'tree/inv\377')" || framework_failure_
head -c 3000 /dev/zero >tree/x/big || framework_failure_
mkfifo tree/fifo 2>/dev/null

# same_ RG_OPTS -- GRAB_OPTS -- OPERANDS: the same names, sorted.
same_ ()
{
  ro= go=
  while test "$1" != --; do ro="$ro $1"; shift; done
  shift
  while test "$1" != --; do go="$go $1"; shift; done
  shift
  # shellcheck disable=SC2086
  "$RG" --files -uuu -0 $ro "$@" | LC_ALL=C $REF_SORT -z >"$here/exp"
  for n in 1 ${GRAB_TEST_THREADS-4}; do
    # shellcheck disable=SC2086
    grab -n $n --files -Z $go "$@" | LC_ALL=C $REF_SORT -z >"$here/out"
    compare "$here/exp" "$here/out" || { fail=1; echo "with $go $*"; }
  done
}
same_ -- -- tree
same_ -- -- tree/a tree/x tree/crlf.txt
cd tree || framework_failure_
same_ -- --        # no operand: the working directory, names without ./
cd .. || framework_failure_
for d in 0 1 2 3 5; do
  same_ --max-depth $d -- --max-depth=$d -- tree
  same_ --max-depth $d -- --max-depth=$d -- tree/a tree/nonl.txt
done
for s in 0 10 100 1K 2999 3000 1M; do
  same_ --max-filesize $s -- --max-filesize=$s -- tree
done
# A file named on the command line is listed whatever its size.
same_ --max-filesize 10 -- --max-filesize=10 -- tree/x/big tree/x
same_ -g '*.txt' -- --include='*.txt' -- tree
same_ -g '!*.txt' -- --exclude='*.txt' -- tree
same_ -g '!y/' -- --exclude-dir=y -- tree
same_ -g '!y/' -g '!*.c' --max-depth 3 -- \
      --exclude-dir=y --exclude='*.c' --max-depth=3 -- tree

# --sort=path: one order at any thread count, one name a line.
grab -n 1 --sort=path --files tree >exp || fail=1
test "$(wc -l <exp)" -gt 150 || framework_failure_
grab -n ${GRAB_TEST_THREADS-4} --sort=path --files tree >out || fail=1
compare exp out || fail=1
# ...which is depth first, each directory's entries in byte order
# (links and the FIFO are not searched; the names with a newline and
# an invalid byte are left out of this shell listing).
list ()
{
  for e in $(LC_ALL=C ls -A "$1"); do
    if test -h "$1/$e" || test -p "$1/$e"; then continue; fi
    if test -d "$1/$e"; then list "$1/$e"; else echo "$1/$e"; fi
  done
}
IFS='
'
list tree | grep -v -e 'sp ace/new' -e 'sp ace/line' -e 'tree/inv' >exp
unset IFS
grep -v -e 'sp ace/new' -e '^line$' -e 'tree/inv' out >out2
compare exp out2 || fail=1
# ...and the files a search reads: those -r searches for an empty pattern.
grab -n 1 --files tree/a tree/x | sed 's/^/=/' >exp
grab -n 1 -r -c '' tree/a tree/x | sed 's/^/=/; s/:[0-9]*$//' >out
compare exp out || fail=1

# No file at all: status 1, as for a search that selects nothing.
mkdir empty || framework_failure_
returns_ 1 grab --files empty >out || fail=1
compare /dev/null out || fail=1

# Bad limits.
returns_ 2 grab --files --max-depth=x tree >/dev/null 2>err || fail=1
grep -F "grab: invalid --max-depth argument 'x'" err || fail=1
returns_ 2 grab --files --max-filesize=1k tree >/dev/null 2>err || fail=1
grep -F "grab: invalid --max-filesize argument '1k'" err || fail=1
returns_ 2 grab --files --max-filesize=-1 tree >/dev/null 2>err || fail=1

Exit ${fail-0}
