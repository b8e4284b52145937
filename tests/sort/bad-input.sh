#!/bin/sh
# Awkward input sorts as in GNU sort: NUL bytes inside lines (and ending
# them, in a UTF-8 locale), files not ending in a newline, a 64 MiB line
# with a 1 MiB buffer; a directory operand fails with GNU's message; a
# full disk for temporaries (forced with strace) fails with status 2,
# leaves no temporary and does not touch the -o file.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
printf 'b\0x 2\na\0y 1\n\0\na\0\nA\0z 10\nb\0x 2\n' >nul
for opts in '' -f -u -r -n '-k2,2n' '-t x -k2' -s '-z' '-z -k1.2'; do
  # shellcheck disable=SC2086
  diff_run_ C nul $opts
done
# Where lines collate, one ending in NUL sorts after the same line
# without it, so -u keeps both (abbreviated keys once said they were
# equal in C.UTF-8).
if (require_utf8_locale_) >/dev/null 2>&1; then
  require_utf8_locale_
  printf 'a\0\na\n2\0\n2\n\0\n\n\0\0\n' >nul-end
  for opts in '' -u -r '-k1,1' '-k1,1 -u' -n; do
    # shellcheck disable=SC2086
    diff_run_ "$UTF8_LOCALE" nul-end $opts
  done
fi

printf 'b' >nonl1
printf 'a\nc' >nonl2
: >empty
diff_run_ C nonl1 nonl2 empty nonl1
diff_run_ C nonl1 -z
diff_run_ C nonl2 -m nonl1

# One line far longer than the buffer, among short ones.
{ seq 10; head -c 67108864 /dev/zero | tr '\0' x; echo; seq 5; } >long
diff_run_ C long -S 1M
diff_run_ C long -S 1M -u -r
diff_report_ || fail=1

mkdir dir
returns_ 2 sort dir 2>err || fail=1
echo 'sort: read failed: dir: Is a directory' >exp
compare exp err || fail=1

# The first write (to a temporary run) fails with ENOSPC.
if strace -o /dev/null -e inject=close:error=EIO:when=10000 true 2>/dev/null; then
  no_leak_check_under_strace_
  seq 100000 >in
  mkdir t
  echo keep >out
  returns_ 2 strace -f -o /dev/null -e trace=write \
    -e inject=write:error=ENOSPC:when=1 sort -S 100k -T t -o out in \
    2>err || fail=1
  grep -E '^sort: (write|close) failed: t/sort.*: No space left on device$' \
    err >/dev/null || { cat err; fail=1; }
  test -z "$(ls t)" || fail=1
  echo keep >exp
  compare exp out || fail=1
fi
Exit $fail
