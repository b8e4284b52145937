#!/bin/sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/upstream/run.sh [SUITE]...: run upstream test suites, unchanged,
# against grabrat's drop-in names, and compare with the result of the
# system's own programs (GNU coreutils 9.1 on Debian 12) on the same
# machine.  SUITEs (default: all):
#   coreutils-cat   coreutils' tests/misc/cat-*.sh
#   coreutils-sort  coreutils' tests/misc/sort*.sh and sort*.pl
#   busybox-cat     BusyBox's testsuite/cat/ and cat.tests
#   busybox-sort    BusyBox's testsuite/sort.tests
#   grep            GNU grep 3.8's tests/ (built from the source package;
#                   its locale tests need Debian's locales-all)
# Prints a line per test (or per BusyBox case) with grabrat's result and
# GNU's, and ends with 'N passed, N failed': a failure is a test that
# passes with GNU's program and does not with grabrat's; a test that
# fails with both is reported, not counted.  Exits non-zero on failures.
#
# Sources come from Debian's source packages (apt-get source, the same
# mirror as the binaries; a deb-src entry is added when there is none,
# which needs root) into $UPSTREAM_DIR (default: upstream/ in the build
# directory); nothing of them is committed.  The binary under test is
# $GRABRAT (default: src/grabrat of the build directory, the current
# directory).  What coreutils' own build would provide is made here: a
# src/ directory with the programs under test as links, a getlimits
# (getlimits.c here) and a config.h naming the one feature the tests ask
# for (pthreads).  Expensive tests stay skipped, as upstream's default.
set -u
here=$(cd "$(dirname "$0")" && pwd) || exit 1
build=$(pwd)
grabrat=${GRABRAT:-$build/src/grabrat}
up=${UPSTREAM_DIR:-$build/upstream}
test -x "$grabrat" || { echo "run.sh: no $grabrat (build first)"; exit 1; }
grabrat=$(cd "$(dirname "$grabrat")" && pwd)/$(basename "$grabrat")
mkdir -p "$up" && up=$(cd "$up" && pwd) || exit 1
test $# = 0 && set -- coreutils-cat coreutils-sort busybox-cat busybox-sort grep

# fetch PKG: unpack Debian's source of PKG in $up (once); print its dir.
# The version is the installed binary package's when there is one.
fetch ()
{
  dir=$(ls -d "$up/$1"-[0-9]*/ 2>/dev/null | head -n 1)
  if test -n "$dir"; then echo "${dir%/}"; return 0; fi
  if ! grep -rqs -e '^deb-src ' -e '^Types:.*deb-src' \
         /etc/apt/sources.list /etc/apt/sources.list.d/; then
    # deb-src twins of the deb entries, in both formats.
    lists=/etc/apt/sources.list.d
    for f in "$lists"/*.sources; do
      test -f "$f" && sed 's/^Types: deb$/Types: deb-src/' "$f" && echo
    done >"$up/deb-src.sources" &&
      mv "$up/deb-src.sources" "$lists/grabrat-deb-src.sources" || return 1
    if test -f /etc/apt/sources.list; then
      sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"$up/deb-src.list" &&
        mv "$up/deb-src.list" "$lists/grabrat-deb-src.list" || return 1
    fi
    apt-get update -qq >&2 || return 1
  fi
  command -v dpkg-source >/dev/null ||
    DEBIAN_FRONTEND=noninteractive apt-get install -qq dpkg-dev >&2 ||
    return 1
  v=$(dpkg-query -W -f '${Version}' "$1" 2>/dev/null)
  (cd "$up" && { apt-get source -qq "$1${v:+=$v}" >&2 ||
                 apt-get source -qq "$1" >&2; }) || return 1
  dir=$(ls -d "$up/$1"-[0-9]*/ 2>/dev/null | head -n 1)
  test -n "$dir" && echo "${dir%/}"
}

# progdir WHO: a directory of cat and sort for WHO (gnu: the system's;
# grabrat: links to the binary under test), made once.
progdir ()
{
  d=$up/bin-$1
  if ! test -d "$d"; then
    mkdir -p "$d.t" || return 1
    for p in cat sort; do
      if test "$1" = gnu; then
        ln -s "$(command -v $p)" "$d.t/$p" || return 1
      else
        ln -s "$grabrat" "$d.t/$p" || return 1
      fi
    done
    mv "$d.t" "$d" || return 1
  fi
  echo "$d"
}

# coreutils_run SRC WHO TEST: run coreutils' TEST (tests/misc/x.sh or .pl)
# the way its 'make check' does, with WHO's programs; print its status
# (0 pass, 77 skip, else fail).
coreutils_run ()
{
  src=$1 who=$2 t=$3
  w=$up/coreutils-work/$who
  if ! test -d "$w/src"; then
    mkdir -p "$w/src" "$w/tests/misc" || return 99
    cp -P "$(progdir "$who")"/* "$w/src/" || return 99
    cc -O2 -o "$w/src/getlimits" "$here/getlimits.c" || return 99
    echo '#define HAVE_PTHREAD_T 1' >"$w/config.h"
  fi
  # The programs a coreutils build makes: those of the installed package
  # (the tests take the others from PATH, as the system's).
  built=$(dpkg -L coreutils 2>/dev/null | sed -n 's|^/usr/bin/||p; s|^/bin/||p' |
          sort -u | tr '\n' ' ')
  # The locales coreutils' configure would find (LOCALE_FR, LOCALE_FR_UTF8)
  # and the one sort-month.sh names, compiled once into $up/locale (glibc
  # reads LOCPATH) so that their tests run here too; none if localedef
  # or its sources are missing.
  if ! test -d "$up/locale"; then
    mkdir -p "$up/locale.t" || return 99
    for l in fr_FR:ISO-8859-1:fr_FR fr_FR:UTF-8:fr_FR.UTF-8 \
             ja_JP:UTF-8:ja_JP.utf8; do
      name_=${l##*:} def_=${l%%:*} cs_=${l#*:}; cs_=${cs_%%:*}
      localedef -i "$def_" -f "$cs_" "$up/locale.t/$name_" >/dev/null 2>&1 ||
        rm -rf "$up/locale.t/$name_"
    done
    mv "$up/locale.t" "$up/locale" || return 99
  fi
  loc_fr= loc_fr_utf8=
  test -d "$up/locale/fr_FR" && loc_fr=fr_FR
  test -d "$up/locale/fr_FR.UTF-8" && loc_fr_utf8=fr_FR.UTF-8
  (
    cd "$w" || exit 99
    . "$src/tests/lang-default"
    TMPDIR=${TMPDIR-/tmp}; export TMPDIR
    . "$src/tests/envvar-check"
    export VERSION=9.1 LOCALE_FR="$loc_fr" LOCALE_FR_UTF8="$loc_fr_utf8" \
      abs_top_builddir="$w" abs_top_srcdir="$src" abs_srcdir="$src" \
      built_programs="cat sort getlimits $built" fail=0 host_os=linux-gnu \
      host_triplet=x86_64-pc-linux-gnu srcdir="$src" top_srcdir="$src" \
      CONFIG_HEADER="$w/config.h" CU_TEST_NAME="tests,$(echo "$t" | tr / -)" \
      CC=cc AWK=awk EGREP='grep -E' EXEEXT= MAKE=make PACKAGE_VERSION=9.1 \
      PERL=perl SHELL=/bin/sh PATH="$w/src:$PATH" LOCPATH="$up/locale"
    case $t in
      *.pl) exec perl -w -I"$src/tests" -MCuSkip -MCoreutils \
              -M"CuTmpdir qw($t)" -- "$src/$t" ;;
      *) exec /bin/sh "$src/$t" ;;
    esac
  ) >"$w/$(basename "$t").log" 2>&1 9>&2
}

passed=0 failed=0 skipped=0 both=0
# report SUITE NAME OURS GNU: one line, and the counts.  OURS and GNU are
# PASS, FAIL or SKIP.
report ()
{
  case $3:$4 in
    PASS:*) passed=$((passed + 1)); r=PASS ;;
    *:PASS) failed=$((failed + 1)); r=FAIL ;;
    FAIL:*) both=$((both + 1)); r=FAIL ;;
    *) skipped=$((skipped + 1)); r=SKIP ;;
  esac
  echo "$r: $1: $2 (GNU: $4)"
}

status_word ()
{
  case $1 in 0) echo PASS ;; 77) echo SKIP ;; *) echo FAIL ;; esac
}

coreutils_suite ()
{
  src=$(fetch coreutils) || { echo "run.sh: cannot fetch coreutils"; return 1; }
  for t in $(cd "$src" && ls tests/misc/$1*.sh tests/misc/$1*.pl 2>/dev/null); do
    coreutils_run "$src" gnu "$t"; g=$(status_word $?)
    coreutils_run "$src" grabrat "$t"; o=$(status_word $?)
    report coreutils-$1 "$t" "$o" "$g"
  done
}

# busybox_results SRC WHO APPLET: run BusyBox's runtest for APPLET with
# WHO's programs; print its PASS/FAIL/SKIPPED lines.  Its harness wants a
# 'busybox' binary in $bindir (it asks it for its applets, and links each
# applet's name to it) and the build's .config (Debian's, from the source
# package): a shell stand-in runs WHO's program of the name it was called
# by instead.
busybox_results ()
{
  src=$1 who=$2 applet=$3
  w=$up/busybox-work/$who
  rm -rf "$w" && mkdir -p "$w/bin" "$w/scripts" || return 1
  cp -R "$src/testsuite" "$w/" && cp "$src/scripts/echo.c" "$w/scripts/" &&
    cp "$src/debian/config/pkg/deb" "$w/bin/.config" || return 1
  progs=$(progdir "$who") || return 1
  cat >"$w/bin/busybox" <<EOF
#!/bin/sh
# tests/upstream/run.sh's stand-in for busybox: runs $progs/NAME.
name=\${0##*/}
if test "\$name" = busybox; then
  if test \$# = 0; then
    printf 'Currently defined functions:\n\tcat, sort\n'
    exit 0
  fi
  name=\$1
  shift
fi
exec "$progs/\$name" "\$@"
EOF
  chmod +x "$w/bin/busybox" || return 1
  (cd "$w/testsuite" && bindir=$w/bin ./runtest "$applet") 2>&1 |
    sed -n 's/^\(PASS\|FAIL\|SKIPPED\): /\1 /p'
}

busybox_suite ()
{
  src=$(fetch busybox) || { echo "run.sh: cannot fetch busybox"; return 1; }
  busybox_results "$src" gnu "$1" >"$up/busybox-$1.gnu" || return 1
  busybox_results "$src" grabrat "$1" >"$up/busybox-$1.grabrat" || return 1
  test -s "$up/busybox-$1.gnu" || { echo "run.sh: busybox $1 ran no test"; return 1; }
  while read -r g name; do
    o=$(grep -F -x -e "PASS $name" -e "FAIL $name" -e "SKIPPED $name" \
          "$up/busybox-$1.grabrat" | head -n 1 | cut -d' ' -f1)
    report busybox-$1 "$name" "$(echo "${o:-FAIL}" | sed 's/SKIPPED/SKIP/')" \
      "$(echo "$g" | sed 's/SKIPPED/SKIP/')"
  done <"$up/busybox-$1.gnu"
}

# grep_suite: GNU grep 3.8's own tests (tests/ of Debian's source),
# run by its 'make check' twice in one build of the package: with the grep
# it built, then with src/grep a link to grabrat (egrep and fgrep are its
# scripts, which run the grep of src/).  Each test's result is read from
# its .trs file.
grep_suite ()
{
  src=$(fetch grep) || { echo "run.sh: cannot fetch grep"; return 1; }
  b=$up/grep-build
  # Debian's patches touch src/Makefile.am and doc/grep.texi (its build
  # runs autoreconf): keep the tarball's generated files (the patch to
  # src/Makefile.am only sets SHELL) and build no manual.
  keep='ACLOCAL=: AUTOCONF=: AUTOHEADER=: AUTOMAKE=: MAKEINFO=:'
  if ! test -x "$b/src/grep.gnu"; then
    rm -rf "$b" && mkdir -p "$b" || return 1
    (cd "$b" && "$src/configure" -q --disable-nls \
         --without-included-regex >configure.log 2>&1 &&
       { make -C lib -j"$(nproc)" $keep && make -C src -j"$(nproc)" $keep; } \
         >make.log 2>&1 &&
       make -C tests -j"$(nproc)" $keep check TESTS= >check-build.log 2>&1 &&
       mv src/grep src/grep.gnu) ||
      { echo "run.sh: cannot build grep (see $b)"; return 1; }
  fi
  for who in gnu grabrat; do
    rm -f "$b/src/grep"
    if test $who = gnu; then
      ln -s grep.gnu "$b/src/grep"
    else
      ln -s "$grabrat" "$b/src/grep"
    fi || return 1
    rm -f "$b"/tests/*.trs "$b"/tests/*.log
    # shellcheck disable=SC2086
    (cd "$b" && make -C tests -k -j"$(nproc)" $keep check \
       >"check-$who.log" 2>&1)
    for trs in "$b"/tests/*.trs; do
      echo "$(basename "$trs" .trs) $(sed -n 's/^:test-result: //p' "$trs")"
    done >"$up/grep.$who"
  done
  while read -r name g; do
    o=$(sed -n "s/^$name //p" "$up/grep.grabrat")
    report grep "$name" "$(echo "${o:-FAIL}" | sed 's/ERROR/FAIL/')" \
      "$(echo "$g" | sed 's/ERROR/FAIL/')"
  done <"$up/grep.gnu"
}

trouble=0
for suite in "$@"; do
  case $suite in
    coreutils-cat) coreutils_suite cat || trouble=1 ;;
    coreutils-sort) coreutils_suite sort || trouble=1 ;;
    busybox-cat) busybox_suite cat || trouble=1 ;;
    busybox-sort) busybox_suite sort || trouble=1 ;;
    grep) grep_suite || trouble=1 ;;
    *) echo "run.sh: unknown suite '$suite'"; trouble=1 ;;
  esac
done
echo "($skipped skipped by both or by GNU; $both failing with GNU too)"
echo "$passed passed, $failed failed"
test $failed = 0 && test $trouble = 0
