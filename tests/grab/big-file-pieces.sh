#!/bin/sh
# A big file is cut into pieces that several workers search (chunk.c):
# the output is grep -P -a's, byte for byte and in order, across piece
# edges, with -m, context, line numbers, offsets, -v, -c, -o, -l, -x, -w;
# also where a line is longer than a piece, where a piece has more
# matching lines than a helper lists (dense lines), and without a last
# newline.  -L fourteen times makes 64 KiB windows, so pieces of 64 KiB;
# --debug says the file was cut (and -n 1 does not cut it).
# GRAB_TEST_STRIDE=K runs a fixed sample of about one case in K (.ci/run's
# ThreadSanitizer step).
. "${srcdir=.}/tests/init.sh"

# ~1.5 MiB: numbered lines of varying length with "edge" at and around
# every 64 KiB boundary, two lines of 200 KiB (longer than three pieces),
# and no newline at the end.
awk 'BEGIN {
  w = 65536; pos = 0; n = 0
  while (pos < 1536 * 1024) {
    n++
    line = sprintf("line %d %s", n, substr("abcdefghijklmnopqrstuvwxyz", 1, n % 27))
    edge = int(pos / w + 1) * w
    if (edge - pos < length(line) + 8 && n % 3 != 0)
      line = line substr("xxxxxxxx", 1, (edge - pos - length(line) - 2) % 8) " edge"
    if (n == 9000 || n == 9001) {
      long = ""; for (k = 0; k < 25600; k++) long = long "filler! "
      line = long (n == 9000 ? "edge" : "tail")
    }
    printf "%s%s", (n > 1 ? "\n" : ""), line
    pos += length(line) + 1
  }
}' >big || framework_failure_
# ~600 KiB of two-byte lines: 32,768 to a piece, more than a helper lists.
awk 'BEGIN { for (i = 0; i < 300000; i++) print (i % 1000 == 7 ? "b" : "a") }' \
  >dense || framework_failure_

L='-L -L -L -L -L -L -L -L -L -L -L -L -L -L'
for n in 2 4; do
  grab $L -n $n --debug -c edge big >/dev/null 2>err || fail=1
  grep 'big: 25 pieces of 65536 bytes, up to '$n' workers' err >/dev/null \
    || { cat err; fail=1; }
done
grab $L -n 1 --debug -c edge big >/dev/null 2>err || fail=1
grep pieces err && fail=1

# Every case is compared as is (one file: its order is the file's).
for f in big dense; do
  case $f in
    big) pats='edge ^line.1[0-9]*5. e$ filler!.edge ^l tail$ ^.{0,3}$' ;;
    dense) pats='a b ^b$ . x' ;;
  esac
  for opts in '' -c -n '-B 3 -A 2 -n' '-b -o' '-v -c' '-v -n -m 40' '-C 1' \
              '-m 5 -A 3' '-m 1000' -o -x -w -l; do
    for pat in $pats; do
      if test "${GRAB_TEST_STRIDE-1}" != 1; then
        sum=$(printf '%s\n' "$f:$opts:$pat" | cksum)
        test $((${sum%% *} % GRAB_TEST_STRIDE)) = 0 || continue
      fi
      # shellcheck disable=SC2086
      grep -P -a $opts -e "$pat" $f >exp 2>&1
      es=$?
      gopts=$(printf '%s\n' "$opts" | sed -e 's/-n\b/--line-number/g' \
                                          -e 's/-b -o/-O -o/')
      for n in 2 4; do
        # shellcheck disable=SC2086
        grab $L -n $n $gopts -e "$pat" $f >out 2>&1
        gs=$?
        if test $es != $gs || ! cmp -s exp out; then
          echo "=== grab $L -n $n $gopts -e '$pat' $f: status $gs, grep $es"
          diff exp out | head -n 10
          fail=1
        fi
      done
    done
  done
done
Exit ${fail-0}
