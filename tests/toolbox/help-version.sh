#!/bin/sh
# --help and --version of grabrat and each applet: GNU format, stdout,
# status 0; a bad option: GNU message, "Try" line, the reference tool's code.
. "${srcdir=.}/tests/init.sh"

fail=0
version=$(grabrat --version | sed -n '1s/^grabrat (grabrat) //p')
test -n "$version" || fail=1

for a in grabrat $applet_names; do
  $a --help >out 2>err || fail=1
  compare /dev/null err || fail=1
  head -n1 out | grep "^Usage: $a " >/dev/null || fail=1
  grep -- '--help' out >/dev/null || fail=1
  grep -- '--version' out >/dev/null || fail=1

  $a --version >out 2>err || fail=1
  compare /dev/null err || fail=1
  echo "$a (grabrat) $version" >exp
  head -n1 out >first
  compare exp first || fail=1
  grep '^License GPLv3+' out >/dev/null || fail=1
done

# Bad options: the status of the tool each applet replaces
# (grep and sort 2, cat 1), and the GNU diagnostic shape.
for a in grab:2 rat:1 sort:2; do
  name=${a%:*} code=${a#*:}
  returns_ $code $name --no-such-option </dev/null >out 2>err || fail=1
  compare /dev/null out || fail=1
  printf '%s\n' "$name: unrecognized option '--no-such-option'" \
    "Try '$name --help' for more information." >exp
  compare exp err || fail=1
done

Exit $fail
