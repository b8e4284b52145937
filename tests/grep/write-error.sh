#!/bin/sh
# A write error on standard output (a full device, a closed descriptor) ends grep where GNU grep's stdio buffer finds it: at once for output past one buffer or with --line-buffered, else at exit (a fatal PCRE error's too) after the other files' diagnostics, with the errno only when bytes were pending; counts and names (-c, -l, -L) failing there are noted in silence (grep and grab, at 1 and 4 threads).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
test -w /dev/full || skip_ "no /dev/full"

printf 'x\n' >small || framework_failure_
seq 1 3000 >big || framework_failure_
printf 'x\0\n' >bin || framework_failure_
# An empty line, then one that is not UTF-8: -P '(*UTF)' prints the
# first and dies on the second, where die's exit still says "write
# error" (seed 1796547240 case 2490).
printf '\n\200\n' >utfbad || framework_failure_
mkdir tree && cp small big tree/ || framework_failure_
# Counts and names past one buffer: grep notes the failure and says
# nothing, its status unchanged.
mkdir many || framework_failure_
for i in $(seq 600); do echo x >many/file$i || framework_failure_; done
# Files opened in batches: a closed standard output's number must not go
# to the ring that opens them (io/opener.h), whose writes fail with
# EINVAL, where grep's fail with EBADF (seed 1796546253 case 21896).
mkdir batch || framework_failure_
for i in $(seq 100); do echo x >batch/f$i || framework_failure_; done
echo zz >batch/f77 || framework_failure_
fail=0
for args in "'' small nosuch" "'' big nosuch" "'' nosuch small" \
            "'' small small nosuch small" "-c '' small nosuch" \
            "-c '' small small" "--line-buffered '' small nosuch" \
            "-l '' small nosuch small" "x bin small" "-n '' small big" \
            "-r x tree" "'' nosuch" "-q x small nosuch" "-A1 x small small" \
            "-c x many/*" "-l x many/* nosuch" "-L y many/*" "-c -r x many" \
            "--line-buffered -c x small" "--line-buffered -l x small" \
            "--line-buffered -L y small nosuch" "-P '(*UTF)' utfbad" \
            "-P '(*UTF)' small utfbad nosuch" "-c -P '(*UTF)' utfbad" \
            "-r zz batch"; do
  for out in /dev/full '&-'; do
    for n in $test_threads; do
      (PATH=$PWD/gnu:$PATH; eval "grep $args" >$out 2>err.gnu
       echo $? >st.gnu)
      (PATH=$PWD/ours:$PATH OMP_NUM_THREADS=$n
       export OMP_NUM_THREADS; eval "grep $args" >$out 2>err.ours
       echo $? >st.ours)
      if ! compare st.gnu st.ours || ! compare err.gnu err.ours; then
        echo "grep $args >$out at $n threads differs"
        fail=1
      fi
    done
  done
done 2>/dev/null
# grab prints what grep -P -a prints, failures included.
for args in "x small nosuch" "x nosuch small" "-c x small nosuch" \
            "-c x many/*" "--line-buffered -c x small" "'(*UTF)' utfbad"; do
  (PATH=$PWD/gnu:$PATH; eval "grep -P -a $args" >/dev/full 2>err.gnu
   echo $? >st.gnu)
  (eval "grab -n 1 $args" >/dev/full 2>err.ours; echo $? >st.ours)
  sed 's/^grab:/grep:/' err.ours >err2.ours
  compare st.gnu st.ours && compare err.gnu err2.ours || fail=1
done
# A list read from standard input opens no file before the ring.
(cd batch && grep -P -a zz f* >&- 2>../err.gnu; echo $? >../st.gnu)
for n in $test_threads; do
  (cd batch && printf 'f%s\0' $(seq 100) | grab -n $n --files0-from=- zz \
     >&- 2>../err.ours; echo $? >../st.ours)
  sed 's/^grab:/grep:/' err.ours >err2.ours
  compare st.gnu st.ours && compare err.gnu err2.ours || fail=1
done
Exit $fail
