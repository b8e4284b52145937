#!/bin/sh
# --binary-files: 'text' (the default: like grep -a), 'binary' (grep's
# default: a match in a file with NUL bytes gives "binary file matches")
# and 'without-match'; and with them, lines with encoding errors in a
# UTF-8 locale, as grep handles them.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-diff.sh"

printf 'foo\0bar\nfoo2\n' >nul || framework_failure_
printf 'plain foo\n' >txt || framework_failure_
printf 'foo \377\nfoo ok\n' >enc || framework_failure_
# grep then matches the rest of a file with NULs for line ends.
printf 'x\0foo\0b\nfoo\n' >nuls || framework_failure_
ORDERED=yes COMPARE_STDERR=yes
for opts in '' --binary-files=binary --binary-files=without-match \
            '--binary-files=binary -c' '--binary-files=binary -l' \
            '--binary-files=binary -o' '--binary-files=without-match -L'; do
  diff_run_ C "$opts" foo nul txt
  diff_run_ C "$opts" zzz nul txt
  diff_run_ C.UTF-8 "$opts" foo enc txt
  diff_run_ C "$opts" '^foo' nuls
  diff_run_ C "$opts" '^b$' nuls txt
done
diff_report_ || fail=1
Exit ${fail-0}
