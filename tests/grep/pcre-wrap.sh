#!/bin/sh
# grep -P -x is PCRE2_EXTRA_MATCH_LINE, as in grep 3.8: leading (*VERB)s,
# an (?x) comment, a trailing '#' or backslash, \Q, alternation; and -w is
# grep 3.8's '(?<!\w)(?:...)(?!\w)', its errors included; several -e; in
# C and UTF-8, at 1 and 4 threads, against GNU grep's output and status.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/grep.sh"
sample_stride_ 4
require_utf8_locale_

printf '%s\n' foo 'foo bar' 'b@foo' '@foo' '@foo@' 'foo\' 'fo#' 'x+' \
  'foo  # comment' "$(printf 'caf\303\251')" "$(printf '\303\251t\303\251')" \
  'aaa' '' >in || framework_failure_

# One pattern a line (no tabs in them): TAB separates nothing here.
cat >pats <<'EOF2'
(*UCP)\w+
(*UCP)(*NO_JIT)\w+
(*UTF)(*UCP)caf\w
(*LIMIT_MATCH=1000)foo
(*CR)foo
(*NO_JIT)foo
(?x) f o o  # comment
(?x)foo#
(?x) f o o #c\
foo\
fo#
fo\Qo
x\Q+
\w+|@foo
@foo
a|foo
(?x)
(*UCP)
(*FAIL)|foo
(*ACCEPT)foo
(?i)FOO
EOF2

fail=0
n=0
while IFS= read -r p; do
  for loc in C "$UTF8_LOCALE"; do
    for opts in -x -w -xw '-x -c' '-w -o' '-x -v -n'; do
      n=$((n + 2))
      # shellcheck disable=SC2086
      run_ "$loc" "$test_threads" -P $opts -e "$p" in
    done
  done
done <pats
diff_report_ || fail=1

# Several patterns: grep 3.8 -P refuses them, and so do we.
for opts in -x -w; do
  (PATH=$PWD/gnu:$PATH; grep -P $opts -e foo -e bar in) >exp 2>exp.err
  es=$?
  (PATH=$PWD/ours:$PATH; grep -P $opts -e foo -e bar in) >got 2>got.err
  gs=$?
  test $es = $gs && compare exp got && compare exp.err got.err || fail=1
done
test $n -gt 500 || fail=1

Exit $fail
