#!/bin/sh
# grabrat grep -R prints what GNU grep 3.8 prints through symbolic links
# that loop (to themselves, in a chain, to an ancestor, to '.'), to
# siblings, chains of links to a directory, a directory reached twice, a
# dangling link, with -r, -R -r, -D skip, -s, --exclude, and reads the
# devices and FIFOs it finds in the tree, as GNU's -R does (a FIFO not
# through the batch opener, which would not wait for its writer); at 1 and 4
# threads, stdout, stderr and status alike; and grab -r -D read reads a
# FIFO in the tree as grep -P -a does.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

mkdir -p t/a/b t/c t/d/e || framework_failure_
for f in t/a/f t/a/b/g t/c/h t/d/e/i t/k1 t/k2 t/k3; do
  echo foo >$f || framework_failure_
done
ln -s self t/self && ln -s x1 t/x2 && ln -s x2 t/x1 &&
  ln -s .. t/a/b/up && ln -s ../.. t/d/e/top && ln -s . t/dot &&
  ln -s ../c t/a/toc && ln -s a/b t/chain1 && ln -s chain1 t/chain2 &&
  ln -s nowhere t/dangling && ln -s a t/alink && ln -s e/top t/d/twice &&
  ln -s /dev/null t/null || framework_failure_
mkfifo t/fifo || framework_failure_

# run_ WHO THREADS ARGS...: run WHO's grep; a writer comes to the FIFO a
# little later (grep waits for it), and is killed if nobody opened it.
run_ ()
{
  who=$1 n=$2
  shift 2
  (sleep 0.05; echo 'foo fifo' >t/fifo) 2>/dev/null &
  writer=$!
  (PATH=$PWD/$who:$PATH; OMP_NUM_THREADS=$n grep "$@") >out.$who 2>err.$who
  echo $? >>out.$who
  kill $writer 2>/dev/null
  wait $writer 2>/dev/null
}

fail=0
for n in $test_threads; do
  for args in "-R foo t" "-R -n foo t" "-R -l foo t" "-R -L foo t" \
              "-R -c foo t" "-R -h foo t" "-R -s foo t" "-R -D skip foo t" \
              "-R -D skip -c foo t" "-R -r foo t" "-r -R foo t" "-r foo t" \
              "-R --exclude=x* foo t" "-R --exclude-dir=e foo t" \
              "-R foo t/a t/alink t/chain2" "-R foo t/self" "-R foo t/x1" \
              "-R foo t/dot" "-R foo t/a/b/up" "-r foo t/a/b/up" \
              "-R foo t/d/twice"; do
    # shellcheck disable=SC2086
    run_ gnu $n $args
    # shellcheck disable=SC2086
    run_ ours $n $args
    if ! cmp -s out.gnu out.ours || ! cmp -s err.gnu err.ours; then
      echo "mismatch at $n threads: grep $args"
      diff out.gnu out.ours | head -n 8
      diff err.gnu err.ours | head -n 8
      fail=1
    fi
  done
done

# grab -D read reads the tree's FIFO too, as grep -P -a -r -D read does.
for n in 1 ${GRAB_TEST_THREADS-4}; do
  (sleep 0.05; echo 'foo fifo' >t/fifo) 2>/dev/null &
  writer=$!
  grep -P -a -r -D read -c foo t/a t >exp 2>&1
  echo $? >>exp
  kill $writer 2>/dev/null
  wait $writer 2>/dev/null
  (sleep 0.05; echo 'foo fifo' >t/fifo) 2>/dev/null &
  writer=$!
  grab -n $n -r -D read -c foo t/a t >got 2>&1
  echo $? >>got
  kill $writer 2>/dev/null
  wait $writer 2>/dev/null
  LC_ALL=C $REF_SORT exp >exps && LC_ALL=C $REF_SORT got >gots &&
    compare exps gots || fail=1
done

Exit $fail
