#!/bin/sh
# Faults injected with strace, as grep -P -a meets them: an input that
# cannot be opened (EACCES, EIO, EMFILE) or read (EIO, at once or after
# some data) is named in grep's message, the other files are still
# searched and the exit status is 2; a file that cannot be mapped is
# read instead, as grep would; a failed write to standard output
# (ENOSPC, EIO, EPIPE, and a real broken pipe with SIGPIPE ignored or
# not) is grep's "write error" and ends the run.  What was written before
# a fault is always a prefix of the right output, in whole files' output
# when threads run: never a duplicated or cut piece.  With -n 1 and -n 4.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
require_strace_
grep -P -a x /dev/null
test $? = 1 || skip_ "grep -P is not available"

fail=0
abs=$(pwd -P) || framework_failure_
seq 1 3000 >f1 && seq 2000 5000 >f2 && seq 4000 9000 >f3 \
  && seq 700000 >big || framework_failure_

# inj_ SPEC PATH CMD...: run CMD with the fault SPEC on the system calls
# that use PATH (absolute, so that strace says nothing of it).
inj_ ()
{
  i_spec_=$1 i_path_=$2
  shift 2
  strace -f -qq -o /dev/null -P "$i_path_" -e inject="$i_spec_" "$@"
}

# vs_grep_ N SPEC PATH OPTS...: grab -n N and grep -P -a, both with the
# fault, give the same output (sorted for -n 4), messages and status;
# the fault must have made grep fail.  With v_sample_=yes, a sample by
# default (init.cfg's in_sample_each_), with each thread count, fault and
# option at least once (not where a later check reads exp.err).
vs_grep_ ()
{
  if test "${v_sample_-}" = yes; then
    in_sample_each_ "${v_stdin_-}" "$@" || return 0
  fi
  v_n_=$1 v_spec_=$2 v_path_=$3
  shift 3
  # Standard output is ./out for both, where write faults are injected.
  inj_ "$v_spec_" "$v_path_" grep -P -a "$@" <"${v_stdin_-/dev/null}" \
    >out 2>exp.err
  v_es_=$?
  mv out exp || framework_failure_
  test $v_es_ = 2 || framework_failure_ "no fault from $v_spec_: grep $*"
  inj_ "$v_spec_" "$v_path_" grab -n $v_n_ "$@" <"${v_stdin_-/dev/null}" \
    >out 2>err
  v_gs_=$?
  sed 's/^grep:/grab:/' exp.err >exp.err2
  if test $v_n_ != 1; then
    LC_ALL=C $REF_SORT exp >exp.s && mv exp.s exp
    LC_ALL=C $REF_SORT out >out.s && mv out.s out
    LC_ALL=C $REF_SORT exp.err2 >exp.s && mv exp.s exp.err2
    LC_ALL=C $REF_SORT err >err.s && mv err.s err
  fi
  if test $v_gs_ != $v_es_ || ! cmp -s exp out || ! cmp -s exp.err2 err; then
    echo "FAIL: $v_spec_ on $v_path_: grab -n $v_n_ $*"
    echo "  status grep $v_es_, grab $v_gs_"
    diff exp.err2 err | head -n 5
    diff exp out | head -n 5
    fail=1
  fi
}

# is_prefix_ FILE OF: FILE is a prefix of OF, made of whole lines.
is_prefix_ ()
{
  p_size_=$(wc -c <"$1")
  cmp -s -n "$p_size_" "$1" "$2" || return 1
  test "$p_size_" = 0 || test "$(tail -c 1 "$1" | od -An -c)" = '  \n'
}

sample_stride_ 3
for n in $test_threads; do
  # Operands that cannot be opened, whatever the output mode.
  v_sample_=yes
  for e in EACCES EIO EMFILE; do
    for opts in '' --count --files-with-matches --files-without-match \
                --no-messages --invert-match --only-matching; do
      # shellcheck disable=SC2086
      vs_grep_ $n openat:error=$e "$abs/f2" $opts 99 "$abs/f1" "$abs/f2" \
        "$abs/f3"
    done
  done
  v_sample_=

  # Reads that fail at once: a named file, standard input.
  for opts in '' --count --files-without-match --no-messages --line-number
  do
    # shellcheck disable=SC2086
    vs_grep_ $n read:error=EIO "$abs/f2" $opts 99 f1 f2 f3
    v_stdin_=f2
    # shellcheck disable=SC2086
    vs_grep_ $n read:error=EIO "$abs/f2" $opts 99 f1 - f3
    unset v_stdin_
  done
  v_stdin_=f2
  vs_grep_ $n read:error=EIO "$abs/f2" --label=in 99 - f3
  unset v_stdin_

  # A read that fails after some data (big is read in 128 KiB pieces with
  # --mmap=never; from standard input, always): the lines read before are
  # printed, no more, and the next file is searched all through.
  grep -P -a 9 big f3 >exp || framework_failure_
  grep '^big:' exp | cut -d: -f2 >exp.big
  grep '^f3:' exp >exp.f3
  for when in 2 4; do
    for src in big -; do
      name=$src
      test $src = - && name='(standard input)'
      inj_ read:error=EIO:when=$when "$abs/big" \
        grab -n $n --mmap=never -H 9 $src f3 <big >out 2>err
      st=$?
      echo "grab: $name: Input/output error" >exp.err
      test $st = 2 || { echo "status $st: read when=$when $src"; fail=1; }
      compare exp.err err || fail=1
      grep -F -- "$name:" out | cut -d: -f2 >out.big
      grep '^f3:' out >out.f3
      test -s out.big && is_prefix_ out.big exp.big \
        || { echo "not a prefix: read when=$when $src -n $n"; fail=1; }
      test "$(wc -l <exp.big)" -gt "$(wc -l <out.big)" || fail=1
      compare exp.f3 out.f3 || fail=1
      # -n 1: the files' output one after the other, in order.
      if test $n = 1; then
        { grep -F -- "$name:" out; cat exp.f3; } >exp.n1
        compare exp.n1 out || fail=1
      fi
    done
  done

  # A file that cannot be mapped is read: at the first window or later
  # (-L fourteen times: 64 KiB windows), grep's output, no message.
  grep -P -a 1 big f1 >exp || framework_failure_
  LC_ALL=C $REF_SORT exp >exp.s || framework_failure_
  for e in ENODEV ENOMEM; do
    for when in 1 3; do
      strace -f -qq -o strace.log -P "$abs/big" -e trace=mmap \
        -e inject=mmap:error=$e:when=$when \
        grab -n $n -L -L -L -L -L -L -L -L -L -L -L -L -L -L 1 big f1 \
        >out 2>err
      st=$?
      grep INJECTED strace.log >/dev/null || framework_failure_
      test $st = 0 || { echo "status $st: mmap $e when=$when"; fail=1; }
      compare /dev/null err || fail=1
      if test $n = 1; then
        compare exp out || fail=1
      else
        LC_ALL=C $REF_SORT out >out.s
        compare exp.s out.s || fail=1
      fi
    done
  done
done

# Write errors on standard output (a regular file, so that each of grab's
# writes is whole: 1 MiB pieces of a big file's output).  The first write
# fails as grep's does; a later one leaves a prefix of the output.
grep -P -a 1 big >exp.big || framework_failure_
for n in $test_threads; do
  for e in ENOSPC EIO EPIPE; do
    vs_grep_ $n write:error=$e "$abs/out" 1 big
    for when in 2 3; do
      inj_ write:error=$e:when=$when "$abs/out" grab -n $n 1 big \
        >out 2>err
      st=$?
      test $st = 2 || { echo "status $st: write $e when=$when"; fail=1; }
      sed 's/^grep:/grab:/' exp.err >exp.err2
      compare exp.err2 err || fail=1
      test -s out && is_prefix_ out exp.big \
        || { echo "not a prefix: write $e when=$when -n $n"; fail=1; }
    done
  done
done

# Many files' output, one write each (each file's output, 696 KB, is over
# 64 KiB, so it does not wait for the next file's: worker.c's CARRY_MAX;
# and under the 1 MiB at which it would stream): with --sort=path
# the output before the fault is a prefix of the whole; unsorted (-n 4),
# it is the whole output of some files.  20 files, 4 threads: some thread
# writes 5 times, so when=3 is always reached.
mkdir many || framework_failure_
for i in 10 11 12 13 14 16 17 18 19 20 21 22 23 24 26 27 28 29 30 31; do
  seq ${i}00000 ${i}99999 >many/f$i || framework_failure_
done
grab -n 1 -r --sort=path 5 many >exp.sorted || framework_failure_
for n in $test_threads; do
  for e in ENOSPC EIO EPIPE; do
    inj_ write:error=$e:when=3 "$abs/out" grab -n $n -r --sort=path 5 many \
      >out 2>err
    test $? = 2 || fail=1
    test -s out && is_prefix_ out exp.sorted \
      || { echo "not a prefix: --sort=path $e -n $n"; fail=1; }
    inj_ write:error=$e:when=3 "$abs/out" grab -n $n -r 5 many >out 2>err
    test $? = 2 || fail=1
    test -s out || fail=1
    cut -d: -f1 out | uniq -c | while read -r count file; do
      test "$count" = "$(grep -c "^$file:" exp.sorted)" \
        || { echo "cut or doubled: $file, $count lines, -n $n"; exit 1; }
    done || fail=1
    test "$(cut -d: -f1 out | uniq | LC_ALL=C $REF_SORT | uniq -d)" = '' \
      || fail=1
  done
done

# A real broken pipe: with SIGPIPE ignored, grep's "write error: Broken
# pipe" and status 2; else both die of SIGPIPE.
for n in $test_threads; do
  for sig in ignored default; do
    for prog in "grep -P -a" "grab -n $n"; do
      (test $sig = ignored && trap '' PIPE
       # shellcheck disable=SC2086
       { $prog 1 big 2>err; echo $? >status; } | head -c 10 >/dev/null)
      sed 's/^grep:/grab:/' err >err.${prog%% *}
      mv status status.${prog%% *}
    done
    compare err.grep err.grab || fail=1
    compare status.grep status.grab || fail=1
    test $sig = default || test "$(cat status.grab)" = 2 || fail=1
    test $sig = ignored || test "$(cat status.grab)" -gt 128 || fail=1
  done
done

# In a tree: a file or a directory that cannot be opened is named, the
# rest is searched; a directory that cannot be listed (getdents64 EIO)
# is named as grep names it.  grab (like grep's fts) opens an entry by its
# name in its directory's descriptor, so strace -P is given the name
# (each is unique in this tree): it matches a path argument as written.
mkdir -p d/sub d/sub2 && seq 100 >d/a && seq 100 >d/sub/b \
  && seq 50 >d/sub2/c || framework_failure_
grab -n 1 -r 9 "$abs/d" >all || framework_failure_
for n in $test_threads; do
  for what in d/sub/b d/sub; do
    inj_ openat:error=EACCES "${what##*/}" grab -n $n -r 9 "$abs/d" \
      >out 2>err
    test $? = 2 || fail=1
    echo "grab: $abs/$what: Permission denied" >exp.err
    compare exp.err err || fail=1
    grep -v "^${abs}/${what}[/:]" all | LC_ALL=C $REF_SORT >exp
    LC_ALL=C $REF_SORT out >out.s
    compare exp out.s || fail=1
  done
  vs_grep_ $n getdents64:error=EIO "$abs/d/sub" -r 9 d
done

Exit $fail
