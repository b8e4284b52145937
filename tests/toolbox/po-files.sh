#!/bin/sh
# po/POTFILES.in lists every C source and header of src/ and nothing
# else, so that grabrat.pot holds every string marked for translation
# (_, N_, G_, NG_: src/system.h); each listed file exists.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

test -f "$abs_top_srcdir/po/POTFILES.in" || skip_ "no po/POTFILES.in"
fail=0
(cd "$abs_top_srcdir" && find src -name '*.[ch]' |
   LC_ALL=C sort) >exp || framework_failure_
grep -v -e '^#' -e '^$' "$abs_top_srcdir/po/POTFILES.in" | LC_ALL=C sort \
  >got || framework_failure_
compare exp got || fail=1
Exit $fail
