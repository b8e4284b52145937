# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib/mktree.sh: make the tree the differential tests search
# (sourced; makes ./tree).  Deterministic: a fixed pseudo-random sequence
# picks each file's lines from words, punctuation, tabs, CR LF, UTF-8 and
# invalid bytes, NUL bytes, long and empty lines.
mktree_ ()
{
  mkdir -p tree/a/b/c/d/e tree/x/y tree/sp\ ace tree/.hidden tree/empty-dir \
    || framework_failure_
  awk -v nfiles="${1-160}" '
    function rnd(n) { seed = (seed * 1103515245 + 12345) % 2147483648
                      return int(seed / 65536) % n }
    BEGIN {
      seed = 42
      split("foo bar baz the then other foobar barfoo FOO Foo a b ab aab " \
            "x xx abc 123 4567 12 the_end end- -x --y é É ß ü 日本 " \
            "naïve café Straße α β", w, " ")
      nw = 0; for (k in w) nw++
      dirs[0] = "tree"; dirs[1] = "tree/a"; dirs[2] = "tree/a/b"
      dirs[3] = "tree/a/b/c/d/e"; dirs[4] = "tree/x/y"; dirs[5] = "tree/x"
      dirs[6] = "tree/sp ace"; dirs[7] = "tree/.hidden"
      for (f = 0; f < nfiles; f++) {
        name = dirs[f % 8] "/f" f (f % 5 == 0 ? ".txt" : f % 5 == 1 ? ".c" : "")
        kind = f % 11
        nl = rnd(12)
        out = ""
        if (kind == 0) { printf "" > name; close(name); continue }
        for (l = 0; l < nl; l++) {
          line = ""
          nwl = rnd(8)
          for (k = 0; k < nwl; k++) {
            sep = rnd(10) == 0 ? "\t" : rnd(12) == 0 ? "  " : " "
            line = line (k ? sep : "") w[1 + rnd(nw)]
          }
          r = rnd(20)
          if (r == 0) line = ""
          else if (r == 1) line = "   "
          else if (r == 2 && kind == 3) line = line "\r"
          else if (r == 3 && kind == 4) line = line "\377x\303"
          else if (r == 4 && kind == 5) line = "nul\000" line
          else if (r == 5 && kind == 6) {
            long = ""; for (k = 0; k < 300; k++) long = long "foo bar "
            line = line long "END"
          }
          out = out line (kind == 7 && l == nl - 1 ? "" : "\n")
        }
        printf "%s", out > name
        close(name)
      }
    }' || framework_failure_
  printf 'foo\r\nbar\r\n\r\n' > tree/crlf.txt
  printf 'no newline at end foo' > tree/nonl.txt
  printf 'a\nb\n\n\nfoo\n' > tree/x/blank.txt
  # Vertical and horizontal space beyond ASCII (U+0085, U+00A0, U+2028,
  # U+2003), which PCRE2's \v and \h match in UTF mode.
  printf 'x\302\205\302\205y\n\302\240\302\240z\n\342\200\250\342\200\203\n' \
    > tree/x/uspace.txt
  # Lines that start with bytes that start no character, then one that
  # starts none either (grep starts its subject after the first ones:
  # '\B' matches there).
  printf 'ok\n\200\200\303x\n\200\303\251\n\377ab\n' > tree/x/lone.txt
  # Letters that fold to ASCII ones: U+212A KELVIN SIGN, U+017F LATIN
  # SMALL LETTER LONG S ('(?i)baker', '(?i)base').
  printf 'BA\342\204\252ER\nba\305\277e\nBASE\nbaker\n' > tree/x/fold.txt
  ln -s f1.c tree/link-to-file || framework_failure_
  ln -s a tree/link-to-dir || framework_failure_
  ln -s nowhere tree/dangling || framework_failure_
}
