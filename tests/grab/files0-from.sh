#!/bin/sh
# --files0-from and --files-from search the files a list names (find
# -print0's, names with spaces, newlines and bytes that are not UTF-8):
# the same lines as -r over the same files, directories in the list
# walked under -r, the list's order kept by --sort=path and -n 1.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"

mktree_
mkdir 'tree/odd dir' || framework_failure_
printf 'foo in a name with a newline\nbar\n' >'tree/odd dir/new
line' || framework_failure_
printf 'foo and a name not UTF-8\n' >"$(printf 'tree/odd dir/inv\377\376')" \
  || framework_failure_
printf 'foo in a spaced name\n' >'tree/odd dir/a  b ' || framework_failure_

# Lines of output sorted, names with newlines and all.
sorted ()
{
  LC_ALL=C $REF_SORT "$@"
}
find tree -type f -print0 >list0 || framework_failure_
for e in $(grab_engine_opts_); do
  for n in 1 ${GRAB_TEST_THREADS-4}; do
    for opts in '' -c -l '-n 1 -v' -o; do
      # shellcheck disable=SC2086
      grab $(engine_opt_ $e) -n $n $opts -r foo tree | sorted >exp
      # shellcheck disable=SC2086
      grab $(engine_opt_ $e) -n $n $opts foo --files0-from=list0 | sorted >out
      compare exp out || fail=1
      # shellcheck disable=SC2086
      grab $(engine_opt_ $e) -n $n $opts foo --files0-from=- <list0 \
        | sorted >out
      compare exp out || fail=1
    done
  done
done
test "$(wc -l <exp)" -gt 20 || framework_failure_

# One name a line: the names without a newline.
find tree -type f ! -name '*
*' >list-nl || framework_failure_
tr '\n' '\0' <list-nl >list-nl0 || framework_failure_
grab foo --files0-from=list-nl0 | sorted >exp
grab foo --files-from=list-nl | sorted >out
compare exp out || fail=1
grab -h foo --files-from=list-nl | sorted >out
grab -h foo --files0-from=list-nl0 | sorted >exp
compare exp out || fail=1

# Directories in the list are walked with -r; without it, they are read
# as operands are ("Is a directory").
printf 'tree/a\0tree/odd dir\0tree/crlf.txt\0' >dirs0
for n in 1 ${GRAB_TEST_THREADS-4}; do
  grab -n $n -r foo tree/a 'tree/odd dir' tree/crlf.txt | sorted >exp
  grab -n $n -r foo --files0-from=dirs0 | sorted >out
  compare exp out || fail=1
done
returns_ 2 grab foo --files0-from=dirs0 >out 2>err || fail=1
grep -F 'grab: tree/a: Is a directory' err || fail=1

# The list's order: --sort=path at any thread count and -n 1 print the
# files in it as given (here, backwards), each file's lines together.
sorted -r -z list0 >rev0
xargs -0 grab -n 1 --with-filename foo <rev0 >exp
for opts in '-n 1' "-n ${GRAB_TEST_THREADS-4} --sort=path" \
            '-n 1 --sort=path'; do
  # shellcheck disable=SC2086
  grab $opts foo --files0-from=rev0 >out || fail=1
  compare exp out || fail=1
done

# Standard input named in a list read from a file; an empty list.
printf 'foo from stdin\n' >in
printf -- '-\0tree/crlf.txt\0' >with-stdin
grab -n 1 foo --files0-from=with-stdin <in >out || fail=1
printf '(standard input):foo from stdin\ntree/crlf.txt:foo\r\n' >exp
compare exp out || fail=1
returns_ 1 grab foo --files0-from=/dev/null >out || fail=1
compare /dev/null out || fail=1

Exit ${fail-0}
