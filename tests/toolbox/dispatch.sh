#!/bin/sh
# Dispatch: by link name, by first argument, --list, unknown applet (127).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

bin=$abs_top_builddir/src/grabrat
fail=0

# --list prints exactly the applets the build installs links for.
grabrat --list >out || fail=1
printf '%s\n' $applet_names >exp
compare exp out || fail=1

# Each applet answers through a link and as the first argument, and its
# --version names it.
for a in $applet_names; do
  ln -s "$bin" "$a" || framework_failure_
  ./"$a" --version >out1 || fail=1
  grabrat "$a" --version >out2 || fail=1
  compare out1 out2 || fail=1
  head -n1 out1 | grep "^$a (grabrat[ )]" >/dev/null || fail=1
  # A login-shell style name ("-rat") still finds the applet.
  ln -s "$bin" ./-"$a" || framework_failure_
  ./-"$a" --version | head -n1 | grep "^$a (grabrat[ )]" >/dev/null || fail=1
done

# A drop-in name runs its applet and is the name in its messages, as
# GNU's program_name; --version names what was called.
ln -s "$bin" cat || framework_failure_
printf 'a\tb\n' >in || framework_failure_
./cat -T in nosuch >out 2>err && fail=1
printf 'a^Ib\n' >exp
compare exp out || fail=1
echo "./cat: nosuch: No such file or directory" >exp
compare exp err || fail=1
grabrat cat nosuch 2>err && fail=1
echo "cat: nosuch: No such file or directory" >exp
compare exp err || fail=1
./cat --version | head -n1 | grep '^cat (grabrat [^)]*) 9\.1$' >/dev/null || fail=1
./cat --help | head -n1 | grep '^Usage: ./cat ' >/dev/null || fail=1
returns_ 1 ./cat --no-such-option 2>err || fail=1
grep "^Try './cat --help' for more information.\$" err >/dev/null || fail=1

# Unknown applet, by link and by argument: message and status 127.
ln -s "$bin" frob || framework_failure_
returns_ 127 ./frob x 2>err || fail=1
echo 'grabrat: applet not found: frob' >exp
compare exp err || fail=1

returns_ 127 grabrat frob x 2>err || fail=1
compare exp err || fail=1

# No applet at all, and an unknown grabrat option.
returns_ 127 grabrat 2>err || fail=1
grep 'missing applet name' err >/dev/null || fail=1
returns_ 127 grabrat --frob 2>err || fail=1
grep "unrecognized option '--frob'" err >/dev/null || fail=1

# The applet sees its own name as argv[0] when called through grabrat.
returns_ 2 grabrat grab --no-such-option 2>err || fail=1
grep "^Try 'grab --help' for more information.\$" err >/dev/null || fail=1

Exit $fail
