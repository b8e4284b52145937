#!/bin/sh
# Many patterns at once (-f WORDS), where grab looks for the patterns'
# required literals as a set before running PCRE2 (litset.c): the output
# is still what grep -P -a prints for the same patterns joined into one
# alternation, with and without -F, with -i (in UTF-8 'k' and 's' match
# U+212A and U+017F, which the set must not miss), -w, -x, -o, -c, -v,
# in C and UTF-8; and patterns that say (?i) themselves.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

# A vocabulary of identifiers that share pieces, so that words overlap,
# contain each other and occur inside longer identifiers.
awk 'BEGIN {
  n = split("mutex spin lock unlock kfree sched task page free irq ks Sk" \
            " raw rcu read work queue flush wake", p, " ")
  srand(7)
  for (i = 0; i < 400; i++) {
    w = p[1 + int(rand() * n)]
    for (k = int(rand() * 3); k > 0; k--)
      w = w (rand() < 0.5 ? "_" : "") p[1 + int(rand() * n)]
    print w
  }
}' | sort -u >vocab || framework_failure_
# Lists: a few words, some, and all the long ones (the set needs literals
# of 4 bytes or more).
sed -n '1~97p' vocab >w3 && sed -n '1~17p' vocab >w20 \
  && grep '......' vocab >long || framework_failure_
printf 'spin_(un)?lock\nkfree[a-z_]*\nsched_\\w+\nrcu_read\\w*\nmutex[^ ]ock\n' \
  >regexes || framework_failure_
# Patterns that ignore case by their own '(?i)', without -i: in UTF-8 the
# set must hold the KELVIN SIGN and LONG S spellings all the same.
{ sed 's/^/(?i)/' long && echo '(?-i)sched_\w+'; } >inline \
  || framework_failure_

# The text: vocabulary words in random case, glued to letters or not,
# with KELVIN SIGN for k and LONG S for s now and then, invalid UTF-8,
# and lines that are exactly one word.
awk 'BEGIN { srand(11) }
     { v[NR] = $0 }
     END {
       for (i = 0; i < 4000; i++) {
         line = ""
         # Many lines of one word: no other word finds them for it.
         for (k = rand() < 0.4 ? 1 : int(rand() * 6); k > 0; k--) {
           w = v[1 + int(rand() * NR)]
           r = rand()
           if (r < 0.2) w = toupper(w)
           else if (r < 0.3) { gsub(/k/, "\342\204\252", w) }
           else if (r < 0.4) { gsub(/s/, "\305\277", w) }
           else if (r < 0.45) w = w "\377"
           sep = rand() < 0.3 ? "x" : rand() < 0.5 ? " " : "("
           line = line sep w
         }
         if (rand() < 0.05) line = v[1 + int(rand() * NR)]
         print line
       }
     }' vocab >text || framework_failure_

# join_ FILE: FILE's lines as one alternation of non-capturing groups.
join_ () { sed 's/.*/(?:&)/' "$1" | paste -s -d '|' -; }

require_utf8_locale_
sample_stride_ 4   # by default each case at one engine and -n, in turns
nrun=0
for e in $(grab_engine_opts_); do
  for n in ${THREADS-1 ${GRAB_TEST_THREADS-4}}; do nrun=$((nrun + 1)); done
done
for loc in C "$UTF8_LOCALE"; do
  for list in w3 w20 long regexes inline; do
    alt=$(join_ $list)
    F=-F; test $list = regexes || test $list = inline && F=
    for opts in '' -i -w -x -o -c -v '-o -i' '-w -i' '-x -i' '-c -v -i'; do
      # shellcheck disable=SC2086
      LC_ALL=$loc grep -P -a $opts -e "$alt" text >exp 2>/dev/null
      st=$?
      turn_case_
      for e in $(grab_engine_opts_); do
        # -n 1 and -n 4 unless told otherwise, as in difflib.sh.
        for n in ${THREADS-1 ${GRAB_TEST_THREADS-4}}; do
          in_turn_ $nrun || continue
          # shellcheck disable=SC2086
          LC_ALL=$loc grab $(engine_opt_ $e) -n $n $F -f $list $opts text \
            >out 2>err
          gst=$?
          if test $gst != $st || ! cmp -s exp out; then
            echo "LC_ALL=$loc grab $e -n $n $F -f $list $opts: status" \
                 "$gst (grep -P $st)"
            diff exp out | head -n 5
            fail=1
          fi
        done
      done
    done
  done
done

# The long list does take the set search (else this test would prove
# nothing about it), caseless too.
n=$(wc -l <long)
for loc in C "$UTF8_LOCALE"; do
  for opts in '' -i; do
    # shellcheck disable=SC2086
    LC_ALL=$loc grab --debug $opts -F -f long /dev/null 2>err
    grep "lines without any of $n literals skipped" err >/dev/null \
      || { echo "LC_ALL=$loc $opts: $(cat err)"; fail=1; }
  done
done

# Where the set is packed (teddy.c, on a CPU with AVX2), it beats the
# JIT's scan for two first bytes, and for one that is '_'.
if grep -w avx2 /proc/cpuinfo >/dev/null 2>&1; then
  printf '__mutex_lock\n__spin_unlock\nat_work_queue\n' >two-firsts &&
  printf '_rcu_read\n_raw_flush\n' >underscore || framework_failure_
  for list in two-firsts underscore; do
    LC_ALL=C grab --debug -F -f $list /dev/null 2>err
    grep "literals skipped (packed search)" err >/dev/null \
      || { echo "$list: $(cat err)"; fail=1; }
  done
fi
Exit ${fail-0}
