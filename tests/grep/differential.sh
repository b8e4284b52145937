#!/bin/sh
# grabrat grep prints what GNU grep 3.8 prints, byte for byte (output,
# diagnostics, exit status), for -G, -E and -F patterns (patterns.txt,
# patterns-ere.txt; the same strings with -F) under many option sets, over
# files with words, punctuation, CRLF, UTF-8 and invalid UTF-8, a last line
# with no newline, in C, a UTF-8 locale and Latin-1, at 1 and 4 threads;
# binary files; error messages.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 32

printf 'foo bar\nbaz foo\nfoofoo\nabab ab\nabcd cd\nword words sword\n\nxx xxx\n' >a ||
  framework_failure_
printf 'a.c abc a*c\r\nFOO Foo\r\n_foo foo_ (foo)\n12 345 6\naabba\nabcbcd\n' >b ||
  framework_failure_
printf 'caf\303\251 \303\251t\303\251\n\303\211cole \303\244\303\244\n\377foo\nbar\377\n\303x\n' >c ||
  framework_failure_
printf 'text foo\nnul\0foo\nafter foo\n' >d || framework_failure_
# The last line without a newline (the DFA's sentinel ends it).
printf 'x\nfoo ab\nabab xx foo' >g || framework_failure_

c_and_utf8_locales_

cases=0
for loc in $locales; do
  for mode in -G -E -F; do
    list=$srcdir/tests/grep/patterns.txt
    test $mode = -E && list=$srcdir/tests/grep/patterns-ere.txt
    for opts in '' -w -x -o '-w -o' '-x -o' -v -c -i '-i -w' '-n -b' \
                '-o -b' '-l' '-L' '-h -m 1' '-C 1' '-w -v' -T '-T -n -b' \
                '-T -o -b -C 1'; do
      while IFS= read -r pat; do
        # shellcheck disable=SC2086
        run_ "$loc" "$test_threads" $mode $opts -e "$pat" a b c d g
        cases=$((cases + 2))
      done <"$list"
    done
  done
done
# Several patterns at once, and back-references among them.
for loc in $locales; do
  for opts in '' -o -w '-w -o' -x -c -i; do
    # shellcheck disable=SC2086
    run_ "$loc" 2 $opts -e foo -e '\(ab\)\1' -e 'x\{2\}' a b c
    # shellcheck disable=SC2086
    run_ "$loc" 2 -E $opts -e 'ab|cd' -e '(b)\1' -e '' a b c
    cases=$((cases + 2))
  done
done
# Several plain -G and -E patterns: grep searches them as strings (its
# try_fgrep_pattern), escapes removed; -F in UTF-8 with -i and a 'k' (its
# KELVIN SIGN counterpart) or a multibyte letter goes to the regex matcher.
for loc in $locales; do
  for opts in '' -o -w -x -c -i '-i -o' '-w -o'; do
    # shellcheck disable=SC2086
    run_ "$loc" 2 $opts -e foo -e 'a\.c' -e 'ab' -e '\$' a b c g
    # shellcheck disable=SC2086
    run_ "$loc" 2 -E $opts -e 'foo' -e 'a\*c' -e 'b)' -e 'FOO' a b c g
    # shellcheck disable=SC2086
    run_ "$loc" 2 -F $opts -e 'Foo' -e 'kab' -e 'é' -e 'x' a b c g
    cases=$((cases + 3))
  done
done
# -i with a string in every match (a caseless prefilter finds its lines).
for loc in $locales; do
  for pat in 'WORD[s ]' 'Foo Bar' 'ABCD\|abab' 'x*CAFÉ' '_FOO'; do
    for opts in -i '-i -o' '-i -c -v'; do
      # shellcheck disable=SC2086
      run_ "$loc" 2 $opts -e "$pat" a b c g
      cases=$((cases + 1))
    done
  done
done
# A unibyte locale (Latin-1): case folding and word constituents of its
# own (é is a letter).
latin1=
for l in en_US.ISO-8859-1 en_US.iso88591 fr_FR.ISO-8859-1; do
  if test "$(LC_ALL=$l locale charmap 2>/dev/null)" = ISO-8859-1; then
    latin1=$l
    break
  fi
done
if test -n "$latin1"; then
  printf 'caf\351 \311T\311\nfoo\n\351cole_\311cole\n' >l1 ||
    framework_failure_
  for opts in '' -i -w '-i -w' -o '-i -o' -x; do
    for pat in "$(printf 'CAF\311')" "$(printf '\351cole')" foo; do
      for mode in -F -G; do
        # shellcheck disable=SC2086
        run_ "$latin1" 2 $mode $opts -e "$pat" a l1
        # shellcheck disable=SC2086
        run_ "$latin1" 2 $mode $opts -e "$pat" -e xx a l1
        cases=$((cases + 2))
      done
    done
  done
fi
# Binary files (d holds a NUL, e starts with one, f has one only after
# 40 KiB): the message, no lines after it, and a NUL taken for a line end
# from then on.
{ printf 'line foo\n%.0s' $(seq 5000); printf 'x\0foo\nfoo\n'; } >f ||
  framework_failure_
printf '\0foo\nbar\n' >e || framework_failure_
for opts in '' -c -l -L -o -n -v -x -w '-c -v' '-m 1' '-A 1' -z; do
  for pat in foo '^foo' '^$' 'x$' '^'; do
    # shellcheck disable=SC2086
    run_ C 2 $opts -e "$pat" a d e b f
    cases=$((cases + 1))
  done
done
# Long lines: one of 300,000 bytes (across several 96 KiB reads) with
# matches at both ends, between short ones.
{ echo 'foo first'; printf 'foo %0300000d foo end\n' 0; echo 'last foo'; } \
  >long || framework_failure_
for args in "foo long" "-c foo long" "-o -b foo long" "-n 'end\$' long" \
            "-F -w -e end -e first long" "-E -o '0+ foo' long"; do
  eval "run_ C 2 $args"
  cases=$((cases + 1))
done
# Patterns that select every line, counted at once: -m stops within,
# binary files count NUL-ended pieces, standard input is left after the
# last line counted.
for args in "-c '^' a b d f g" "-c -m 2 '' a g" "-c -m 3 -e '.*' -e foo a" \
            "-c '\$' f e" "-l '^' a b" "-L '' a" "-c -v '^' a" "-n '^' g" \
            "-F -c -m 4 '' a f" "-c -x '' a" "-c -w '' a b"; do
  eval "run_ C '2 1' $args"
  cases=$((cases + 2))
done
for who in gnu ours; do
  (PATH=$PWD/$who:$PATH grep -m 2 -c ''; cat) <a >left.$who 2>&1
done
compare left.gnu left.ours || fail=1
cases=$((cases + 1))
# Standard input, -f pattern files, -z records.
printf 'foo\nab\n' >pats || framework_failure_
printf 'x\0foo\0ab\nc\0' >z || framework_failure_
for args in "-f pats a" "-f pats -c -" "-f /dev/null a" "-v -f /dev/null a" \
            "-z foo z" "-z -c '^ab' z" "-z -x foo z" "--label=in -H foo -" \
            "-e foo -f pats -o a b" "-L foo a b c" "-l foo - b" "-f - b"; do
  STDIN=a
  eval "run_ C 2 $args"
  cases=$((cases + 1))
done
STDIN=g run_ C 2 -n -e ab -e 'foo$'
cases=$((cases + 1))
unset STDIN
# -P: grab's PCRE2 under grep's command line (one pattern only).
for opts in '' -o -w -x -c -v -n '-i -o'; do
  for pat in 'fo+' '\bab' '(?<=a)b' '\d+' '[[:alpha:]]+' 'é|ä+'; do
    for loc in $locales; do
      # shellcheck disable=SC2086
      run_ "$loc" 2 -P $opts -e "$pat" a b c
      cases=$((cases + 1))
    done
  done
done
run_ C 2 -P -e a -e b a
run_ C 2 -P -e a -e a a
cases=$((cases + 2))
# Colours: GREP_COLORS, and 3.8's GREP_COLOR with its warning.
for env in GREP_COLORS=mt=01:ln=33 GREP_COLOR='1;32' GREP_COLOR=x \
           'GREP_COLOR=1;32 GREP_COLORS=mt=01;34' 'GREP_COLOR=1 GREP_COLORS=sl=1'; do
  for opts in '' -o -n -v '-C 1'; do
    # shellcheck disable=SC2086
    (export $env; run_ C 2 --color=always $opts -e foo -e '\(ab\)\1' a b)
    # the subshell's mismatches land in the same file
    cases=$((cases + 1))
  done
done
# A bad pattern from a file is named by file and line; a pattern given
# twice counts once, under its first place.
printf 'ok\na\\{1\n[\n' >badpats || framework_failure_
printf '[\n\nok\nx[\n' >badpats2 || framework_failure_
run_ C 2 -f badpats a
run_ C 2 -e ok -f badpats -e '\(' a
run_ C 2 -f badpats2 -f badpats -e 'x[' a
run_ C 2 -P -e '(.)\2' a
cases=$((cases + 4))
# A NUL far into a file: the lines of grep's first 96 KiB are text.
{ echo xxx; yes yyy | head -n 100000; printf 'z\n\0'; } >far ||
  framework_failure_
for args in "xxx far" "-E 'xxx|z' far" "-c y far" "-n -E '^(xxx|z)' far"; do
  eval "run_ C 2 $args"
  cases=$((cases + 1))
done
# Too deep a nesting for the parsers: "grep: stack overflow", status 2.
# (Sanitizers take the overflow for themselves, as in GNU's test.)
if ! ASAN_OPTIONS=help=true "$abs_top_builddir/src/grabrat" grep --version 2>&1 \
     | grep AddressSanitizer >/dev/null; then
  printf %0400000d 0 | tr 0 '(' >deep || framework_failure_
  (ulimit -s 8192 2>/dev/null; run_ C 2 -E -f deep a)
  cases=$((cases + 1))
fi

# Errors: bad patterns, missing files, conflicting matchers.
for args in "'a\\{1' a" "-E 'a{1' a" "'[' a" "-E '(' a" "foo nosuch a" \
            "-E -F foo a" "-s foo nosuch a" "-q foo nosuch a" \
            "-m x foo a" "-A -1 foo a" "--binary-files=x foo a" \
            "-d nope foo a" "-D nope foo a" ; do
  eval "run_ C 2 $args"
  cases=$((cases + 1))
done

if test -s mismatches; then
  head -n 120 mismatches
  fail=1
fi
echo "$cases cases"
Exit ${fail-0}
