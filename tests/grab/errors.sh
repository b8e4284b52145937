#!/bin/sh
# Bad input gets grep's diagnostics and exit status 2, never a crash:
# invalid regexes (the PCRE2 message with its offset), unreadable files
# and directories, -q letting a match win over errors, bad option
# arguments, write errors, standard output as an input.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

echo foo >f || framework_failure_

# Invalid regular expressions: PCRE2's message, the pattern, the offset.
returns_ 2 grab 'a(' f 2>err || fail=1
echo "grab: 'a(': missing closing parenthesis at offset 2" >exp
compare exp err || fail=1
printf 'foo\nb[ar\n' >pats
returns_ 2 grab -f pats f 2>err || fail=1
echo "grab: 'b[ar': missing terminating ] for character class at offset 4" \
  >exp
compare exp err || fail=1
returns_ 2 grab '(?<=a+)b' f 2>/dev/null || fail=1
returns_ 2 grab -f no-such-file f 2>err || fail=1
echo 'grab: no-such-file: No such file or directory' >exp
compare exp err || fail=1

# Unreadable file and directory: reported, the rest still searched.
require_unprivileged_
mkdir -p d/sub && echo foo >d/sub/g && echo foo >d/unreadable \
  && chmod 0 d/unreadable && mkdir d/closed && chmod 0 d/closed \
  || framework_failure_
for n in 1 ${GRAB_TEST_THREADS-4}; do
  $AS_USER grep -r foo d f >exp 2>experr
  echo $? >>exp
  $AS_USER grab -n $n -r foo d f >out 2>err
  echo $? >>out
  LC_ALL=C $REF_SORT out >outs; LC_ALL=C $REF_SORT exp >exps
  compare exps outs || fail=1
  sed 's/^grep:/grab:/' experr | LC_ALL=C $REF_SORT >exp
  LC_ALL=C $REF_SORT err >errs
  compare exp errs || fail=1
done

# -q: a match wins over errors (exit 0), otherwise errors give 2.
returns_ 0 grab -q foo no-such f 2>/dev/null || fail=1
returns_ 2 grab -q foo no-such 2>/dev/null || fail=1
returns_ 1 grab -q bar f || fail=1
returns_ 2 grab --no-messages foo no-such 2>err || fail=1
compare /dev/null err || fail=1

# Option arguments.
for args in '-n 0' '-n x' '-A -1' '-B x' '-C 1x' '-m x' '--color=bogus' \
            '--binary-files=x' '-d x' '-D x' '--sort=x'; do
  # shellcheck disable=SC2086
  returns_ 2 grab $args foo f 2>err || { echo "$args"; fail=1; }
  test -s err || fail=1
done
# Word-valued options take what GNU grep takes (argmatch: -d takes an
# unambiguous prefix; -D and --binary-files exact words), with its
# messages and list of valid words.
mkdir -p wd/sub && echo foo >wd/sub/x || framework_failure_
grab -d rec foo wd >out || fail=1
echo 'wd/sub/x:foo' >exp
compare exp out || fail=1
for args in '-d x' '-d r' '-D x' '-D s' '--binary-files=bin'; do
  # shellcheck disable=SC2086
  returns_ 2 env LC_ALL=C grep $args foo f 2>exp.err
  # shellcheck disable=SC2086
  returns_ 2 grab $args foo f 2>err || fail=1
  sed '/^Usage: /d; s/^grep:/grab:/; s/grep --help/grab --help/' exp.err >exp
  grep -q '^Try' exp || echo "Try 'grab --help' for more information." >>exp
  case $args in -D*|--b*) sed -i '/^Try/d' exp ;; esac
  compare exp err || { echo "$args"; fail=1; }
done

returns_ 2 grab 2>err || fail=1
printf '%s\n' "Try 'grab --help' for more information." >exp
compare exp err || fail=1
# -H: a clear error in a build without Hyperscan.
if grab --list-engines | grep -q hyperscan; then
  grab -H foo f >out || fail=1
  compare f out || fail=1
else
  returns_ 2 grab -H foo f 2>err || fail=1
  grep 'Hyperscan' err >/dev/null || fail=1
fi

# A multibyte locale other than UTF-8 (where one is installed): PCRE2
# cannot read it, with -H or without.
for loc in ja_JP.eucjp ja_JP.eucJP zh_CN.gb18030 zh_CN.gbk ko_KR.euckr; do
  # (A locale not installed reads ANSI_X3.4-1968: ASCII.)
  case $(LC_ALL=$loc locale charmap 2>/dev/null) in
    UTF-8 | ANSI_X3.4-1968 | '') continue ;;
  esac
  echo 'grab: -P supports only unibyte and UTF-8 locales' >exp
  for h in '' -H; do
    grab --list-engines | grep -q hyperscan || test -z "$h" || continue
    LC_ALL=$loc returns_ 2 grab $h foo f 2>err || { echo "$loc $h"; fail=1; }
    compare exp err || fail=1
  done
  break
done

# Output errors: a full disk, a closed standard output.
if test -w /dev/full; then
  returns_ 2 grab foo f >/dev/full 2>err || fail=1
  echo 'grab: write error: No space left on device' >exp
  compare exp err || fail=1
fi
returns_ 2 grab foo f >&- 2>err || fail=1
echo 'grab: write error: Bad file descriptor' >exp
compare exp err || fail=1

# Standard output is one of the inputs: grep's refusal.
mkdir o && echo foo >o/a && : >o/out || framework_failure_
grep -r foo o >>o/out 2>experr; echo $? >estatus
: >o/out
grab -r foo o >>o/out 2>err; echo $? >gstatus
compare estatus gstatus || fail=1
sed 's/^grep:/grab:/' experr >exp
compare exp err || fail=1
Exit ${fail-0}
