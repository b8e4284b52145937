#!/bin/sh
# -F takes each pattern as a string: the forms that select every line as
# regexes ('$', '.*', '^', '^.*', which grab counts lines for without the
# engine) are strings there, and select only
# the lines that hold them, as grep -F -a does; '' still selects all.
. "${srcdir=.}/tests/init.sh"
printf 'a\nb$\n.*c\n^d\n^.*e\n\251\nplain\n' >in || framework_failure_
require_utf8_locale_
for loc in C "$UTF8_LOCALE"; do
  for p in '$' '.*' '^' '^.*' ''; do
    for opts in '' -c -v -i --line-number; do
      for e in $(grab_engine_opts_); do
        for n in 1 4; do
          # shellcheck disable=SC2086
          LC_ALL=$loc grep -F -a $opts -e "$p" in >exp
          st=$?
          # shellcheck disable=SC2086
          LC_ALL=$loc grab $(engine_opt_ $e) -n $n -F $opts -e "$p" in >out
          gst=$?
          if test $gst != $st || ! cmp -s exp out; then
            echo "LC_ALL=$loc grab $e -n $n -F $opts -e '$p': status $gst" \
                 "(grep -F $st)"
            diff exp out | head -n 5
            fail=1
          fi
        done
      done
    done
  done
done
Exit ${fail-0}
