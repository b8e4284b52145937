#!/bin/sh
# Every source file of ours (src/, tests/ scripts and C files, bench/ and completions/ scripts, the build's files) carries the copyright line and the SPDX licence line, matching COPYING (GPLv3 or later).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
here=$PWD
cd "$abs_top_srcdir" || framework_failure_
grep 'GNU GENERAL PUBLIC LICENSE' COPYING >/dev/null || fail=1
grep '^ *Version 3, 29 June 2007' COPYING >/dev/null || fail=1
for f in $(find src tests bench completions -path tests/fuzz/corpus -prune -o \
             -type f \( -name '*.[ch]' -o -name '*.sh' -o -name '*.awk' \) \
             -print) \
         configure.ac Makefile.am src/local.mk man/local.mk tests/local.mk \
         bench/local.mk completions/local.mk init.cfg bootstrap \
         bootstrap.conf m4/grabrat.m4; do
  case $f in
    tests/init.sh) continue ;;   # gnulib's
  esac
  test -f "$f" || continue       # not every file is in the tarball
  # The notice opens the file (C, make, m4), or follows a test's
  # description in its opening comment block.
  awk 'NR <= 3 || /^#/ { print; next } { exit }' "$f" >"$here/head"
  grep 'Copyright (C) 2026 the grabrat authors' "$here/head" >/dev/null \
    && grep 'SPDX-License-Identifier: GPL-3.0-or-later' "$here/head" \
         >/dev/null \
    || { echo "$f: no copyright and licence notice"; fail=1; }
done
Exit $fail
