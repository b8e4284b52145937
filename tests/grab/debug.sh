#!/bin/sh
# --debug says how the patterns will be searched: whole buffers, with
# line-crossing matches checked, or line by line; which literal prefilters
# lines, or that the pattern is a string searched for without PCRE2; and, with -H, whether Hyperscan finds the candidate lines (and
# why not when it does not).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

check ()
{
  want=$1; shift
  grab --debug "$@" /dev/null 2>err
  grep -F -- "$want" err >/dev/null || { echo "grab $*:"; cat err; fail=1; }
}

check 'pcre2 (JIT): whole buffers' 'f.o'
check 'whole buffers, line-crossing matches checked' 'a\sb'
check 'line by line' '\Afoo'
check "lines without '_RESUME' skipped" '\w+_RESUME'
# A plain ASCII string needs no PCRE2 (but with -w, -x or -i it does).
check "the string 'return' searched for, without PCRE2" return
check "the string 'a.b (c)' searched for, without PCRE2" -F 'a.b (c)'
check "lines without 'return' skipped" -w return
check "lines without 'return' skipped" -x return
check 'pcre2 (JIT): whole buffers' -i return
check "line by line; lines without 'kmalloc(' skipped" '(?<=\s)kmalloc\('
# The options that start a pattern are grab's options: '(?i)' is -i, and
# the prefilter's literal ignores case as -i's does (src/engines/
# pcre2-literal.c, leading_options).
LC_ALL=C check "lines without 'pm_resume' skipped" '(?i)pm_resume'
LC_ALL=C.UTF-8 check "lines without 'pm_re' skipped" '(?i)pm_resume'
LC_ALL=C.UTF-8 check "lines without 'pm_resume' skipped" -i '(?-i)pm_resume'
LC_ALL=C.UTF-8 check "lines without 'pm_re' skipped" '(?s-i)(?^i)pm_resume'
LC_ALL=C check 'lines without a sequence of 7 byte sets skipped' \
  '(?i)ERR_PTR|PTR_ERR'

if grab --list-engines | grep -q hyperscan; then
  check 'candidate lines from Hyperscan' -H 'f.o'
  # Where PCRE2's engine has a prefilter of its own, it is the faster one.
  check "not used (grab's own prefilter is faster)" -H foo
  check "not used (grab's own prefilter is faster)" -H '\w+_RESUME'
  LC_ALL=C check "not used (grab's own prefilter is faster)" -H '[how] to'
  check 'candidate lines from Hyperscan' -H -F -e foo -e bar -e 'a.b'
  check 'candidate lines from Hyperscan' -H -i 'foo|bar'
  check 'not used (the pattern can match the empty string)' -H 'x*'
  check 'not used (the pattern depends on where' -H '\Afoo'
  LC_ALL=C.UTF-8 check 'not used (caseless in a UTF-8 locale)' -H -i foo
  LC_ALL=C.UTF-8 check 'not used (in a UTF-8 locale' -H 'a.b'
  LC_ALL=C.UTF-8 check 'candidate lines from Hyperscan' -H -F 'é'
fi
Exit ${fail-0}
