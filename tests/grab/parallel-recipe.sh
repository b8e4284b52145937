#!/bin/sh
# README's recipe for one search spread over machines, run on this one:
# GNU parallel's --pipe hands each job (each --sshlogin host; ':' is this
# machine) a NUL-separated share of find -print0's list, which grab reads
# with --files0-from=-; together they print what grab -r prints alone.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"

parallel --version 2>/dev/null | grep -q 'GNU parallel' \
  || skip_ "GNU parallel is not installed"
# parallel keeps its state (the citation notice's) under $HOME.
HOME=$PWD
export HOME
mktree_
printf 'foo in a name with a newline\n' >'tree/x/new
line' || framework_failure_

grab -r foo tree | LC_ALL=C $REF_SORT >exp || fail=1
test "$(wc -l <exp)" -gt 50 || framework_failure_
# Small blocks, so that the list is cut into several shares.
find tree -type f -print0 \
  | parallel --will-cite --pipe --recend '\0' --block 1k -j 3 -S : \
      grab --files0-from=- foo \
  | LC_ALL=C $REF_SORT >out || fail=1
compare exp out || fail=1

Exit ${fail-0}
