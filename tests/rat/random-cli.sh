#!/bin/sh
# Random whole command lines: rat prints what GNU cat prints, byte for
# byte (stdout, stderr, status, a file written by -o or appended to).
# tests/random-tools.pl (RANDOM_MODE=cat) makes, from a seed, the input
# files, standard input and a command line of options and operands (see
# its head), run with input from a file or a pipe and output to a file, a
# pipe, /dev/full or an input; a mismatch is shrunk and printed as a
# shell line that rebuilds the case.
#   RANDOM_SEED=N      replay or vary the stream (default 1 here)
#   RANDOM_CASES=N     number of cases (default 1500), or RANDOM_SECONDS=S
#   RANDOM_CASE=N      run case N of the seed only
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
random_cli_ cat "$REF_CAT"

Exit ${fail-0}
