#!/bin/sh
# sort prints what GNU sort prints (output, messages, exit status) in the
# C locale, for every option set of options.txt over generated inputs
# (numbers with signs, exponents and separators, sizes, versions, months,
# mixed case, blanks, empty lines, duplicates, -t fields).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"
sample_stride_ 4

fail=0
for seed in 1 2 3; do
  gen_input_ $seed mix 300 >mix$seed || framework_failure_
  gen_input_ $seed csv 300 >csv$seed || framework_failure_
  diff_options_ C mix$seed
  diff_options_ C csv$seed
done
# Inputs already sorted, for -c, -C and -m to agree on.
LC_ALL=C ref_sort_ mix1 >sorted-mix || framework_failure_
diff_options_ C sorted-mix
diff_report_ || fail=1
Exit $fail
