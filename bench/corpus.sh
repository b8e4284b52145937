#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/corpus.sh: prepare the benchmark corpora in $GRABRAT_BENCH (default
# ~/.cache/grabrat-bench) and print that folder.  Needs Debian's
# linux-source-6.1 (the original grab's benchmark corpus: a Linux tree).
set -eu
B=${GRABRAT_BENCH:-$HOME/.cache/grabrat-bench}
mkdir -p "$B"; cd "$B"
if [ ! -d linux-source-6.1 ]; then
  [ -f /usr/src/linux-source-6.1.tar.xz ] || { apt-get install -y -qq linux-source-6.1 >/dev/null; }
  tar xJf /usr/src/linux-source-6.1.tar.xz
fi
# one big file: all C sources concatenated (~1 GiB), for single-file throughput
[ -f big.txt ] || find linux-source-6.1 -name '*.[ch]' -print0 | sort -z | xargs -0 cat > big.txt
[ -f test.rand ] || dd if=/dev/urandom of=test.rand bs=1M count=1024 status=none
[ -f 1M.txt ] || seq 1000000 > 1M.txt
# 1M lines of words with duplicates, for sort
[ -f words1M.txt ] || grep -aho '[A-Za-z_]\{4,\}' linux-source-6.1/kernel/*.c linux-source-6.1/mm/*.c | head -n 1000000 > words1M.txt
echo "$B"
