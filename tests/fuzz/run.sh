#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/fuzz/run.sh SECONDS [NAME...]: build every libFuzzer target
# (tests/fuzz/fuzz-NAME.c) with clang -fsanitize=fuzzer,address,undefined
# and run each for SECONDS, from its seed corpus (tests/fuzz/corpus/NAME,
# copied: the committed seeds never grow).  Prints one line per target and
# ends with 'N passed, N failed'; exits non-zero if any target failed to
# build, crashed, or found a mismatch with its oracle (the input is kept
# in the build directory's fuzz/artifacts/ and named in the output).
#
# A target is compiled with the sources it names on its 'Sources:'
# comment lines (paths under the top directory, without .c; 'Optional
# sources:' are those of parts a build may lack, compiled when config.h
# says the build has them, like engine-hs), against a configured and built
# tree ($FUZZ_BUILDDIR, default the top directory: config.h and
# lib/libgnu.a), and linked with PCRE2 (the binary's dlopen layer,
# pcre2-lazy.c, is left out; Hyperscan is loaded with dlopen as in the
# binary).  A target runs in-process: no I/O, no threads, an oracle
# written for clarity.
set -u
secs=${1:?usage: tests/fuzz/run.sh SECONDS [NAME...]}
shift
top=$(cd "$(dirname "$0")/../.." && pwd) || exit 1
b=${FUZZ_BUILDDIR:-$top}
out=$b/fuzz
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"

command -v clang >/dev/null || { echo "run.sh: clang is missing"; exit 1; }
test -f "$b/config.h" && test -f "$b/lib/libgnu.a" ||
  { echo "run.sh: configure and build in $b first"; exit 1; }
mkdir -p "$out/artifacts" || exit 1
hs_cflags=$(sed -n 's/^HS_CFLAGS = //p' "$b/Makefile")
# Makefile.am passes LOCALEDIR on the command line; a target speaks no
# language (it calls no bindtextdomain), so any directory will do.
localedir=/nonexistent
have_hs=false
grep -q '^#define HAVE_HYPERSCAN 1' "$b/config.h" && have_hs=true

if test $# = 0; then
  set -- $(cd "$top/tests/fuzz" && ls fuzz-*.c | sed 's/^fuzz-//; s/\.c$//')
fi
passed=0 failed=0
for name in "$@"; do
  src=$top/tests/fuzz/fuzz-$name.c
  srcs=
  for o in $(sed -n 's/^ *Sources: *//p' "$src"); do
    srcs="$srcs $top/$o.c"
  done
  if $have_hs; then
    for o in $(sed -n 's/^ *Optional sources: *//p' "$src"); do
      srcs="$srcs $top/$o.c"
    done
  fi
  ldflags=$(sed -n 's/^ *Link flags: *//p' "$src")
  fflags=$(sed -n 's/^ *Fuzzer flags: *//p' "$src")
  asan=$(sed -n 's/^ *Sanitizer options: *//p' "$src")
  exe=$out/fuzz-$name
  # shellcheck disable=SC2086
  if ! clang -g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer $san \
         -I"$b" -I"$b/lib" -I"$top/lib" -I"$top/src" \
         -I"$top/src/applets/sort" \
         -I"$top/src/applets/rat" -DLOCALEDIR="\"$localedir\"" $hs_cflags \
         -o "$exe" "$src" $srcs "$b/lib/libgnu.a" -lpcre2-8 \
         $ldflags -ldl -lpthread -lm >"$out/fuzz-$name.build" 2>&1; then
    tail -n 20 "$out/fuzz-$name.build"
    echo "FAIL: $name (does not build)"
    failed=$((failed + 1))
    continue
  fi
  work=$out/corpus-$name
  rm -rf "$work" && mkdir -p "$work" || exit 1
  test -d "$top/tests/fuzz/corpus/$name" &&
    cp "$top/tests/fuzz/corpus/$name"/* "$work"/ 2>/dev/null
  dict=
  test -f "$top/tests/fuzz/$name.dict" && dict=-dict=$top/tests/fuzz/$name.dict
  # shellcheck disable=SC2086
  ASAN_OPTIONS=${asan:-${ASAN_OPTIONS-}} \
  "$exe" -max_total_time="$secs" -max_len=1024 -timeout=20 -rss_limit_mb=2048 \
         -print_final_stats=1 -artifact_prefix="$out/artifacts/$name-" \
         $fflags $dict "$work" >"$out/fuzz-$name.log" 2>&1
  status=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz-$name.log")
  if test $status = 0; then
    echo "PASS: $name (${execs:-?} executions in $secs s)"
    passed=$((passed + 1))
  else
    grep -E '^(==[0-9]+==ERROR|MISMATCH|SUMMARY|artifact_prefix|Test unit written)' \
      "$out/fuzz-$name.log" | head -n 20
    tail -n 5 "$out/fuzz-$name.log"
    echo "FAIL: $name (status $status; log $out/fuzz-$name.log)"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
test $failed = 0
