#!/bin/sh
# make installcheck runs the installed binary and links of the DESTDIR copy, by their transformed names too, and fails when an installed link is missing or is not ours.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
unset MAKEFLAGS MAKELEVEL MFLAGS
dest=$PWD/dest
all_dropins='cat sort grep egrep fgrep'
# make_ TARGET TRANSFORM [VAR=VALUE]...: a make run on this build, into
# $dest.
make_ ()
{
  m_t_=$1 m_tr_=$2
  shift 2
  ${MAKE-make} -s -C "$abs_top_builddir" "$m_t_" DESTDIR="$dest" \
    bindir=/bin mandir=/man transform="$m_tr_" "$@"
}

for tr in 's,x,x,' 's,^,x,' 's,$$,-1,'; do
  make_ install "$tr" install_dropins="$all_dropins" >out 2>&1 \
    || { cat out; fail=1; }
  make_ installcheck "$tr" install_dropins="$all_dropins" >out 2>&1 \
    || { cat out; fail=1; }
  grep '^installcheck: .* and its links in .*/dest/bin work$' out \
    >/dev/null || { cat out; fail=1; }
  make_ uninstall "$tr" >/dev/null 2>&1 || fail=1
done

# A missing link, a link that is not grabrat: installcheck fails, naming it.
make_ install 's,^,x,' >/dev/null 2>&1 || fail=1
rm -f dest/bin/xrat || framework_failure_
returns_ 2 make_ installcheck 's,^,x,' >out 2>&1 || fail=1
grep '^installcheck: xrat: not installed' out >/dev/null || { cat out; fail=1; }
ln -s /bin/true dest/bin/xrat || framework_failure_
returns_ 2 make_ installcheck 's,^,x,' >out 2>&1 || fail=1
grep "^installcheck: xrat --version: '" out >/dev/null || { cat out; fail=1; }
Exit $fail
