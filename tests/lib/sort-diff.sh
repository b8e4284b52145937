# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib/sort-diff.sh: run grabrat's sort and GNU sort on the same
# inputs and compare stdout, stderr and exit status byte for byte
# (sourced by the differential tests).  GNU sort runs through a link
# named "sort" so that both print "sort:" in messages.

mkdir ref_ && ln -s "$REF_SORT" ref_/sort || framework_failure_
test "$REF_SORT" != false || skip_ "GNU sort not found"

# ref_sort_ ARGS...: GNU sort, argv[0] "sort".
ref_sort_ () { env PATH="$PWD/ref_" sort "$@"; }

# gen_input_ SEED FLAVOR LINES: print a generated input.  FLAVOR mix:
# blank-separated fields of numbers (signs, exponents, thousands
# separators, leading zeros), human sizes, versions, months, words in
# mixed case, high bytes and punctuation; csv: the same as
# comma-separated records.  Empty lines, blank lines and duplicates
# are mixed in.  ties: short lines that collate equal at the first levels
# in real locales (where glibc's strxfrm and strcoll disagree).  NaN-looking words are left out: GNU sort -g orders
# NaNs by uninitialized bytes.
gen_input_ ()
{
  awk -v seed="$1" -v flavor="$2" -v n="$3" '
  function pick(s,   a, k) { k = split(s, a, " "); return a[int(rand() * k) + 1] }
  function num(   r, x) {
    r = rand()
    if (r < 0.25) return int(rand() * 2000) - 1000
    if (r < 0.4) return sprintf("%.3f", rand() * 200 - 100)
    if (r < 0.5) return sprintf("%de%d", int(rand() * 20) - 10, int(rand() * 10) - 5)
    if (r < 0.6) return pick("1,234 12,345.67 1,000,000 -2,500 0,5 1,,2 ,5 1,")
    if (r < 0.7) return pick("007 -0 0.0 00 +5 .5 -.5 -0.000 1.50 1.5 0x1A 1e 3. -")
    if (r < 0.8) return int(rand() * 100000000000000000) ""
    if (r < 0.9) return pick("12345678901234567890123 -99999999999999999999.5 0.000000000000000000001 123456789012345.000000000000000001")
    return pick("inf -inf Infinity 1e400 -1e400 4.9e-324 0x10p2")
  }
  function human() { return int(rand() * 3000) - 1000 pick("K k M G T P E Z Y  KiB B 1 .5K") }
  function version() {
    return pick("1.2.10 1.2.9 1.10 1.9 v1.10-rc1 2.0~beta 2.0 file-1.2.tar.gz 1.02 1.2a 1.2 a1b2 10 .hidden1.2 .e1 .5 .a.b")
  }
  function month() { return pick("Jan FEB mar apr May JUNE jul aug Sept oct nov December xyz J") }
  function word() {
    return pick("apple Apple APPLE banana _under a.b a-b !x Zebra zebra  abc Abc ABC a b A B 123abc abc123 \303\251t\303\251 \303\211T\303\211 z\303\274rich \342\202\254uro na\303\257ve ~tilde") pick(" x . - ~ \001 \177 \200")
  }
  function token(   r) {
    r = rand()
    if (r < 0.3) return num()
    if (r < 0.45) return human()
    if (r < 0.6) return version()
    if (r < 0.7) return month()
    return word()
  }
  function sep() { return flavor == "csv" ? "," : pick(" \t  :") }
  # Short lines of characters that collate equal at the first levels in
  # real locales: signs, spaces, punctuation, case, accents and digits.
  function tie(   s, k, j) {
    k = 1 + int(rand() * 5)
    for (j = 0; j < k; j++)
      s = s pick("1 1 k K a A + - . , _ \047 \302\240 e \303\251 \303\211 0 ~ b B")
    return s
  }
  BEGIN {
    srand(seed)
    if (flavor == "ties") {
      for (i = 1; i <= n; i++)
        print tie() (rand() < 0.6 ? pick(" \t:,") tie() : "") \
          (rand() < 0.4 ? pick(" \t:,") tie() : "")
      exit
    }
    for (i = 1; i <= n; i++) {
      r = rand()
      if (r < 0.04) line = ""
      else if (r < 0.07) line = pick("  \t \t")
      else if (r < 0.2 && i > 1) line = lines[int(rand() * (i - 1)) + 1]
      else {
        line = (rand() < 0.2 ? pick("  \t") : "") token()
        k = int(rand() * 4)
        for (j = 0; j < k; j++) line = line sep() token()
      }
      lines[i] = line
      print line
    }
  }'
}

# diff_run_ LOCALE INPUT OPTS...: run both sorts on INPUT; record any
# difference in ./mismatches.
diff_run_ ()
{
  d_loc_=$1 d_in_=$2
  shift 2
  # A fixed sample when the test asks for one (init.cfg's in_sample_),
  # with every input and every option set at least once.
  in_sample_ "i:$d_loc_:$d_in_" "o:$d_loc_:$*" ||
    return 0
  LC_ALL=$d_loc_ ref_sort_ "$@" "$d_in_" >exp 2>exp.err
  es=$?
  LC_ALL=$d_loc_ sort "$@" "$d_in_" >got 2>got.err
  gs=$?
  diff_same_ "LC_ALL=$d_loc_ sort $* $d_in_"
}

# diff_options_ LOCALE INPUT: every option set of options.txt on INPUT
# (a line is split into arguments at blanks).
diff_options_ ()
{
  while IFS= read -r d_opts_; do
    case $d_opts_ in '#'*) continue ;; esac
    # shellcheck disable=SC2086
    diff_run_ "$1" "$2" $d_opts_
  done <"$srcdir/tests/sort/options.txt"
}
