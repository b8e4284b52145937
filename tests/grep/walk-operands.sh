#!/bin/sh
# Operands the way GNU grep 3.8 names and takes them: a directory operand
# with repeated or trailing slashes, '.', './' parts (fts keeps one
# trailing slash of several: d/// lists d/f), file operands with slashes,
# --include, --exclude and --exclude-dir against directory operands read
# without -r ("Is a directory"); an unreadable directory's entries under
# d///.  grabrat grep at 1 and 4 threads, and grab against grep -P -a.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
. "$srcdir/tests/lib/grab-diff.sh"
sample_stride_ 4

mkdir -p t/a/b t/c || framework_failure_
for f in t/a/f t/a/b/g t/c/h t/top; do
  echo foo >$f || framework_failure_
done
ln -s a t/alink || framework_failure_

# same_ ARGS...: grabrat grep prints what GNU grep prints, at 1 and 4
# threads, status and stderr too; else say so and set fail.
top=$PWD
same_ ()
{
  (PATH=$top/gnu:$PATH; $AS_USER grep "$@") >"$top/exp" 2>"$top/exp.err"
  echo $? >>"$top/exp"
  for n in $test_threads; do
    (PATH=$top/ours:$PATH; OMP_NUM_THREADS=$n $AS_USER grep "$@") \
      >"$top/got" 2>"$top/got.err"
    echo $? >>"$top/got"
    if ! cmp -s "$top/exp" "$top/got" \
       || ! cmp -s "$top/exp.err" "$top/got.err"; then
      echo "mismatch at $n threads: grep $*"
      diff "$top/exp" "$top/got" | head -n 6
      diff "$top/exp.err" "$top/got.err" | head -n 4
      fail=1
    fi
  done
}

fail=0 AS_USER=
ops='t/a/// t/a// t/a/ ./t/a// t/a/./ t/a/.// t//a t//a// t/alink//
     t/a/b/..// t/a/f t//a/f t/a/f/ t/a/f// t/top'
for opts in -r -R "-r -h" "-r -l" "-r -c" "-r -L" "-r -H"; do
  for op in $ops; do
    # shellcheck disable=SC2086
    same_ $opts foo $op
  done
  # shellcheck disable=SC2086
  same_ $opts foo t/a// t/c///
done
cd t || framework_failure_
same_ -r foo .//
same_ -r foo ./
same_ -r -l foo ./// a
cd .. || framework_failure_
for opt in --include=f --include=a --exclude=a --exclude=c '--exclude=*' \
           --exclude-dir=a --exclude-dir=b/ --include=t; do
  for op in t/a t/a/// t/a/f t t/c//; do
    same_ $opt foo $op
    same_ -r $opt foo $op
    same_ -d skip $opt foo $op
  done
done

# grab takes operands as grep -P -a does.
ORDERED=yes COMPARE_STDERR=yes
for opts in -r "-r -l" "-r -c" "-r -h"; do
  diff_run_ C "$opts" foo t/a///
  diff_run_ C "$opts" foo ./t/a// t/c//
  diff_run_ C "$opts" foo t/a/.//
done
for opt in --include=f --exclude=a --exclude-dir=a; do
  diff_run_ C "$opt" foo t/a t/a/f
  diff_run_ C "$opt" foo t/a//
done
diff_report_ || fail=1

# '-' that is a directory, alone under -r: named as a directory operand
# is (grep's out_file, from the operand's fstat), and read (EISDIR).
for opts in "-r -c" -rL "-R -c" "-r -c -h" "-r -c -H"; do
  for n in $test_threads; do
    (PATH=$top/gnu:$PATH; grep $opts foo - <t) >exp 2>exp.err
    es=$?
    (PATH=$top/ours:$PATH; OMP_NUM_THREADS=$n grep $opts foo - <t) \
      >got 2>got.err
    test $es = $? && compare exp got && compare exp.err got.err || fail=1
  done
done

# A directory that can be listed but not entered: its entries' errors
# carry the operand's name as fts makes it.
if (require_unprivileged_) >/dev/null 2>&1; then
  require_unprivileged_
  mkdir -p u/d/sub && echo foo >u/d/f && chmod 0444 u/d &&
    chmod go+rx u || framework_failure_
  for op in u/d u/d/ u/d// u/d///; do
    same_ -r foo $op
    same_ -r -s foo $op
  done
  chmod 0755 u/d
fi

Exit $fail
