#!/bin/sh
# grabrat --install DIR makes working links, is idempotent, and refuses to
# replace a file that is not ours.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
bin=$(readlink -f "$abs_top_builddir/src/grabrat")

# Without names: the applets that hide no system program; the drop-in
# names (cat, sort, grep, egrep, fgrep) only with --drop-in.
mkdir d || framework_failure_
grabrat --install d || fail=1
ls d >out
printf '%s\n' grab rat >exp
compare exp out || fail=1
grabrat --install --drop-in d || fail=1
ls d >out
printf '%s\n' cat egrep fgrep grab grep rat sort >exp
compare exp out || fail=1
for a in cat $applet_names; do
  test -h d/$a || fail=1
  test "$(readlink -f d/$a)" = "$bin" || fail=1
  d/$a --version | head -n1 | grep "^$a (grabrat[ )]" >/dev/null || fail=1
done
# Again: links already there and pointing to us are fine.
grabrat --install --drop-in d || fail=1

# Only the named applets.
mkdir e || framework_failure_
grabrat --install e rat || fail=1
ls e >out
echo rat >exp
compare exp out || fail=1

# A foreign file is left alone and reported.
echo keep >e/grab
returns_ 1 grabrat --install e grab 2>err || fail=1
grep "cannot create link e/grab: File exists" err >/dev/null || fail=1
echo keep >exp
compare exp e/grab || fail=1

# A drop-in name by itself; an unknown name makes no link at all.
grabrat --install e cat || fail=1
echo x | e/cat >out || fail=1
echo x >exp
compare exp out || fail=1
returns_ 1 grabrat --install e sort nosuch 2>err || fail=1
grep 'applet not found: nosuch' err >/dev/null || fail=1
test -e e/sort && fail=1
returns_ 1 grabrat --install 2>err || fail=1
returns_ 1 grabrat --install /nonexistent/dir 2>err || fail=1
Exit $fail
