#!/bin/sh
# Names from --files0-from are opened many at a time through io_uring,
# whose first try does not block: a FIFO among them must still wait for
# its writer, as open(2) does, and give the writer's lines; a name
# longer than PATH_MAX is still searched.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

mkfifo fifo || skip_ "cannot make a FIFO"
: >exp
for i in $(seq 40); do
  printf 'foo %s\n' "$i" >f$i || framework_failure_
  printf 'f%s\0' "$i" >>list
  printf 'f%s:foo %s\n' "$i" "$i" >>exp
done
printf 'fifo\0' >>list
printf 'fifo:foo late\n' >>exp

for n in 1 2 4; do
  # The writer opens the FIFO only after a second: a read that did not
  # wait for it finds the FIFO empty.
  # (timeout: a reader that came and went leaves it waiting for another.)
  (sleep 1; timeout 60 sh -c "echo 'foo late' >fifo") &
  writer=$!
  grab -n $n --sort=path foo --files0-from=list >out 2>err || fail=1
  wait $writer
  compare exp out || fail=1
  compare /dev/null err || fail=1
done

# A name longer than PATH_MAX, in a list of several.
name=dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd
deep=top
(
  mkdir top && cd top || exit 1
  for i in $(seq 60); do
    mkdir $name && cd -P $name || exit 1
  done
  echo 'foo deep' >x
) || framework_failure_
for i in $(seq 60); do deep=$deep/$name; done
# (First: a batch takes at most half the names queued, so the last one
# may go alone.)
printf '%s/x\0' "$deep" >list2
for i in 1 2 3; do printf 'f%s\0' "$i" >>list2; done
printf '%s/x:1\nf1:1\nf2:1\nf3:1\n' "$deep" >exp2
for n in 1 2; do
  grab -n $n --sort=path -c foo --files0-from=list2 >out 2>err || fail=1
  compare exp2 out || fail=1
  compare /dev/null err || fail=1
done

Exit ${fail-0}
