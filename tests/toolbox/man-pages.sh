#!/bin/sh
# The man pages are what help2man makes of the binary's --help now (a page depends on the sources of its text: one missing from man/local.mk's lists would leave it stale); without help2man a page whose sources changed is kept as shipped, not an error.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
# A page without the lines that name help2man's version and the date.
strip_ () { grep -v -e '^\.TH ' -e '^\.\\" DO NOT MODIFY' "$1"; }

if help2man=$(command -v help2man); then
  mkdir bin || framework_failure_
  for n in grabrat grab rat sort grep; do
    ln -s "$abs_top_builddir/src/grabrat" bin/$n || framework_failure_
    PATH=$PWD/bin:$PATH TZ=UTC0 "$help2man" --no-info \
      --source="grabrat $(grabrat --version | sed -n '1s/.* //p')" \
      --include="$abs_top_srcdir/man/$n.x" --output=$n.1 $n \
      || framework_failure_
    strip_ $n.1 >exp
    strip_ "$(page_ $n)" >out
    compare exp out || { echo "man/$n.1 is stale"; fail=1; }
  done
else
  echo "no help2man: not comparing the pages with the binary"
fi

# As if grab.x had changed, with no help2man: the page stays, with a
# warning, and make succeeds.
unset MAKEFLAGS MAKELEVEL MFLAGS
page=$(page_ grab)
cp "$page" before || framework_failure_
# -W names the file as the Makefile does, relative to the build tree.
mk_srcdir=$(sed -n 's/^srcdir = //p' "$abs_top_builddir/Makefile")
${MAKE-make} -C "$abs_top_builddir" -W "$mk_srcdir/man/grab.x" man/grab.1 \
  HELP2MAN= >out 2>err || { cat out err; fail=1; }
grep 'man/grab.1: help2man not found: the shipped page is installed as it is' \
  err >/dev/null || { cat err; fail=1; }
compare before "$(page_ grab)" || fail=1
Exit $fail
