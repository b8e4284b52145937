# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib/mkedges.sh: write a text with matches at window and piece
# edges (sourced by the tests of mapped windows and of big files cut in
# pieces).  mkedges_ BYTES LONG [NONL]: numbered lines of varying length
# up to about BYTES, the word "edge" put at and around every 64 KiB
# boundary, and lines of 200 KiB: for each N:WORD in LONG (a list), line
# N is "filler! " repeated, then WORD.  With NONL the text does not end
# in a newline.  Writes standard output.
mkedges_ ()
{
  awk -v size="$1" -v longs="$2" -v nonl="${3-}" 'BEGIN {
    n = split(longs, l, " ")
    for (k = 1; k <= n; k++) { split(l[k], f, ":"); word[f[1]] = f[2] }
    w = 65536; pos = 0; n = 0
    while (pos < size) {
      n++
      line = sprintf("line %d %s", n, substr("abcdefghijklmnopqrstuvwxyz", 1, n % 27))
      # Put the word across or right at the next window edge.
      edge = int(pos / w + 1) * w
      if (edge - pos < length(line) + 8 && n % 3 != 0)
        line = line substr("xxxxxxxx", 1, (edge - pos - length(line) - 2) % 8) " edge"
      if (n in word) {
        long = ""; for (k = 0; k < 25600; k++) long = long "filler! "
        line = long word[n]
      }
      if (nonl)
        printf "%s%s", (n > 1 ? "\n" : ""), line
      else
        print line
      pos += length(line) + 1
    }
  }'
}
