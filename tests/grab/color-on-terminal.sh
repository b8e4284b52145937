#!/bin/sh
# -I colours matches (GNU colours) only when standard output is a
# terminal whose TERM is not dumb; --color=always forces them.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
printf 'xx foo\n' >a || framework_failure_
esc=$(printf '\033')
grab -I foo a >out || fail=1
grep -q "$esc" out && fail=1
grab --color=always foo a >out || fail=1
grep -q "$esc\\[01;31m" out || fail=1
script -qec true /dev/null >/dev/null 2>&1 || skip_ "script(1) cannot make a terminal"
TERM=xterm script -qec 'grab -I foo a' /dev/null >out </dev/null
grep "$esc\\[01;31m${esc}\\[Kfoo" out >/dev/null || fail=1
TERM=dumb script -qec 'grab -I foo a' /dev/null >out </dev/null
grep -q "$esc" out && fail=1
Exit ${fail-0}
