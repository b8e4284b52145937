#!/bin/sh
# Option parsing as in GNU cat: permutation of options and operands (off
# under POSIXLY_CORRECT), '--', unique prefixes, the messages for bad,
# unknown and ambiguous options ("Try 'rat --help'") and their status 1.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/rat.sh"

fail=0
printf 'x\n' >fx
printf 'y\n' >fy

rat_vs_cat_ fx -n fy || fail=1
POSIXLY_CORRECT=1 rat_vs_cat_ fx -n fy || fail=1
POSIXLY_CORRECT=1 returns_ 1 rat fx -n fy >out 2>err || fail=1
printf 'x\ny\n' >exp
compare exp out || fail=1
echo "rat: -n: No such file or directory" >exp
compare exp err || fail=1
rat_vs_cat_ -- -n fx || fail=1
rat_vs_cat_ fx -- -E fy || fail=1

for o in -z -Z -x -h -V --foo --numb --number-x --show --sh --show-al=x \
         --help=x --version=1 -; do
  rat_vs_cat_ $o fx || fail=1
done
returns_ 1 rat -z >out 2>err || fail=1
printf '%s\n' "rat: invalid option -- 'z'" \
  "Try 'rat --help' for more information." >exp
compare exp err || fail=1
compare /dev/null out || fail=1
returns_ 1 rat --foo 2>err || fail=1
printf '%s\n' "rat: unrecognized option '--foo'" \
  "Try 'rat --help' for more information." >exp
compare exp err || fail=1

# rat's own options are long only, and their WHEN words are checked.
returns_ 1 rat --color=sometimes fx >out 2>err || fail=1
compare /dev/null out || fail=1
grep "invalid argument.*sometimes.*--color" err >/dev/null || fail=1
returns_ 1 rat --progress=maybe fx 2>/dev/null || fail=1
returns_ 1 rat --strict=1 fx 2>/dev/null || fail=1

Exit $fail
