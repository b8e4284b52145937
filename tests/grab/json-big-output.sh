#!/bin/sh
# --json keeps each file's records together and its bytes_printed right when a file's output passes the size at which it is streamed (holding the output lock) or, with --sort=path, moved to a temporary file until its turn: the same records as ripgrep's, 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-json.sh"
json_require_perl_
json_require_rg_
fail=0

# Three files of about 1.5 MB of records each (past the 1 MiB at which
# a file's output goes out before the file is done), among small ones.
mkdir t || framework_failure_
for f in a b c; do
  awk -v f=$f 'BEGIN { for (i = 0; i < 8000; i++) print "foo " f " " i }' \
    >t/$f || framework_failure_
done
for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
  echo "foo small $i" >t/s$i || framework_failure_
done

"$RG" --json -uu -a --no-config --sort path foo t | json_norm_ -s >exp \
  || fail=1
for sort in --sort=path --sort=none; do
  grab -n ${GRAB_TEST_THREADS-4} $sort -r --json foo t >out || fail=1
  json_norm_ -s <out >got || fail=1
  compare exp got || { echo "$sort"; fail=1; }
done

Exit $fail
