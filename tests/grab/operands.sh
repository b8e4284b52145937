#!/bin/sh
# File operands, standard input, -z, pattern sources (-e, -f, -F) and
# --include/--exclude: grab prints what grep -P -a prints, stderr too.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"
. "$srcdir/tests/lib/grab-diff.sh"

mktree_
sample_stride_ 4
ORDERED=yes COMPARE_STDERR=yes
files="tree/crlf.txt tree/nonl.txt tree/x/blank.txt tree/f8 tree/f16"
for opts in "" -h -H -c -l -L -n "-c -v" "-b -o" -x -w "-m 1 -c" -s; do
  for pat in foo '^$' 'o\b' bar x; do
    diff_run_ C "$opts" "$pat" $files
    diff_run_ C "$opts" "$pat" tree/nonl.txt
  done
done

# A missing file among others, a directory without -r, -d skip, -d
# recurse, -r on a file (no name prefix), the same file twice.
diff_run_ C '' foo tree/crlf.txt no-such-file tree/nonl.txt
diff_run_ C '' foo tree tree/crlf.txt
diff_run_ C '-d skip' foo tree tree/crlf.txt
diff_run_ C '-d recurse' foo tree/x
diff_run_ C '-r' foo tree/crlf.txt
diff_run_ C '' foo tree/crlf.txt tree/crlf.txt
diff_run_ C '-r' foo tree/x tree/link-to-dir
diff_run_ C '-r' foo tree/link-to-file

# Standard input: no operand, '-', --label, and '-' among files.
DIFF_STDIN=tree/crlf.txt
diff_run_ C '' foo
diff_run_ C '' foo -
diff_run_ C '-H --label=in' foo -
diff_run_ C '-c' foo - tree/nonl.txt
diff_run_ C '-r' foo - tree/x
unset DIFF_STDIN

# -z: NUL-terminated records, in which newlines are ordinary bytes.
printf 'one\nfoo\0two\0\0foo three\0tail foo' >z
for opts in -z '-z -c' '-z -o' '-z -v' '-z -n' '-z -x'; do
  for pat in foo '^two$' 'o$' '^t' 'e\sf' '.'; do
    diff_run_ C "$opts" "$pat" z
  done
done

# Pattern sources: several -e, -f (with and without a final newline,
# empty lines), -f /dev/null, -e '' with -v, -F with metacharacters.
printf 'foo\nthe_end\n' >pats
printf 'xx\n\n' >pats2
printf 'a.b\n(x\n' >lits
printf 'a.b\n(x\nzz a.b (x zz\naxb\n' >litdata
# grep -P takes one pattern only: compare several with grep -E, on
# patterns that mean the same in both.
REF_MODE=-E
diff_run_ C '-e bar' foo $files
diff_run_ C '-f pats' bar $files
diff_run_ C '-f pats2' bar $files
diff_run_ C '-c -e xx -e abc -e 123' foo $files
diff_run_ C '-o -e foo -e oob' bar $files
diff_run_ C '-w -e foo -e bar' xx $files
diff_run_ C '-x -e foo -e bar' xx $files
REF_MODE=-P
diff_run_ C '-v -f /dev/null' bar $files
diff_run_ C '-c -f /dev/null' bar $files
diff_run_ C '-v' '' $files
REF_MODE=   # the options say -F
for opts in -F '-F -w' '-F -x' '-F -o' '-F -i' '-F -f lits'; do
  diff_run_ C "$opts" 'a.b' litdata
  diff_run_ C "$opts" '(x' litdata
done
unset REF_MODE

# --include, --exclude, --exclude-dir, --exclude-from, on the command
# line and in the walk.
printf '*.c\n' >exfrom
for opts in '--include=*.txt' '--exclude=*.txt' '--exclude-dir=b' \
            '--exclude-dir=a --include=f1*' '--exclude=f1*' \
            '--exclude-from=exfrom' '--exclude-dir=tree' '--exclude=tree'; do
  diff_run_ C "-r -c $opts" foo tree
  diff_run_ C "-r -c $opts" foo tree/crlf.txt tree/a/b
done

diff_report_ || fail=1

# -r with no operand searches '.', naming files without "./"; -r with '.'
# keeps it.  (Run inside the tree, results written outside it.)
cd tree || framework_failure_
for n in $test_threads; do
  for args in '-r foo' '-r foo .' '-r -l the' '-r -c --include=*.c x'; do
    # shellcheck disable=SC2086
    grep -P -a $args | LC_ALL=C $REF_SORT >../exp
    # shellcheck disable=SC2086
    grab -n $n $args | LC_ALL=C $REF_SORT >../out || fail=1
    compare ../exp ../out || fail=1
  done
done
cd .. || framework_failure_
Exit ${fail-0}
