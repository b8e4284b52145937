#!/bin/sh
# --help and --version to a full device end with GNU's message (errno or not)
# and status, for sort, cat and grep in C, C.UTF-8 and en_US.UTF-8.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

test -w /dev/full && test -c /dev/full || skip_ "no /dev/full"
locales="C C.UTF-8"
test "$(LC_ALL=en_US.UTF-8 locale charmap 2>/dev/null)" = UTF-8 \
  && locales="$locales en_US.UTF-8"
gnu_and_ours_

# glibc drops what stdout's 4096-byte buffer held when a write fails and
# then fclose fails, with the errno, only if later calls left bytes
# pending (see usage in src/applets/sort/cmdline.c).  GNU sort's help
# called as "sort" is 4153 bytes in C (4083 in en_*, which drop the
# translation line): its very last call fails, so it says no errno
# there.  Our help is longer, as is GNU's when called by a longer name:
# for that case GNU runs as gnu/sort, and the name is left out.
fail=0
for loc in $locales; do
  for p in sort cat grep; do
    for opt in --help --version; do
      run=$p
      case $p$opt:$loc in sort--help:en_*) ;; sort--help:*) run=gnu/sort ;; esac
      (PATH=$PWD/gnu:$PATH; LC_ALL=$loc; export LC_ALL
       $run $opt >/dev/full; echo "status $?") 2>&1 \
        | sed 's/^[^ :]*: /PROG: /' >exp
      (PATH=$PWD/ours:$PATH; LC_ALL=$loc; export LC_ALL
       $p $opt >/dev/full; echo "status $?") 2>&1 \
        | sed 's/^[^ :]*: /PROG: /' >out
      compare exp out || { echo "^ $p $opt, LC_ALL=$loc"; fail=1; }
    done
  done
done
Exit $fail
