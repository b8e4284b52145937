#!/bin/sh
# sort prints what GNU sort prints in en_US.UTF-8, a locale that collates
# with real rules (case and punctuation folded at first level) and has a
# thousands separator: every option set of options.txt over generated
# inputs, among them lines that tie at the first levels (where glibc's
# strxfrm orders otherwise than strcoll).  The locale is compiled into the test directory (LOCPATH).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"
sample_stride_ 4

command -v localedef >/dev/null || skip_ "no localedef"
mkdir loc && localedef -i en_US -f UTF-8 loc/en_US.UTF-8 >/dev/null 2>&1
test -d loc/en_US.UTF-8 || skip_ "cannot compile the en_US.UTF-8 locale"
LOCPATH=$PWD/loc; export LOCPATH
test "$(LC_ALL=en_US.UTF-8 locale thousands_sep)" = , \
  || skip_ "the compiled locale does not load"

fail=0
gen_input_ 6 mix 300 >mix || framework_failure_
gen_input_ 7 csv 300 >csv || framework_failure_
gen_input_ 8 ties 1500 >ties || framework_failure_
diff_options_ en_US.UTF-8 mix
diff_options_ en_US.UTF-8 csv
diff_options_ en_US.UTF-8 ties
# The lines of the first line's example, in every order of input.
printf '%s\n' 1k +1K -1K '1 K' 1K >five || framework_failure_
diff_run_ en_US.UTF-8 five
diff_run_ en_US.UTF-8 five -r
LC_ALL=C ref_sort_ -r five >five-r || framework_failure_
diff_run_ en_US.UTF-8 five-r -u
diff_run_ en_US.UTF-8 five-r -m five
diff_report_ || fail=1
Exit $fail
