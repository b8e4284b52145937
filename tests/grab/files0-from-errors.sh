#!/bin/sh
# The rules and messages of --files0-from are coreutils' (wc's, here):
# no file operand beside the list, a zero-length name reported with the
# list's name and the name's number, '-' refused in a list read from
# standard input, a list that cannot be opened or read; the other names
# are still searched and the status is 2.  --files-from says the same.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

wc --version 2>/dev/null | grep -q GNU || skip_ "GNU wc is not available"
printf 'foo\n' >f || framework_failure_
printf 'foo 2\n' >g || framework_failure_
mkdir dir || framework_failure_

# check_ STDIN LIST [EXTRA]: grab's diagnostics are wc's, and its status 2.
check_ ()
{
  in=$1 list=$2
  shift 2
  wc --files0-from="$list" "$@" <"$in" >/dev/null 2>exp.err
  sed 's/^wc:/grab:/; s/wc --help/grab --help/' exp.err >exp
  for opts in '-n 1' "-n ${GRAB_TEST_THREADS-4}" '-n 4 --sort=path'; do
    # shellcheck disable=SC2086
    returns_ 2 grab $opts foo --files0-from="$list" "$@" <"$in" >out 2>err \
      || fail=1
    compare exp err || fail=1
  done
}
printf 'f\0\0g\0' >empty-name
printf 'f\0-\0g\0' >dash
printf 'f\0nosuch\0' >missing
check_ /dev/null f g                 # extra operand
check_ /dev/null empty-name          # L:2: invalid zero-length file name
check_ empty-name -                  # -:2: ...
check_ dash -                        # no '-' from standard input
check_ /dev/null nosuch              # cannot open
check_ /dev/null dir                 # read error
check_ /dev/null missing             # a name that is not there
test "$(cat exp)" = "grab: nosuch: No such file or directory" \
  || framework_failure_

# The other names are searched all the same.
grab -n 1 foo --files0-from=empty-name >out 2>/dev/null
printf 'f:foo\ng:foo 2\n' >exp
compare exp out || fail=1
grab -n 4 --sort=path foo --files0-from=- <dash >out 2>/dev/null
compare exp out || fail=1

# --files-from: an empty line is a zero-length name; its own option in
# the extra operand's message.
printf 'f\n\ng\n' >lines
returns_ 2 grab -n 1 foo --files-from=lines >out 2>err || fail=1
compare exp out || fail=1
echo "grab: lines:2: invalid zero-length file name" >exp
compare exp err || fail=1
returns_ 2 grab foo --files-from=lines f 2>err >/dev/null || fail=1
cat <<\EOF >exp
grab: extra operand 'f'
file operands cannot be combined with --files-from
Try 'grab --help' for more information.
EOF
compare exp err || fail=1

Exit ${fail-0}
