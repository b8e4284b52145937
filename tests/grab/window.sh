#!/bin/sh
# Big files are mapped in windows (-L halves the 1 GiB window; 14 times
# gives 64 KiB): no match is lost or printed twice at a window edge, no
# line is cut, a line longer than the window is whole, and context, line
# numbers and offsets run on across windows, as grep prints them.  The
# same data from a pipe (the read path) gives the same.
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/grab/difflib.sh"

# About 3 MiB: numbered lines of varying length, the word "edge" put at
# and around every 64 KiB boundary, and one 200 KiB line ending in "edge".
awk 'BEGIN {
  w = 65536; pos = 0; n = 0
  while (pos < 3 * 1048576) {
    n++
    line = sprintf("line %d %s", n, substr("abcdefghijklmnopqrstuvwxyz", 1, n % 27))
    # Put the word across or right at the next window edge.
    edge = int(pos / w + 1) * w
    if (edge - pos < length(line) + 8 && n % 3 != 0)
      line = line substr("xxxxxxxx", 1, (edge - pos - length(line) - 2) % 8) " edge"
    if (n == 20000) {
      long = ""; for (k = 0; k < 25600; k++) long = long "filler! "
      line = long "edge"
    }
    print line
    pos += length(line) + 1
  }
}' >big || framework_failure_
test "$(wc -c <big)" -gt 3000000 || framework_failure_

L='-L -L -L -L -L -L -L -L -L -L -L -L -L -L'
for opts in '' -c -n '-B 3 -A 2 -n' '-b -o' '-v -c' '-C 1' '-m 5 -A 3' -o; do
  for pat in edge '^line 1[0-9]*5 ' 'e$' 'filler! edge' '^l'; do
    diff_run_ C "$opts" "$pat" big
    GRAB_OPTS=$L diff_run_ C "$opts" "$pat" big
    DIFF_STDIN=big diff_run_ C "$opts" "$pat"
  done
done
diff_report_ || fail=1

# -L cannot go below 64 KiB; more of them is fine.
grab $L -L -L -L -c edge big >out || fail=1
grep -c edge big >exp
compare exp out || fail=1
Exit ${fail-0}
