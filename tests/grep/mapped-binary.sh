#!/bin/sh
# Files of 1 MiB or more are mapped, and one of 64 MiB or more is cut
# into pieces that several workers search (search/bigfile.c), yet grep's
# binary rule stays GNU's: a file is binary from the 96 KiB buffer on in
# which grep sees its first NUL, the lines before that buffer are printed
# as text, and from the NUL on each NUL ends a line (-c counts the
# pieces).  A mapping is searched in the steps reads take
# (search/worker.c's take_nuls), the helpers of a big file find their
# pieces' NULs.  Compared with GNU grep with the NUL at and around 96 KiB
# boundaries, in the pieces the owner searches and in those a helper
# listed, for the string, DFA and PCRE2 matchers, with 1, 2 and 4
# threads.  Also: a file without a NUL (the DFA's sentinel after a
# mapping that ends on a page boundary).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 4

# mk_ BYTES: lines of 0 to 120 bytes, about one in nine with "xyz" (one
# in three of those "xyzq"), to BYTES bytes exactly, the last one ending
# in a newline.  The same bytes on every machine.
mk_ ()
{
  perl -e '
    my ($size, $x, $out) = ($ARGV[0], 12345, "");
    sub rnd { $x = ($x * 1103515245 + 12345) % 2147483648; return $x >> 8 }
    while (length ($out) < $size) {
      my $n = rnd () % 121;
      my $line = join "", map { chr (97 + rnd () % 26) } 1 .. $n;
      $line .= (rnd () % 3 ? " xyz" : " xyzq") if rnd () % 9 == 0;
      $out .= "$line\n";
    }
    substr ($out, $size - 1) = "\n";
    print $out;' "$1"
}

mk_ $((1536 * 1024)) >mid || framework_failure_
# 68 MiB: 45 copies of mid and a part, with a newline at the end.
for i in $(seq 46); do cat mid; done | head -c $((68 * 1024 * 1024 - 1)) \
  >big || framework_failure_
echo >>big || framework_failure_
# A whole number of pages, no NUL: the DFA's sentinel after the last one.
mk_ $((1024 * 1024 + 4096)) >pages || framework_failure_

# put_nul_ FILE OFFSET: FILE with a NUL at OFFSET, as ./nul.
put_nul_ ()
{
  cp "$1" nul && printf '\000' \
    | dd of=nul bs=1 seek="$2" conv=notrunc status=none
}

U=98304
P=$((16 * 1024 * 1024))
opts_list="-e xyzq|-c -e xyz|-n -e xyzq|-v -c -e xyz|-b -e x[y]zq|\
-c -w -e xyz|-i -c -e XYZQ|-P -c -e xyz\\b|--binary-files=without-match -c -e xyz|\
-A1 -m3 -e xyzq|-o -b -e xyzq"

# The big file's cases are fewer: each reads 68 MiB.
big_opts="-n -e xyzq|-v -c -e xyz|-c -w -e xyz|-P -c -e xyz\\b"

check_ ()
{
  f=$1 off=$2 list=$3
  put_nul_ "$f" "$off" || framework_failure_
  printf '%s\n' "$list" | tr '|' '\n' | while read -r opts; do
    # shellcheck disable=SC2086
    run_ C "$test_threads" $opts nul
  done
}

for off in 0 1 $((U - 1)) $U $((U + 1)) $((3 * U - 40)) $((5 * U + 7)) \
           $((1024 * 1024 - 1)) $((1536 * 1024 - 2)); do
  check_ mid $off "$opts_list"
done
for off in $((P - 1)) $((P + 5)) $((2 * P + U)) $((3 * P - 1)) \
           $((3 * P + 3 * U - 1)) $((4 * P + 17)) $((68 * 1024 * 1024 - 5)); do
  check_ big $off "$big_opts"
done
for opts in '-c -e xyz' '-c -e x[y]z$' '-c -w -e xyzq'; do
  # shellcheck disable=SC2086
  STDIN=/dev/null run_ C "$test_threads" $opts pages
  # shellcheck disable=SC2086
  run_ C.UTF-8 "$test_threads" $opts big
done
diff_report_ || fail=1

# The big file was cut: a second thread started for one operand.
if strace -f -qq -o /dev/null true 2>/dev/null; then
  no_leak_check_under_strace_
  PATH=$PWD/ours:$PATH OMP_NUM_THREADS=2 strace -f -qq -o trace \
    -e trace=clone,clone3 grep -c xyzq big >/dev/null || fail=1
  grep clone trace >/dev/null || { cat trace; fail=1; }
fi

Exit $fail
