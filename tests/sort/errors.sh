#!/bin/sh
# Bad usage fails exactly as in GNU sort: the same messages on stderr
# and the same exit status (2, or 1 for a bad --sort/--check word), for
# bad keys, sizes, thread and batch counts, separators, incompatible
# options, operands, unreadable inputs and files0-from lists, and an
# output that cannot be written.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/sort-diff.sh"

fail=0
seq 1000 >in
mkdir dir
printf 'in\0-\0' >with-stdin
printf 'in\0\0in\0' >with-empty
printf 'in\0' >names

while IFS= read -r opts; do
  # shellcheck disable=SC2086
  diff_run_ C in $opts
done <<'EOF'
--sort=foo
--check=foo
--check=quiet --check=diagnose-first
-k0
-k1.0
-k1,0
-kx
-k1x
-k1.x
-k1,x
-k1,2.x
-k1,2x
-k
-S x
-S 10Q
--buffer-size=x
-S 99999999999999999999999
-S 1y
--parallel=0
--parallel=x
--parallel=-1
--batch-size=1
--batch-size=x
--batch-size=99999999999
-t ab
-t a -t b
-t \1
-dn
-in
-Mg
-hV
-nV
-gR
-cC
-c --debug
-o x --debug
-C --debug
-c -o x
-c in
--no-such-option
-Q
-o a -o b
--random-source=a --random-source=b
--compress-program=a --compress-program=b
--files0-from=/nonexistent/file
--files0-from=/dev/null
--files0-from=names
--files0-from=with-stdin
--files0-from=with-empty
-T /nonexistent/dir -S 1b
nonexistent-file
dir
-m dir
-c dir
-o dir
-o /nonexistent/dir/out
+1 -2x
+1 -x
+0.x -1
EOF
diff_run_ C in -t ''
# Output that cannot be written: GNU sort reports the failed write (or
# flush, when all the output fit in stdio's buffer), then close_stdout's
# "write error".
echo a >small
diff_run_ C in -o /dev/full
diff_run_ C small -o /dev/full

# Closed standard input and output, and --help to a full device, as GNU:
# "stat failed" when the first input is a closed standard input (read
# failed with -m and -c); a file opened with standard input closed takes
# descriptor 0, which "-" then reads on from.  (--help to a full device:
# tests/toolbox/help-full.sh.)
closed_ ()   # closed_ DESC SHELL-CODE: run it with both sorts, compare
{
  (PATH="$PWD/ref_:$PATH"; eval "$2"; echo "status $?") >exp.c 2>&1
  (eval "$2"; echo "status $?") >got.c 2>&1
  cmp -s exp.c got.c ||
    { echo "=== $1: $2"; diff exp.c got.c | head -n 6; } >>mismatches
}
closed_ stdin 'sort <&-'
closed_ stdin-S 'sort -S 1M <&-'
closed_ stdin-first 'sort - in <&-'
closed_ stdin-later 'sort small - <&-'
closed_ stdin-merge 'sort -m - <&-'
closed_ stdin-merge-later 'sort -m small - <&-'
closed_ stdin-check 'sort -c - <&-'
closed_ stdin-check-later 'sort -c small - <&-'
closed_ stdout 'sort small >&-'
closed_ stdout-o 'sort -o o1 small >&-; cat o1'
closed_ stdin-o 'sort -o o2 small <&-; cat o2'
closed_ version-full 'sort --version >/dev/full'
closed_ files0-closed 'sort --files0-from=- <&-'
diff_report_ || fail=1

# A sort that fails leaves an -o file alone.
echo keep >out-file
returns_ 2 sort -o out-file in nonexistent-file 2>/dev/null || fail=1
echo keep >exp
compare exp out-file || fail=1

Exit $fail
