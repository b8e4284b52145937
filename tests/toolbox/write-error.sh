#!/bin/sh
# Output errors at exit are caught: --help and --version to /dev/full fail
# with "write error", the errno and the applet's failure status
# (tests/toolbox/help-full.sh compares with GNU's programs).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

test -w /dev/full && test -c /dev/full || skip_ "no /dev/full"
fail=0
for a in grabrat:1 grab:2 rat:1 sort:2; do
  name=${a%:*} code=${a#*:}
  for opt in --help --version; do
    returns_ $code $name $opt >/dev/full 2>err || fail=1
    echo "$name: write error: No space left on device" >exp
    compare exp err || fail=1
  done
done
returns_ 1 grabrat --list >/dev/full 2>err || fail=1
Exit $fail
