#!/bin/sh
# -n N / --threads=N sets the number of threads, for file operands as well
# as -r; the output is the same with any number (sorted), and -n 1 keeps
# operand order; --line-number numbers lines.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
for i in $(seq 20); do echo "foo $i" >f$i; done
files=$(seq -f 'f%g' 20)
# shellcheck disable=SC2086
grep -H foo $files >exp || framework_failure_
# shellcheck disable=SC2086
grab -n 1 foo $files >out || fail=1
compare exp out || fail=1
for n in 2 3 8 64; do
  # shellcheck disable=SC2086
  grab -n $n foo $files | LC_ALL=C $REF_SORT >out || fail=1
  LC_ALL=C $REF_SORT exp >exps
  compare exps out || fail=1
  # shellcheck disable=SC2086
  grab --threads=$n foo $files | LC_ALL=C $REF_SORT >out || fail=1
  compare exps out || fail=1
done
grab --line-number foo f3 >out || fail=1
echo '1:foo 3' >exp
compare exp out || fail=1
returns_ 2 grab -n 0 foo f1 2>/dev/null || fail=1
Exit ${fail-0}
