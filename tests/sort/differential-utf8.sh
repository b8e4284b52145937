#!/bin/sh
# sort prints what GNU sort prints in a UTF-8 locale (collation with
# strcoll, locale blanks and case), for every option set of options.txt
# over generated inputs.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"
sample_stride_ 4
require_utf8_locale_

fail=0
for seed in 4 5; do
  gen_input_ $seed mix 300 >mix$seed || framework_failure_
  gen_input_ $seed csv 300 >csv$seed || framework_failure_
  diff_options_ "$UTF8_LOCALE" mix$seed
  diff_options_ "$UTF8_LOCALE" csv$seed
done
diff_report_ || fail=1
Exit $fail
