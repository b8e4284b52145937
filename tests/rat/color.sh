#!/bin/sh
# --color: whole lines that match a rule get its SGR colour after the
# line's prefix and a reset before its end ($ and newline), so colour
# never leaks into the next line; user rules (--color-rule) come before
# the built-in ones (the whole words error/fatal/fail/failed/failure red,
# warn/warning yellow, debug/trace blue, any case); 'auto' colours only a terminal with TERM not dumb and
# NO_COLOR empty; without colour the output is cat's.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
e=$(printf '\033')
printf 'ERROR x\nok\nWarning: y\n\ndebug z\nTRACE\nfatal\nfailed\nwarn and error\nlast error' >in

rat --color=always in >out || fail=1
printf '%s\n' "${e}[31mERROR x${e}[0m" ok "${e}[33mWarning: y${e}[0m" '' \
  "${e}[34mdebug z${e}[0m" "${e}[34mTRACE${e}[0m" "${e}[31mfatal${e}[0m" \
  "${e}[31mfailed${e}[0m" "${e}[31mwarn and error${e}[0m" >exp
printf '%s' "${e}[31mlast error${e}[0m" >>exp
compare exp out || fail=1

# Whole words only: a word that holds one, or a count of errors, stays
# plain.
printf '0 errors, all tests passed\nterrorist\nfailures: 0\nwarned\ndebugger\nerror_count=0\n(error)\n' \
  >words || framework_failure_
rat --color=always words >out || fail=1
printf '%s\n' '0 errors, all tests passed' terrorist 'failures: 0' warned \
  debugger error_count=0 "${e}[31m(error)${e}[0m" >exp
compare exp out || fail=1

# With a prefix and -E: colour after the number, reset before ^M$.
printf 'error\r\nplain\n' | rat --color=always -nE >out || fail=1
printf '     1\t%s[31merror^M%s[0m$\n     2\tplain$\n' "$e" "$e" >exp
compare exp out || fail=1

# User rules first, in order; the SGR as given.
printf 'timeout error\nerror\n' \
  | rat --color=always --color-rule='time=1;35' --color-rule='err=32' >out \
  || fail=1
printf '%s\n' "${e}[1;35mtimeout error${e}[0m" "${e}[32merror${e}[0m" >exp
compare exp out || fail=1

# Bytes after a NUL still count; -v shows them, the match is on the raw
# line; a long line gets the colour of its first 64 KiB.
printf 'a\000error\n' | rat --color=always -v >out || fail=1
printf '%s\n' "${e}[31ma^@error${e}[0m" >exp
compare exp out || fail=1
{ printf 'error '; head -c 100000 /dev/zero | tr '\0' x; printf '\n'
  head -c 70000 /dev/zero | tr '\0' y; printf 'error\n'; } >long
rat --color=always long >out || fail=1
test "$(grep -c "${e}\\[31m" out)" = 1 || fail=1
test "$(head -c 5 out)" = "${e}[31m" || fail=1

# Not a terminal: 'auto' (also implied by --color-rule) leaves the bytes
# alone, and so does 'never'.
for o in --color --color=auto --color=never --color-rule=x=1 \
         '--color=always --color=never'; do
  rat $o in >out || fail=1
  compare in out || fail=1
done

# On a terminal, 'auto' colours unless TERM is dumb or NO_COLOR is set.
if script -qec true /dev/null >/dev/null 2>&1; then
  TERM=xterm script -qec 'rat --color in' /dev/null >out </dev/null
  grep "${e}\\[31mERROR" out >/dev/null || fail=1
  for env in TERM=dumb NO_COLOR=1; do
    env TERM=xterm $env script -qec 'rat --color in' /dev/null >out </dev/null
    grep "${e}\\[" out && fail=1
  done
fi

# Bad rules are refused before anything is read.
for r in x '=1' 'x=' 'x=red' '(=1' 'x=1m'; do
  returns_ 1 rat --color=always --color-rule="$r" in >out 2>err || fail=1
  compare /dev/null out || fail=1
  grep 'invalid --color-rule' err >/dev/null || fail=1
done

Exit $fail
