#!/bin/sh
# grabrat grep -r prints files in GNU grep's order (gnulib fts: readdir
# order, and inode order for a directory of more than 10,000 names unless
# on tmpfs, NFS or CIFS) while searching in parallel, with each file's
# diagnostics in their place: nested directories, a big directory, an
# empty file, symbolic links (-r: skipped inside the tree, followed on the
# command line; -R: followed, a loop warned about, a dangling one
# reported), --include, --exclude, --exclude-dir, at 1 and 4 threads.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

mkdir -p t/a/b t/c t/big t/d.skip || framework_failure_
for i in 1 2 3 4 5; do
  echo "foo $i" >t/a/f$i && echo "foo c$i" >t/c/g$i &&
    printf 'x\nfoo b%s\n' $i >t/a/b/h$i || framework_failure_
done
: >t/empty
echo foo >t/d.skip/x || framework_failure_
ln -s a t/link-a && ln -s ../c/g1 t/a/link-g1 && ln -s .. t/a/b/up &&
  ln -s nowhere t/dangling || framework_failure_
printf 'foo\0bin\n' >t/c/bin || framework_failure_
# 10,050 names: fts sorts them by inode on most file systems.
(cd t/big && seq 1 10050 | xargs sh -c 'for i; do echo "foo $i" >n$i; done' sh) ||
  framework_failure_

fail=0
for n in $test_threads; do
  for args in "-r foo t" "-r -l foo t" "-r -c foo t" "-r -n foo t/a t/c" \
              "-r foo t/link-a" "-r --include=*1 foo t" \
              "-r --exclude=g* foo t" "-r --exclude-dir=*.skip foo t" \
              "-r -L foo t" "-r -h -m 1 foo t/big t/a" \
              "-R foo t" "-R -l foo t/a t/link-a" "-R -s -c foo t" \
              "-R --exclude-dir=b foo t" "-R --exclude=link* foo t"; do
    # shellcheck disable=SC2086
    (PATH=$PWD/gnu:$PATH; grep $args) >exp 2>exp.err
    es=$?
    # shellcheck disable=SC2086
    (PATH=$PWD/ours:$PATH; OMP_NUM_THREADS=$n grep $args) >got 2>got.err
    gs=$?
    if test $es != $gs || ! cmp -s exp got || ! cmp -s exp.err got.err; then
      echo "mismatch at $n threads: grep $args (status $es, $gs)"
      diff exp got | head -n 6
      diff exp.err got.err | head -n 4
      fail=1
    fi
  done
done
# Without operands, -r searches '.' and names files without './'.
(cd t && PATH=$PWD/../gnu:$PATH grep -r foo) >exp 2>&1
(cd t && PATH=$PWD/../ours:$PATH grep -r foo) >got 2>&1
compare exp got || fail=1

# A deep tree (80 levels, a file at each).
d=deep
for i in $(seq 80); do
  mkdir -p "$d" && echo "foo $i" >"$d/f" || framework_failure_
  d=$d/d
done
for who in gnu ours; do
  (PATH=$PWD/$who:$PATH; grep -r -n foo deep; grep -r -c foo deep | tail -n 3) \
    >deep.$who 2>&1
done
compare deep.gnu deep.ours || fail=1
# A slow first operand (a FIFO written late) while later files print more
# than a worker holds in memory (1 MiB): their output waits in temporary
# files and comes out in order, whole.  Also a single file of more output
# than that, written as it is searched.
seq 400000 | sed 's/$/ foo/' >many || framework_failure_
for who in gnu ours; do
  rm -f slow && mkfifo slow || framework_failure_
  (sleep 1; echo 'late foo') >slow &
  (PATH=$PWD/$who:$PATH; OMP_NUM_THREADS=2 grep -n foo slow many many) \
    >out.$who 2>&1
  wait
  (PATH=$PWD/$who:$PATH; grep -c -e foo -e x many; grep '' many) \
    >>out.$who 2>&1
done
compare out.gnu out.ours || fail=1

Exit $fail
