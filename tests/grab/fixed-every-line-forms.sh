#!/bin/sh
# -F takes each pattern as a string: the forms that select every line as
# regexes ('$', '.*', '^', '^.*', which grab counts lines for without the
# engine) are strings there, and select only
# the lines that hold them, as grep -F -a does; '' still selects all
# (difflib.sh: both engines, -n 1 and -n 4).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-diff.sh"
printf 'a\nb$\n.*c\n^d\n^.*e\n\251\nplain\n' >in || framework_failure_
require_utf8_locale_
ORDERED=yes REF_MODE=-F GRAB_OPTS=-F
for loc in C "$UTF8_LOCALE"; do
  for p in '$' '.*' '^' '^.*' ''; do
    for opts in '' -c -v -i -n; do
      diff_run_ "$loc" "$opts" "$p" in
    done
  done
done
diff_report_ || fail=1
Exit ${fail-0}
