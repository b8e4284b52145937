#!/bin/sh
# A list (--files-from, --files0-from) is read only as fast as the
# search takes its names: with its one worker busy on a file, grab -n 1
# reads no further, so a writer of a long list blocks on the full pipe
# instead of grab holding the list in memory; once the file is done, the
# rest of the list is searched.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

command -v timeout >/dev/null || skip_ "timeout is not available"
mkfifo list data || skip_ "cannot make a FIFO"
: >empty || framework_failure_
printf 'foo\n' >f || framework_failure_

for list in --files-from --files0-from; do
  sep='\n' trsep='\n'
  test $list = --files0-from && sep='\0' trsep='\000'
  grab -n 1 foo $list=list >out 2>err &
  pid=$!
  exec 3>list
  # The worker opens the FIFO 'data' and waits there for a writer.
  printf "data$sep" >&3
  # 1 MB of names: more than a pipe holds, so the writer must block.
  # One process, which timeout kills (the pieces of a pipeline might
  # outlive it, and write on into the list).
  yes empty | head -n 170000 | tr '\n' "$trsep" >names
  timeout 3 cat names >&3
  if test $? != 124; then
    fail=1
    echo "$list: the list was read ahead"
    kill $pid
    exec 3>&-
    wait $pid
    continue
  fi
  printf 'foo in data\n' >data
  # The writer was cut short in a name: end it (a name 'e', 'em', ...
  # or an empty one, which grab reports).
  printf "$sep""f$sep" >&3
  exec 3>&-
  wait $pid
  printf 'data:foo in data\nf:foo\n' >exp
  compare exp out || fail=1
  grep -v -e '^grab: e[mpty]*: No such file or directory$' \
    -e '^grab: list:[0-9]*: invalid zero-length file name$' err >err2
  compare /dev/null err2 || fail=1
done

Exit ${fail-0}
