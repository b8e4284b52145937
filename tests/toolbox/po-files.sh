#!/bin/sh
# po/POTFILES.in lists every C source and header of src/ and nothing
# else, so that grabrat.pot holds every string marked for translation
# (_, N_, G_, NG_: src/system.h); each listed file exists.  And xgettext,
# with po/Makevars' options, finds each string marked G_ or N_ (grabrat's
# own words, which only its catalog can translate), with no warning.
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

if command -v xgettext >/dev/null; then
  opts=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' \
           "$abs_top_srcdir/po/Makevars" | sed -n 's/^XGETTEXT_OPTIONS = //p')
  # shellcheck disable=SC2086
  (cd "$abs_top_srcdir" && xgettext $opts -o - -f po/POTFILES.in) \
    >pot 2>xgettext.err || framework_failure_
  # A warning is a mistake in a marked string (an empty msgid: gettext
  # ("") is the catalog's header).
  if grep . xgettext.err; then
    fail=1
  fi
  # The one-line literals (a msgid of several pieces starts with "").
  files=$(sed "s|^|$abs_top_srcdir/|" exp)
  # shellcheck disable=SC2086
  grep -oh '[GN]_("[^"]*")' $files |
    sed 's/^[GN]_(\(.*\))$/msgid \1/' | LC_ALL=C sort -u >marked
  test "$(wc -l <marked)" -gt 20 || framework_failure_
  if grep -vxF -f pot marked >unextracted; then
    echo "marked G_ or N_ but not in the catalog's template:"
    cat unextracted
    fail=1
  fi
fi
Exit $fail
