#!/bin/sh
# Faults injected with strace, and real short writes (RLIMIT_FSIZE), as
# GNU sort meets them: the same message naming the file, status 2, and
# no wrong byte.  An input that cannot be opened (EACCES, EIO, EMFILE)
# or read (EIO, at once or after some data), whether sorted in memory,
# spilled to temporaries, merged or checked, and an output that cannot be
# truncated, leave the -o file as it was.  Writes that fail (ENOSPC, EIO,
# EPIPE) on standard output, an -o file or a temporary say "write
# failed", or "fflush failed" / "close failed" when the failure falls in
# the last stdio buffer, as GNU's stdio has it; what was written is a
# prefix of the sorted output, and temporaries are removed.  A real
# broken pipe, SIGPIPE ignored or not, ends the sort as it ends GNU's.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"
require_strace_

fail=0
sampling_ && echo "sample: each file-size limit once, to -o or standard" \
  "output in turns (both: RUN_EXPENSIVE_TESTS=yes)"
abs=$(pwd -P) || framework_failure_
mkdir tmp || framework_failure_
seq 100 | sed 's/$/ x/' >tiny && seq 50 >tiny2 \
  && seq 100000 | LC_ALL=C $REF_SORT -R --random-source=tiny >big \
  && LC_ALL=C $REF_SORT big >big.sorted && LC_ALL=C $REF_SORT tiny >tiny.s \
  && LC_ALL=C $REF_SORT tiny2 >tiny2.s || framework_failure_
printf 'the -o file before the sort\n' >keep

# both_ SPEC PATH SORT-ARGS...: run GNU sort and ours on SORT-ARGS with
# the fault SPEC on the system calls that use PATH ('' for all), each
# with ./out as standard output and ./o (a copy of ./keep) as the -o
# file; on a difference, say so in ./mismatches.  ./o.gnu and ./o.ours,
# ./out.gnu and ./out.ours are left.  The -o files must be the same
# unless b_same_o_=no (GNU writes 4096 bytes at a time, ours more).  The
# fault must have made GNU fail.
both_ ()
{
  b_spec_=$1 b_path_=$2
  shift 2
  for b_who_ in gnu ours; do
    cp keep o || framework_failure_
    b_pre_=
    test $b_who_ = gnu && b_pre_="env PATH=$abs/ref_"
    # shellcheck disable=SC2086
    strace -f -qq -o /dev/null ${b_path_:+-P "$b_path_"} \
      -e inject="$b_spec_" $b_pre_ sort "$@" >out 2>err.$b_who_
    echo "status $?" >>err.$b_who_
    sed 's,/sort[A-Za-z0-9]\{6\}:,/sortXXXXXX:,' err.$b_who_ >err.s \
      && mv err.s err.$b_who_
    mv out out.$b_who_ && mv o o.$b_who_ || framework_failure_
  done
  grep '^status 2$' err.gnu >/dev/null && test "$(wc -l <err.gnu)" -gt 1 \
    || framework_failure_ "no fault from $b_spec_: sort $*"
  if ! cmp -s err.gnu err.ours \
     || { test "${b_same_o_-yes}" = yes && ! cmp -s o.gnu o.ours; }; then
    {
      echo "=== $b_spec_ on $b_path_: sort $*"
      diff err.gnu err.ours
      cmp o.gnu o.ours
    } >>mismatches
  fi
}

# untouched_: the -o file is as it was (after both_).
untouched_ ()
{
  cmp -s keep o.ours \
    || echo "=== -o file changed: $b_spec_ on $b_path_" >>mismatches
}

# prefix_ FILE OF: FILE is a prefix of OF (not in whole lines: like
# stdio, sort writes whole buffers).
prefix_ ()
{
  p_size_=$(wc -c <"$1")
  cmp -s -n "$p_size_" "$1" "$2" \
    || echo "=== not a prefix of $2: $b_spec_" >>mismatches
}

# Inputs that cannot be opened: sorting in memory, spilling (-S), merging,
# checking; and an input that is also the output.
for e in EACCES EIO EMFILE; do
  both_ openat:error=$e "$abs/tiny2" -o o tiny "$abs/tiny2" tiny
  untouched_
  both_ openat:error=$e "$abs/big" -S 100k -T tmp -o o tiny "$abs/big"
  untouched_
  both_ openat:error=$e "$abs/tiny2.s" -m -o o tiny.s "$abs/tiny2.s"
  untouched_
  both_ openat:error=$e "$abs/tiny2.s" -c "$abs/tiny2.s"
done

# Reads that fail, at once or after some data (big is read in several
# reads with -S), and on an input that is the -o file too.
for when in 1 2; do
  both_ read:error=EIO:when=$when "$abs/tiny2" -o o tiny tiny2
  untouched_
  both_ read:error=EIO:when=$when "$abs/big" --parallel=1 -S 100k -T tmp \
    -o o tiny big
  untouched_
  both_ read:error=EIO:when=$when "$abs/tiny2.s" -c tiny2.s
  both_ read:error=EIO:when=$when "$abs/o" -o o o tiny
  untouched_
  both_ read:error=EIO:when=$when "$abs/o" -m -o o o tiny.s
  untouched_
done
for when in 2 5; do
  both_ read:error=EIO:when=$when "$abs/big" -S 100k -T tmp -o o big
  untouched_
done
# -m opens the output before it reads (GNU's order): a read failure
# there leaves the -o file as GNU's is left, emptied.
both_ read:error=EIO "$abs/tiny2.s" -m -o o tiny.s tiny2.s

# The -o file cannot be truncated.
both_ ftruncate:error=EIO "$abs/o" -o o tiny
untouched_

# Write failures: the first write (the only one, for tiny: GNU's final
# fflush) and a later one, to standard output and to -o.  --parallel=1:
# GNU sort writes from its merging threads, whose writes strace counts
# apart.
for e in ENOSPC EIO EPIPE; do
  both_ write:error=$e "$abs/out" tiny
  prefix_ out.ours tiny.s
  both_ write:error=$e "$abs/o" -o o tiny
  prefix_ o.ours tiny.s
  # The first write and a later one of big's: by default (init.cfg's
  # in_turn_) one of them for each errno, in turns.
  turn_case_
  for when in 1 3; do
    in_turn_ 2 || continue
    both_ write:error=$e:when=$when "$abs/out" --parallel=1 big
    prefix_ out.ours big.sorted
    b_same_o_=no
    both_ write:error=$e:when=$when "$abs/o" --parallel=1 -o o big
    unset b_same_o_
    prefix_ o.ours big.sorted
    test $when = 1 || test -s o.ours || echo "=== when=$when" >>mismatches
  done
  # Ours, with threads: the same.
  strace -f -qq -o /dev/null -P "$abs/o" -e inject=write:error=$e:when=3 \
    sort -o o big 2>err
  st=$?
  test $st = 2 || echo "=== status $st: $e threads" >>mismatches
  grep "^sort: write failed: o: " err >/dev/null \
    || echo "=== $e threads: $(cat err)" >>mismatches
  b_spec_="$e with threads"
  prefix_ o big.sorted

  # A temporary that cannot be written: the first write of the process
  # (to the first temporary, at its start); the -o file is left, and the
  # temporaries are removed.  A later write: GNU's temporaries are not
  # ours (-S does not cut the same chunks), so only ours is checked.
  both_ write:error=$e:when=1 '' --parallel=1 -S 100k -T tmp -o o big
  untouched_
  test "$(ls tmp)" = '' || echo "=== temporaries left: $e" >>mismatches
  cp keep o
  strace -f -qq -o /dev/null -e inject=write:error=$e:when=3 \
    sort --parallel=1 -S 100k -T tmp -o o big 2>err
  st=$?
  sed 's,/sort[A-Za-z0-9]\{6\}:,/sortXXXXXX:,' err >err.s
  sed -n 's/^sort: write failed: \(tmp\/sortXXXXXX: \)/\1/p' err.gnu >exp
  sed -n 's/^sort: [a-z]* failed: \(tmp\/sortXXXXXX: \)/\1/p' err.s >got
  test $st = 2 && test -s exp && cmp -s exp got \
    || echo "=== a later temporary write, $e: $st $(cat err)" >>mismatches
  cmp -s keep o || echo "=== -o file changed: later $e" >>mismatches
  test "$(ls tmp)" = '' || echo "=== temporaries left: $e" >>mismatches
done

# The -o file or standard output cannot be closed: close_stdout's error.
both_ close:error=EIO "$abs/o" -o o tiny
both_ close:error=EIO "$abs/out" big

# A temporary fails to be read in the final merge, once the output is
# open: each sort's own first read of a temporary after the -o file was
# truncated (strace -y names each read's file).
for who in gnu ours; do
  pre=
  test $who = gnu && pre="env PATH=$abs/ref_"
  # shellcheck disable=SC2086
  strace -f -qq -y -o trace.$who -e trace=read,ftruncate \
    $pre sort --parallel=1 -S 100k -T tmp -o o big || framework_failure_
  awk '/ read\(/ { n++ } / ftruncate\(/ { open = 1 }
       open && / read\(.*\/tmp\/sort/ { print n; exit }' trace.$who \
    >when.$who
  test -s when.$who || framework_failure_
  cp keep o
  # shellcheck disable=SC2086
  strace -f -qq -o /dev/null -e inject="read:error=EIO:when=$(cat when.$who)" \
    $pre sort --parallel=1 -S 100k -T tmp -o o big 2>err.$who
  echo "status $?" >>err.$who
  sed 's,/sort[A-Za-z0-9]\{6\}:,/sortXXXXXX:,' err.$who >err.s \
    && mv err.s err.$who
  mv o o.$who
done
grep '^sort: read failed: tmp/sortXXXXXX: Input/output error$' err.ours \
  >/dev/null || echo "=== temporary read: $(cat err.ours)" >>mismatches
compare err.gnu err.ours || fail=1
compare o.gnu o.ours || fail=1
test "$(ls tmp)" = '' || echo "=== temporaries left: read" >>mismatches

# Real short writes: a file size limit (SIGXFSZ ignored) makes the write
# that crosses it write part and the next fail with EFBIG.  GNU's message
# depends on whether that is in the last stdio buffer of the file (its
# final fflush or fclose) or before; both sorts write exactly to the
# limit.  Limits around the last 4096-byte block, for short lines and for
# lines longer than the buffer; for -o, standard output, and a temporary
# (the merge of the first two of three files by --batch-size=2).
if command -v prlimit >/dev/null && prlimit --fsize=1000000 true; then
  awk 'BEGIN { for (i = 0; i < 3; i++) { s = i
                 for (j = 0; j < 300000 + 7 * i; j++) s = s "x"
                 print s } }' >long || framework_failure_
  seq 0 2 20000 | LC_ALL=C $REF_SORT >even \
    && seq 1 2 20000 | LC_ALL=C $REF_SORT >odd || framework_failure_
  fsize_ ()   # fsize_ LIMIT SORT-ARGS...
  {
    f_lim_=$1
    shift
    for f_who_ in gnu ours; do
      cp keep o
      f_pre_=
      test $f_who_ = gnu && f_pre_="env PATH=$abs/ref_"
      # shellcheck disable=SC2086
      (trap '' XFSZ
       prlimit --fsize=$f_lim_ $f_pre_ sort "$@" >out 2>err.$f_who_
       echo "status $?" >>err.$f_who_)
      sed 's,/sort[A-Za-z0-9]\{6\}:,/sortXXXXXX:,' err.$f_who_ >err.s \
        && mv err.s err.$f_who_
      mv o o.$f_who_ && mv out out.$f_who_
    done
    grep '^status 2$' err.gnu >/dev/null && test "$(wc -l <err.gnu)" -gt 1 \
      || framework_failure_ "no failure at $f_lim_: sort $*"
    if ! cmp -s err.gnu err.ours || ! cmp -s o.gnu o.ours \
       || ! cmp -s out.gnu out.ours; then
      {
        echo "=== RLIMIT_FSIZE $f_lim_: sort $*"
        diff err.gnu err.ours
      } >>mismatches
    fi
  }
  # By default (init.cfg's sampling_) each limit once, to -o and to
  # standard output in turns (in_turn_).
  for f in big long; do
    size=$(wc -c <$f)
    last=$(( (size - 1) / 4096 * 4096 ))
    for lim in 4096 $((size / 2)) $((last - 1)) $last $((last + 1)) \
               $((size - 1)); do
      turn_case_
      in_turn_ 2 && fsize_ $lim -o o $f
      in_turn_ 2 && fsize_ $lim $f
    done
  done
  size=$(( $(wc -c <even) + $(wc -c <odd) ))
  last=$(( (size - 1) / 4096 * 4096 ))
  for lim in 1000 $((last - 1)) $last $((size - 1)); do
    fsize_ $lim -m --batch-size=2 -T tmp -o o even odd tiny2.s
    cmp -s keep o.ours || echo "=== -o file changed: $lim" >>mismatches
  done
  test "$(ls tmp)" = '' || echo "=== temporaries left: fsize" >>mismatches
fi

# A real broken pipe, SIGPIPE ignored or not, with and without
# temporaries: GNU's message and status (or death by SIGPIPE), no
# temporary left.
for sig in ignored default; do
  for opts in '' '-S 100k -T tmp'; do
    for who in gnu ours; do
      pre=
      test $who = gnu && pre="env PATH=$abs/ref_"
      # shellcheck disable=SC2086
      (test $sig = ignored && trap '' PIPE
       { $pre sort $opts big 2>err.$who; echo "status $?" >>err.$who; } \
         | head -c 10 >/dev/null)
    done
    if ! cmp -s err.gnu err.ours; then
      { echo "=== broken pipe, SIGPIPE $sig, $opts"
        diff err.gnu err.ours; } >>mismatches
    fi
    test $sig = default || grep '^status 2$' err.ours >/dev/null \
      || echo "=== broken pipe: $(cat err.ours)" >>mismatches
    test $sig = ignored || grep '^status 141$' err.ours >/dev/null \
      || echo "=== SIGPIPE: $(cat err.ours)" >>mismatches
    test "$(ls tmp)" = '' || echo "=== temporaries left: pipe" >>mismatches
  done
done

diff_report_ || fail=1
Exit $fail
