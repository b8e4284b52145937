#!/bin/sh
# The drop-in names speak in the user's language from the system's
# catalogs, as GNU's programs do (issue 41): grep through GNU grep's
# 'grep' domain, cat and sort through coreutils', byte for byte what
# GNU grep 3.8, cat and sort 9.1 print, in every language that has a
# catalog of the domain and a locale here, in a locale without one, and
# with LANGUAGE choosing another language than the locale's.
# So far: standard input's name in output, the binary-file notice,
# usage errors and their "Try" line, grep's, cat's and sort's --help,
# grep's option errors and warnings, its PCRE2 failures (a limit, and an
# internal error with its number), "recursive directory loop" and "input
# file is also the output", cat's "input file is output file", sort's
# field specifications, option errors, --debug's warnings, "disorder"
# and "open failed".
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

grep '^#define ENABLE_NLS 1' "$abs_top_builddir/config.h" >/dev/null ||
  skip_ "built with --disable-nls: English only"
command -v locale >/dev/null || skip_ "no locale program"
gnu_and_ours_
locale -a 2>/dev/null >locales || framework_failure_

# lang_locales_ DOMAIN: for each language with a catalog of DOMAIN in
# the system's locale directory, one installed locale of it (UTF-8 when
# there is one), as 'LANGUAGE-CODE LOCALE' lines.
lang_locales_ ()
{
  for mo in /usr/share/locale/*/LC_MESSAGES/"$1".mo; do
    test -f "$mo" || continue
    lang=${mo#/usr/share/locale/} lang=${lang%%/*}
    case $lang in *@*) continue ;; esac
    loc=$(grep -i -m 1 "^${lang}[_.].*utf-\{0,1\}8$" locales ||
          grep -m 1 "^${lang}[_.]" locales) || continue
    echo "$lang $loc"
  done
}

# same_ ENV PROG ARGS...: PROG ARGS in both directories, standard input
# 'foo', under the environment assignments ENV; a difference in output,
# messages or status is noted.
printf 'foo\0bar\n' >bin && printf 'b\na\n' >unsorted || framework_failure_
# '(a*)*z' backtracks past PCRE2's limit on that line; '(*UTF)' meets a
# byte that is not UTF-8 outside a UTF-8 locale (an internal error, with
# its number); loop/sub/up is loop again.
printf 'aaaaaaaaaaaaaaaaaaaaaaaaabz\n' >limit && printf 'a\311x\n' >latin1 &&
  mkdir -p loop/sub && ln -s .. loop/sub/up && echo foo >loop/sub/f ||
  framework_failure_
same_ ()
{
  s_env_=$1 s_prog_=$2
  shift 2
  # By default a sample (init.cfg's in_sample_) that holds every
  # language and every command line.
  in_sample_ "l:$s_env_" "c:$s_prog_ $*" || return 0
  for who in gnu ours; do
    # shellcheck disable=SC2086
    (cd $who && echo foo |
       env $s_env_ ./"$s_prog_" "$@" >../out.$who 2>../err.$who
     echo "$?" >>../out.$who)
  done
  if test "$s_prog_ $*" = "grep --help"; then
    # Up to the closing paragraph, GNU's bug address and home page, or
    # grabrat's lines there (those are ours, in grabrat's domain).
    for who in gnu ours; do
      awk '{ l[NR] = $0 } /^$/ { e = NR }
           END { for (i = 1; i < e; i++) print l[i]; print l[NR] }' \
        out.$who >o && mv o out.$who
    done
  fi
  if ! cmp -s out.gnu out.ours || ! cmp -s err.gnu err.ours; then
    echo "=== $s_env_ $s_prog_ $*"
    diff out.gnu out.ours
    diff err.gnu err.ours
    fail=1
  fi
  n=$((n + 1))
}

# into_input_ ENV PROG ARGS...: PROG ARGS in both directories on the file
# 'in', its output appended to that file, under the environment
# assignments ENV: GNU's program says so, and ours in the same words.
into_input_ ()
{
  i_env_=$1 i_prog_=$2
  shift 2
  for who in gnu ours; do
    echo foo >$who/in || framework_failure_
    # shellcheck disable=SC2086
    (cd $who && env $i_env_ ./"$i_prog_" "$@" in >>in 2>../in-err.$who)
  done
  grep . in-err.gnu >/dev/null && compare in-err.gnu in-err.ours || fail=1
}

# help_in_ PROG: PROG's --help holds GNU's, line for line (among its own
# lines), up to GNU's closing lines, which start with coreutils' home
# page, in the locale $loc.
help_in_ ()
{
  in_sample_ "l:LC_ALL=$loc" "c:$1 --help" || return 0
  (cd ours && LC_ALL=$loc ./"$1" --help) >help.ours
  (cd gnu && LC_ALL=$loc ./"$1" --help) |
    sed '\|https://www\.gnu\.org/software/coreutils/|,$d' >help.gnu
  test "$(wc -l <help.gnu)" -gt 15 || framework_failure_
  if grep -vxF -f help.ours help.gnu >help.missing; then
    echo "=== LC_ALL=$loc $1 --help lacks GNU's lines:"
    cat help.missing
    fail=1
  fi
}

fail=0 n=0
sample_stride_ 16
lang_locales_ grep >grep.langs
lang_locales_ coreutils >coreutils.langs
test -s grep.langs || skip_ "no locale of a language with grep's catalog"
{ cat grep.langs
  # A locale without a catalog, and LANGUAGE over the locale's language.
  echo "- C.UTF-8"
  de=$(sed -n 's/^de //p' grep.langs)
  test -n "$de" && echo "fr $de LANGUAGE=fr"
} >runs
while read -r lang loc extra; do
  e="LC_ALL=$loc${extra:+ $extra}"
  same_ "$e" grep -H foo
  same_ "$e" grep foo - ../bin
  same_ "$e" grep --label=x -c foo
  same_ "$e" grep
  same_ "$e" grep --bogus
  same_ "$e" grep --help
  same_ "$e" grep -P '(a*)*z' ../limit
  # Option errors and warnings, GNU's words.
  same_ "$e" grep -C x foo
  same_ "$e" grep -5x foo
  same_ "$e" grep -m x foo
  same_ "$e" grep -E -P foo
  same_ "$e" grep -D x foo
  same_ "$e" grep --binary-files=x foo
  same_ "$e" grep -P -f ../unsorted
  same_ "$e" grep -u foo
  same_ "$e GREP_COLOR=1;31" grep --color=always foo
  same_ "$e" grep -R foo ../loop
  # The same language's locale in its 8-bit encoding, where there is one.
  l8=$(grep -m 1 "^${loc%%.*}\$" locales) &&
    same_ "LC_ALL=$l8${extra:+ $extra}" grep -P '(*UTF)a' ../latin1
  in_sample_ "l:$e" "c:grep foo in >>in" && into_input_ "$e" grep foo
done <runs
ng=$n n=0
while read -r lang loc; do
  for p in cat sort; do
    same_ "LC_ALL=$loc" $p --bogus
    same_ "LC_ALL=$loc" $p -y
    same_ "LC_ALL=$loc" $p ../absent
  done
  into_input_ "LC_ALL=$loc" cat
  help_in_ cat
  help_in_ sort
  same_ "LC_ALL=$loc" sort -k0
  same_ "LC_ALL=$loc" sort -k1.0
  same_ "LC_ALL=$loc" sort -k1x
  same_ "LC_ALL=$loc" sort -c ../unsorted
  # Option errors and --debug's warnings, coreutils' words.
  same_ "LC_ALL=$loc" sort -t ''
  same_ "LC_ALL=$loc" sort -t ab
  same_ "LC_ALL=$loc" sort -t a -t b
  same_ "LC_ALL=$loc" sort -d -M
  same_ "LC_ALL=$loc" sort --parallel=0
  same_ "LC_ALL=$loc" sort --batch-size=1
  same_ "LC_ALL=$loc" sort --batch-size=99999999999999999999
  same_ "LC_ALL=$loc" sort -o a -o b
  same_ "LC_ALL=$loc" sort --files0-from=/dev/null
  same_ "LC_ALL=$loc" sort --files0-from=- ../unsorted
  same_ "LC_ALL=$loc" sort --debug -k2n -k1b,1 -r -t , +1
  same_ "LC_ALL=$loc" sort --debug -k1,1 -k2,2M ../unsorted
  # A key that does not span the separator, which is the decimal point:
  # "%snumbers use ..." with "" (a gettext ("") there printed the
  # catalog's header).  In every language whose decimal point is ','.
  if test "$(LC_ALL=$loc locale decimal_point 2>/dev/null)" = ,; then
    s_keep_=$s_stride_ s_stride_=1
    same_ "LC_ALL=$loc" sort --debug -k2,2n -t , ../unsorted
    s_stride_=$s_keep_
  fi
done <coreutils.langs
echo "$ng grep and $n cat and sort command lines compared"
Exit $fail
