#!/bin/sh
# grep's usage names it by its base name, its messages by the name it was run as; the whole command line is read before --version or --help act ('grep -V --bogus' fails); -m 0 and the GREP_COLOR warning come before -P's one-pattern check; egrep and fgrep say what Debian's 'exec grep -E' wrappers say.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"

fail=0
# Each as ./grep and as an absolute path, run in gnu/ and in ours/, so
# that the names in messages are the same.
for args in --bogus '-V --bogus' '--help --bogus' '--bogus -V' '-V -A x' \
            '--color=bad --bogus' '--help -V' '-V --help' '-V -m x' \
            '-E' '-A x foo' '--binary-files=x foo' '-X foo'; do
  for form in ./grep "\$PWD/grep"; do
    for who in gnu ours; do
      # shellcheck disable=SC2086
      (cd $who && eval "$form $args" </dev/null >../out.$who 2>../err.$who
       echo $? >../st.$who)
      sed "s|$PWD/$who/|DIR/|g" err.$who >err2.$who
      # The first line of standard output: --help's usage line, or the
      # version line, whose parenthesis names grabrat.
      head -n 1 out.$who | sed 's/^grep (.*) 3\.8$/grep (X) 3.8/' \
        >first.$who
    done
    if ! compare st.gnu st.ours || ! compare err2.gnu err2.ours ||
       ! compare first.gnu first.ours; then
      echo "grep $args (as $form) differs"
      fail=1
    fi
  done
done

# The order of grep's checks after the command line: -m 0 ends the run
# before -P's one-pattern check, and the GREP_COLOR warning comes first.
printf 'foo\nbar\n' >in || framework_failure_
run_ C 1 -P -m 0 -e foo -e bar in
run_ C 1 -P -m 0 -e '(' -e bar in
(GREP_COLOR='1;32' && export GREP_COLOR &&
   run_ C 1 -P --color=always -e foo -e bar in &&
   run_ C 1 --color=always -e foo -e '\(' in)
diff_report_ || fail=1

# egrep and fgrep: Debian's are shell scripts running 'exec grep -E'.
for name in egrep fgrep; do
  ref=$(command -v $name) || continue
  ln -s "$abs_top_builddir/src/grabrat" ours/$name || framework_failure_
  for args in --bogus "'('" --help "'a\\{1' /dev/null"; do
    eval "PATH=\$PWD/gnu:\$PATH $ref $args" </dev/null >out.gnu 2>err.gnu
    echo $? >st.gnu
    eval "ours/$name $args" </dev/null >out.ours 2>err.ours
    echo $? >st.ours
    head -n 1 out.gnu >first.gnu && head -n 1 out.ours >first.ours
    if ! compare st.gnu st.ours || ! compare err.gnu err.ours ||
       ! compare first.gnu first.ours; then
      echo "$name $args differs"
      fail=1
    fi
  done
done

Exit $fail
