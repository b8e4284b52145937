#!/bin/sh
# Permission tests as root skip, saying why, when nobody cannot reach the binary under test (a build tree under a mode-700 directory), and run when it can.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

test "$(id -u)" = 0 || skip_ "not root: the tests run as themselves"
command -v setpriv >/dev/null || skip_ "no setpriv"

fail=0
# The same binary, in a directory only root can search.
mkdir -m 700 hidden && mkdir hidden/bin \
  && cp "$abs_top_builddir/src/grabrat" hidden/bin/grabrat \
  || framework_failure_

# require_unprivileged_ in a subshell: its skip_ ends the subshell only.
# (No other grabrat in PATH: execvp would go past the one it cannot reach.)
(PATH=$PWD/hidden/bin:/usr/sbin:/usr/bin:/sbin:/bin
 require_unprivileged_; echo "ran: $AS_USER") \
  >out 2>err
test $? = 77 || fail=1
grep 'nobody cannot run the binary under test' err >/dev/null || fail=1
grep 'hidden/bin/grabrat' err >/dev/null || fail=1
compare /dev/null out || fail=1

# The build's binary, when nobody can reach it: the test goes on.
if setpriv --reuid=nobody --regid=nogroup --clear-groups \
     sh -c '"$1" --version' sh "$abs_top_builddir/src/grabrat" \
     >/dev/null 2>&1; then
  (require_unprivileged_; echo "ran: $AS_USER") >out 2>err || fail=1
  grep '^ran: setpriv ' out >/dev/null || fail=1
fi
Exit $fail
