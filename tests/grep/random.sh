#!/bin/sh
# Random whole command lines: grep prints what GNU grep 3.8 prints, byte for byte.
# tests/grep/random.pl makes, from a seed, files, patterns and command lines
# (see its head for the grammar); each case runs GNU grep once and ours at
# 1 and 4 threads, under timeout.  A mismatch is shrunk and printed as a
# shell command that rebuilds its files and runs grep.
# The variables come from the environment, e.g. for CI:
#   RANDOM_SEED=$(date +%s) RANDOM_SECONDS=600 make check TESTS=tests/grep/random.sh
#   RANDOM_SEED=N      replay or vary the stream (printed at the start; a
#                      stream is a function of the seed and of random.pl)
#   RANDOM_CASES=N     number of cases (default 100, or 1000 with
#                      RUN_EXPENSIVE_TESTS=yes)
#   RANDOM_SECONDS=S   a time budget instead (CI: a fresh seed, longer)
#   RANDOM_CASE=N      run case N of the seed only
#   RANDOM_MODE=grab   compare grab with 'grep -P -a' instead
#   RANDOM_SHRINK=N    shrink at most N mismatches (3)
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
if test "${RANDOM_MODE-grep}" = grab; then
  ln -s "$abs_top_builddir/src/grabrat" ours/grab || framework_failure_
fi

command -v perl >/dev/null || skip_ "no perl"
command -v timeout >/dev/null || skip_ "no timeout"

# Cases with unreadable files run as nobody (init.cfg's
# require_unprivileged_): the test directory must be open to others.
if test "$(id -u)" = 0; then
  chmod go+rx . || framework_failure_
fi

REF_DIR=$PWD/gnu OURS_DIR=$PWD/ours RANDOM_WORK=$PWD \
RANDOM_ALLOW=$srcdir/tests/grep/random-allow.txt \
  perl "$srcdir/tests/grep/random.pl" || fail=1

Exit ${fail-0}
