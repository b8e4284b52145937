#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/rat/run-valgrind.sh: run rat's tests with rat under valgrind
# (memcheck, leaks included): a directory with a 'rat' script that runs
# the built binary under valgrind goes first in PATH.  By hand, from the
# top build directory:  sh $srcdir/tests/rat/run-valgrind.sh [TEST.sh...]
# The strace tests are left out by default (valgrind makes system calls
# of its own, so injected faults land elsewhere), and so is memory.sh
# (valgrind needs more address space than it allows).
top_build=$(pwd)
srcdir=${srcdir-$(cd "$(dirname "$0")/../.." && pwd)}
test -x "$top_build/src/grabrat" || { echo "run from the build directory" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "no valgrind" >&2; exit 77; }
wrap=$(mktemp -d) || exit 2
trap 'rm -rf "$wrap"' 0
cat >"$wrap/rat" <<EOS
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full \\
  --errors-for-leak-kinds=definite,indirect \\
  --suppressions="$srcdir/tests/rat/valgrind.supp" \\
  "$top_build/src/grabrat" rat "\$@"
EOS
chmod +x "$wrap/rat"
test $# = 0 && set -- differential formatting options errors sigpipe \
  self-copy proc flush strict timestamp color progress
status=0
for t; do
  t=${t%.sh}
  t=${t##*/}
  ( . "$srcdir/tests/env.sh"
    export srcdir abs_top_builddir="$top_build" abs_top_srcdir="$srcdir"
    # The one list of applets is the binary's (src/applets.h).
    applet_names=$("$top_build/src/grabrat" --list | tr '\n' ' ')
    export applet_names
    PATH="$wrap:$top_build/src:$PATH"; export PATH
    cd "$srcdir" && sh "tests/rat/$t.sh" >"$top_build/valgrind-$t.log" 2>&1 )
  st=$?
  case $st in
    0) echo "PASS: $t"; rm -f "$top_build/valgrind-$t.log" ;;
    77) echo "SKIP: $t" ;;
    *) echo "FAIL: $t (see valgrind-$t.log)"; status=1 ;;
  esac
done
exit $status
