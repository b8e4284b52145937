#!/bin/sh
# The man pages read right: groff finds nothing to warn about, each has its headings, the --version text lands in COPYRIGHT (not DESCRIPTION), grabrat(1) names all four applets, has OPTIONS with one item per option and sends the reader to grabrat-grep(1), grep's page never names itself, grab's example ends its paragraph, and make install gives egrep and fgrep pages (links to grep's, renamed as the programs are) that uninstall removes.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
# section_ NAME PAGE: the lines of section NAME (without its heading).
section_ ()
{
  awk -v want="$1" '
    /^\.SH / { s = $0; sub (/^\.SH +/, "", s); gsub (/"/, "", s)
               on = (s == want); next }
    on' "$2"
}
bad_ () { echo "man/$1.1: $2"; fail=1; }

for n in grabrat grab rat sort grep; do
  p=$(page_ $n)
  test -s "$p" || { bad_ $n "missing"; continue; }
  if command -v groff >/dev/null; then
    LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$p" >groff.out 2>&1 \
      || bad_ $n "groff failed"
    test -s groff.out && { cat groff.out; bad_ $n "groff warns"; }
  fi
  for h in NAME SYNOPSIS DESCRIPTION AUTHOR COPYRIGHT 'SEE ALSO'; do
    grep "^\.SH \"*$h\"*\$" "$p" >/dev/null || bad_ $n "no $h heading"
  done
  # help2man puts a paragraph between --version's first line and
  # "Copyright" wherever it stands (DESCRIPTION, REPORTING BUGS): the
  # copyright lines must open the COPYRIGHT section.
  section_ COPYRIGHT "$p" | head -n 1 | grep '^Copyright ' >/dev/null \
    || bad_ $n "COPYRIGHT does not start with the copyright line"
  for s in DESCRIPTION 'REPORTING BUGS'; do
    section_ "$s" "$p" | grep -i -e 'copyright' -e 'NO WARRANTY' >/dev/null \
      && bad_ $n "--version text in $s"
  done
  # An option's description is one item: each .TP in OPTIONS is followed
  # by the option itself (a continuation line indented further in --help
  # would make an item of its own).
  section_ OPTIONS "$p" | awk '
    tp && !/^\\fB\\-/ { print; bad = 1 } { tp = /^\.TP$/ }
    END { exit bad }' || bad_ $n "an OPTIONS item that is not an option"
done

p=$(page_ grabrat)
section_ NAME "$p" | grep 'grab, grep, rat and sort applets' >/dev/null \
  || bad_ grabrat "NAME does not name the four applets"
grep '^\.SH OPTIONS$' "$p" >/dev/null || bad_ grabrat "no OPTIONS heading"
section_ OPTIONS "$p" | grep -c '^\.TP$' >count
echo 4 >exp
compare exp count || bad_ grabrat "not one item per option"
for s in grab rat grabrat-grep grabrat-sort; do
  section_ 'SEE ALSO' "$p" | sed 's/\\-/-/g' | grep "^\.BR $s (1)" >/dev/null \
    || bad_ grabrat "SEE ALSO lacks $s(1)"
done

# grep's page is installed as grep.1 or as grabrat-grep.1: it may name
# neither.
p=$(page_ grep)
grep -e 'grabrat\\-grep' -e 'grabrat-grep' -e '^\.BR grep (1)' \
  -e '\\fBgrep\\fR(1)' "$p" && bad_ grep "names itself"

# grab's example is the last line of its paragraph: the next sentence
# does not run on after it.
p=$(page_ grab)
sed -n '/^Example: /{n;p;}' "$p" >next
test -s next || bad_ grab "no example"
grep -v '^\.' next && bad_ grab "the example runs into the next sentence"

# egrep and fgrep pages, through DESTDIR and a renaming transform: links
# to grep's page under its installed name, removed by uninstall.
unset MAKEFLAGS MAKELEVEL MFLAGS
dest=$PWD/dest
mk_ ()
{
  ${MAKE-make} -s -C "$abs_top_builddir" "$@" DESTDIR="$dest" \
    bindir=/bin mandir=/man transform='s,^,x,' >make.out 2>&1 \
    || { cat make.out; fail=1; }
}
mk_ install install_dropins='grep egrep fgrep'
m=$dest/man/man1
for l in egrep fgrep; do
  t=$(readlink "$m/x$l.1") || { bad_ $l "no x$l.1 link"; continue; }
  case $t in
    xgrep.1 | xgrabrat-grep.1) ;;
    *) bad_ $l "x$l.1 -> $t, not grep's page" ;;
  esac
  test -s "$m/x$l.1" || bad_ $l "x$l.1 dangles"
done
mk_ uninstall install_dropins='grep egrep fgrep'
find "$dest" -type f -o -type l >left
compare /dev/null left || fail=1
rm -rf "$dest"
# Without the egrep and fgrep links, no such pages.
mk_ install install_dropins=
test -e "$m/xegrep.1" && bad_ egrep "installed without the egrep link"
mk_ uninstall install_dropins=
rm -rf "$dest"

Exit $fail
