#!/bin/sh
# A pattern whose only required literal is one byte, with an unbounded
# repeat, over a long line that lacks that byte and a later line that has
# it: PCRE2 over the whole buffer tried every start of the long line (the
# byte it requires being further on), each start costing the line's
# length ('(.*a){12}x' with -w: 16 s on 270 KB, random tester seed
# 1796559778 case 11332); grep -P, line by line, rejects the line at once.
# grab and grep -P keep PCRE2 to the lines that hold the byte: the same
# output as grep -P -a, within a time limit far above what that takes.
# (grep -P -w is slow on it too: PCRE2 does not look for its required
# byte that far; as the long line cannot match, grep runs without it.)
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grab-diff.sh"

# A 1 MB line of digits and blanks (no 'a', no 'x'), then lines with both.
awk 'BEGIN { for (i = 0; i < 125000; i++) printf "4567 12 "; printf "\n"
             print "ab x"; print "aaaaaaaaaaaax"; print "a a x" }' >in \
  || framework_failure_
sed 1d in >short || framework_failure_

c_and_utf8_locales_
fail=0
for loc in $locales; do
  for opts in -w '' -c -x -o '-w -c' '--line-number -w'; do
    for pat in '(.*a){12}x' '(.*a)+x' '[a-z]*a.*x'; do
      # shellcheck disable=SC2086
      LC_ALL=$loc grep -P -a $opts -e "$pat" short >exp.short 2>&1
      echo $? >>exp.short
      # --line-number: the long line is line 1 of in.
      awk -F: -v n="$opts" -v OFS=: \
        'n ~ /line-number/ && /^[0-9]+:/ { $1 = $1 + 1 } 1' exp.short >exp
      for n in $test_threads; do
        # shellcheck disable=SC2086
        LC_ALL=$loc timeout 20 grab -n $n $opts -e "$pat" in >out 2>&1
        echo $? >>out
        compare exp out || { echo "grab -n $n $opts '$pat' in $loc"; fail=1; }
      done
      # shellcheck disable=SC2086
      LC_ALL=$loc timeout 20 grabrat grep -P $opts -e "$pat" in >out 2>&1
      echo $? >>out
      compare exp out || { echo "grep -P $opts '$pat' in $loc"; fail=1; }
    done
  done
done

Exit $fail
