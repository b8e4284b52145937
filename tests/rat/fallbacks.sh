#!/bin/sh
# Every fallback of the zero-copy chain, forced with strace fault
# injection: copy_file_range refusals (rat goes on with splice or
# read/write from where it stopped), splice refused on either side before
# the first byte (the bytes in the middle pipe are still written) or, when
# splicing straight, at any point, no pipe (EMFILE), pipes that cannot
# grow (EPERM: ask for less; EBUSY: keep).
# The output must be whole each time.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/rat.sh"
rat_injection_setup_

fail=0

# inject_ SPEC CMD...: run CMD (writing ./out) with the fault SPEC.
inject_ ()
{
  spec=$1; shift
  strace_ -e trace=splice,copy_file_range,pipe2,fcntl,read \
    -e inject="$spec" "$@"
}

# copy_file_range refusals, first call and after some data.
for e in EXDEV EINVAL EBADF ENOSYS EOPNOTSUPP EPERM ETXTBSY EFBIG; do
  for when in 1 2; do
    rm -f out
    inject_ copy_file_range:error=$e:when=$when rat big >out || fail=1
    compare big out || { echo "copy_file_range $e when=$when"; fail=1; }
    grep "INJECTED" strace.log >/dev/null || fail=1
  done
done
# ... and once more with only splice left (a stream, not a regular file).
inject_ copy_file_range:error=EXDEV rat - <big >out || fail=1
compare big out || fail=1

# splice refused on its first call (input side), on its second (the
# first output splice: the middle pipe is drained with read and write),
# or always; from a file and from a pipe; to a pipe and to a file.
for spec in splice:error=EINVAL:when=1 splice:error=EINVAL:when=2 \
            splice:error=ENOSYS splice:error=EINVAL; do
  inject_ $spec rat big | cat >out || fail=1
  compare big out || { echo "$spec file to pipe"; fail=1; }
  cat big | inject_ $spec rat | cat >out || fail=1
  compare big out || { echo "$spec pipe to pipe"; fail=1; }
  rm -f out
  cat big | inject_ $spec rat >out || fail=1
  compare big out || { echo "$spec pipe to file"; fail=1; }
done
# The spec's case 33: everything zero-copy fails, /dev/zero still flows.
for spec in splice,copy_file_range:error=ENOSYS pipe,pipe2:error=EMFILE; do
  strace -qq -o /dev/null -e inject=$spec rat /dev/zero | head -c 2 \
    | od -An -c >out || fail=1
  printf '  \\0  \\0\n' >exp
  compare exp out || fail=1
done

# No pipe to be had: a straight splice (one end a pipe) needs none; a
# file to a device falls back to read and write.
inject_ pipe,pipe2:error=EMFILE rat big | cat >out || fail=1
compare big out || fail=1
cat big | inject_ pipe,pipe2:error=EMFILE rat | cat >out || fail=1
compare big out || fail=1
grep '^pipe' strace.log && fail=1
inject_ pipe,pipe2:error=EMFILE rat big >/dev/null || fail=1
grep '^pipe2(.*INJECTED' strace.log >/dev/null || fail=1
grep '^splice' strace.log && fail=1
inject_ pipe,pipe2:error=EMFILE rat big - <big | cat >out || fail=1
cat big big >exp || framework_failure_
compare exp out || fail=1

# Pipes that cannot grow: after EPERM rat asks for less (the first fcntl
# is F_GETPIPE_SZ on stdout, the second F_SETPIPE_SZ); after EBUSY it
# keeps the pipe as it is; when nothing works, 64 KiB pipes do.
inject_ fcntl:error=EPERM:when=2 rat big | cat >out || fail=1
compare big out || fail=1
grep 'F_SETPIPE_SZ, 524288) *= 524288' strace.log >/dev/null || fail=1
inject_ fcntl:error=EBUSY:when=2 rat big | cat >out || fail=1
compare big out || fail=1
test "$(grep -c 'fcntl(1, F_SETPIPE_SZ' strace.log)" = 1 || fail=1
inject_ fcntl:error=EPERM rat big | cat >out || fail=1
compare big out || fail=1
# A pipe someone made bigger than rat would (F_GETPIPE_SZ says 2 MiB) is
# left alone, never shrunk.
inject_ fcntl:retval=2097152:when=1 rat big | cat >out || fail=1
compare big out || fail=1
grep 'fcntl(1, F_GETPIPE_SZ)' strace.log >/dev/null || fail=1
grep 'fcntl(1, F_SETPIPE_SZ' strace.log && fail=1

Exit $fail
