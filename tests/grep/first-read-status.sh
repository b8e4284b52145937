#!/bin/sh
# The walk's regular files are read without an fstat each, where a short
# read is the end of the file (ext2/3/4, XFS, Btrfs, tmpfs:
# src/io/shortread.h): the first read says how long a file is, and only
# one that fills the buffer is fstat'ed (src/search/status.c).  The
# output is GNU grep's (grab's: grep -P -a's) around the read sizes (96
# KiB for grep, 128 KiB for grab), for empty files, a file big enough
# to be cut into pieces, a NUL after the first read, and the output file
# in the tree.  On /proc, whose reads are not so, each file is fstat'ed
# as before; so is one in 16 while the run watches for a cold cache.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

# mk_ SIZE NAME: a file of SIZE bytes of lines 'hay hay hay' whose last
# line holds 'needle' (SIZE >= 7).
mk_ ()
{
  { yes 'hay hay hay' | head -c $(($1 - 7)); echo needle; } >"$2" \
    || framework_failure_
}
mkdir -p t/sub || framework_failure_
for size in 7 4096 98303 98304 98305 131071 131072 131073 300000; do
  mk_ $size t/f$size
  mk_ $size t/sub/g$size
done
mk_ 3145728 t/big
: >t/empty || framework_failure_
printf needle >t/noeol || framework_failure_
{ yes 'hay needle' | head -c 120000; printf 'x\0\n'; echo needle; } \
  >t/nul || framework_failure_

for opts in '-r needle' '-r -c needle' '-r --line-number -c hay' \
            '-r -l needle' '-r --files-without-match hay' '-r -c -v hay'; do
  # shellcheck disable=SC2086
  run_ C "1 2" $opts t
  # grab: grep -P -a's lines, in any order.
  for n in 1 2; do
    # shellcheck disable=SC2086
    PATH=$PWD/gnu:$PATH grep -P -a $opts t | LC_ALL=C sort >exp \
      || framework_failure_
    # shellcheck disable=SC2086
    grab -n $n $opts t | LC_ALL=C sort >got || fail=1
    cmp -s exp got || { echo "grab -n $n $opts"; diff exp got | head -n 5
                        } >>mismatches
  done
done

# The output file in the tree is not read: its directory entry has its
# inode number.
for impl in gnu ours; do
  rm -f t/sub/out
  PATH=$PWD/$impl:$PATH OMP_NUM_THREADS=2 grep -r needle t >t/sub/out \
    2>$impl.err
  echo "status $?" >>$impl.err
  mv t/sub/out $impl.out || framework_failure_
done
compare gnu.out ours.out || fail=1
compare gnu.err ours.err || fail=1

# How many status calls (fstat, newfstatat, statx...): a few for 180
# small files on these file systems, all of them' worth on /proc.
stats_ ()
{
  strace -f -qq -o trace -e trace=%stat,%fstat "$@" >out 2>/dev/null
  grep -c -E '^[0-9]* *(new)?f?stat(at|x)?\(' trace
}
if strace -f -qq -o /dev/null true 2>/dev/null; then
  no_leak_check_under_strace_
  mkdir s || framework_failure_
  for i in $(seq 180); do echo "x $i" >s/f$i || framework_failure_; done
  case $(stat -f -c %T s) in
    ext2/ext3 | xfs | btrfs | tmpfs)
      n=$(PATH=$PWD/ours:$PATH OMP_NUM_THREADS=2 stats_ grep -r x s)
      test "$n" -le 20 \
        || echo "grep -r x s: $n status calls for 180 files" >>mismatches
      n=$(stats_ grab -n 2 -r x s)
      test "$n" -le 20 \
        || echo "grab -r x s: $n status calls for 180 files" >>mismatches
      # Watching for a cold cache: one file in 16, and each worker's
      # first (a worker per CPU).
      n=$(stats_ grab -r x s)
      test "$n" -le $((30 + $(nproc))) \
        || echo "grab -r x s (cold watch): $n status calls" >>mismatches
      # One fstatfs per directory that lists a regular file (the file
      # system's kind, status.c), none for one that lists only
      # directories, none at all where no file is read (--files).
      mkdir -p d/1/2/3/4/5/6/7/8/9 && echo x >d/1/2/3/4/5/6/7/8/9/f \
        || framework_failure_
      n=$(strace -f -qq -o trace -e trace=fstatfs grab -n 2 -r x d \
            >/dev/null 2>&1 && grep -c '^[0-9]* *fstatfs(' trace)
      test "$n" -le 2 \
        || echo "grab -r x d: $n fstatfs for 1 directory of files" >>mismatches
      n=$(strace -f -qq -o trace -e trace=fstatfs grab -n 2 --files -r s \
            >/dev/null 2>&1 && grep -c '^[0-9]* *fstatfs(' trace)
      test "$n" -eq 0 \
        || echo "grab --files -r s: $n fstatfs" >>mismatches ;;
    *) echo "not a file system whose short reads are ends: counts skipped" ;;
  esac
  files=$(find /proc/sys/fs -type f 2>/dev/null | wc -l)
  if test "$files" -ge 20 && test "$(stat -f -c %T /proc/sys/fs)" = proc
  then
    n=$(stats_ grab -n 2 -r -c . /proc/sys/fs)
    test "$n" -ge $((files / 2)) \
      || echo "grab -r /proc/sys/fs: $n status calls, $files files" \
        >>mismatches
  fi
fi

if test -s mismatches; then
  cat mismatches
  fail=1
fi
Exit ${fail-0}
