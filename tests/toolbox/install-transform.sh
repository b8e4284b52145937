#!/bin/sh
# Renamed installs ('make install transform=...', what --program-prefix and --program-suffix do) make links with the renamed names that point to the renamed binary and run their applets, as do g-prefixed names (ggrep, gcat); uninstall removes them.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

fail=0
bin=$abs_top_builddir/src/grabrat
version=$(grabrat --version | sed -n '1s/^grabrat (grabrat) //p')
test -n "$version" || framework_failure_
# make, run from a test: not the parallel harness's make.
unset MAKEFLAGS MAKELEVEL MFLAGS
all_dropins='cat sort grep egrep fgrep'

# check_installed_ DIR P S: the applets run through P NAME S in DIR/bin.
check_installed_ ()
{
  c_d_=$1/bin c_p_=$2 c_s_=$3
  for n in grab rat $all_dropins; do
    test "$(readlink "$c_d_/${c_p_}$n$c_s_")" = "${c_p_}grabrat$c_s_" \
      || { echo "link ${c_p_}$n$c_s_"; fail=1; }
  done
  for n in grab rat; do
    "$c_d_/${c_p_}$n$c_s_" --version >out || fail=1
    echo "$n (grabrat) $version" >exp
    head -n1 out >first
    compare exp first || fail=1
  done
  "$c_d_/${c_p_}cat$c_s_" --version >out || fail=1
  echo "cat (grabrat $version) 9.1" >exp
  head -n1 out >first
  compare exp first || fail=1
  printf 'b\na\nab\n' >in || framework_failure_
  printf 'a\nab\nb\n' >exp
  "$c_d_/${c_p_}sort$c_s_" in >out || fail=1
  compare exp out || fail=1
  "$c_d_/${c_p_}rat$c_s_" in >out || fail=1
  compare in out || fail=1
  "$c_d_/${c_p_}cat$c_s_" in >out || fail=1
  compare in out || fail=1
  printf 'a\nab\n' >exp
  "$c_d_/${c_p_}grab$c_s_" -h a in >out || fail=1
  compare exp out || fail=1
  # egrep is grep -E, fgrep grep -F, behind the renamed names too.
  printf 'b\na\n' >exp
  "$c_d_/${c_p_}egrep$c_s_" -x 'a|b' in >out || fail=1
  compare exp out || fail=1
  returns_ 1 "$c_d_/${c_p_}fgrep$c_s_" -x 'a|b' in >out || fail=1
  # The binary itself, renamed, is grabrat.
  "$c_d_/${c_p_}grabrat$c_s_" --list >out || fail=1
  grabrat --list >exp
  compare exp out || fail=1
  # The pages are renamed as the programs are (sort's and grep's are
  # grabrat-sort and grabrat-grep unless configure was told to install
  # those drop-ins).
  for m in grabrat grab rat sort grep; do
    test -f "$1/man/man1/${c_p_}$m$c_s_.1" \
      || test -f "$1/man/man1/${c_p_}grabrat-$m$c_s_.1" \
      || { echo "page $m"; fail=1; }
  done
}

# install_ DEST TRANSFORM: make install (binary, every link, pages).
install_ ()
{
  ${MAKE-make} -s -C "$abs_top_builddir" install DESTDIR="$1" \
    bindir=/bin mandir=/man transform="$2" install_dropins="$all_dropins" \
    >make.out 2>&1 || { cat make.out; fail=1; }
}
uninstall_ ()
{
  ${MAKE-make} -s -C "$abs_top_builddir" uninstall DESTDIR="$1" \
    bindir=/bin mandir=/man transform="$2" >make.out 2>&1 \
    || { cat make.out; fail=1; }
  find "$1" -type f -o -type l >left
  compare /dev/null left || fail=1
}

# A prefix (configure --program-prefix=x), a suffix (--program-suffix=-1),
# both.
# (make reads '$$' as '$'.)
for t in 's,^,x,:x:' 's,$$,-1,::-1' 's,^,g,;s,$$,.new,:g:.new'; do
  tr=${t%%:*} rest=${t#*:}
  p=${rest%%:*} s=${rest#*:}
  dest=$PWD/dest
  install_ "$dest" "$tr"
  check_installed_ "$dest" "$p" "$s"
  uninstall_ "$dest" "$tr"
  rm -rf "$dest"
done

# A transform that is not a prefix and a suffix: the links are renamed
# and point to the renamed binary; the binary runs each applet by its name
# as an argument, and a link whose name the transform left alone.
dest=$PWD/dest
install_ "$dest" 's,grab,snatch,'
test "$(readlink "$dest/bin/snatch")" = snatchrat || fail=1
test "$(readlink "$dest/bin/rat")" = snatchrat || fail=1
"$dest/bin/snatchrat" grab --version | head -n1 >first || fail=1
echo "grab (grabrat) $version" >exp
compare exp first || fail=1
echo x | "$dest/bin/rat" >out || fail=1
echo x >exp
compare exp out || fail=1
uninstall_ "$dest" 's,grab,snatch,'
rm -rf "$dest"

# The names distributions give GNU tools beside the system's, with no
# renaming at all: ggrep, gegrep, gcat, gsort.
mkdir g || framework_failure_
for n in ggrep gegrep gfgrep gcat gsort; do
  ln -s "$bin" g/$n || framework_failure_
done
printf 'b\na\nab\n' >in || framework_failure_
printf 'b\na\n' >exp
g/gegrep -x 'a|b' in >out || fail=1
compare exp out || fail=1
g/ggrep -E -x 'a|b' in >out || fail=1
compare exp out || fail=1
g/gcat in >out || fail=1
compare in out || fail=1
g/gsort in >out || fail=1
printf 'a\nab\nb\n' >exp
compare exp out || fail=1
g/gsort --version | head -n1 >first || fail=1
echo "sort (grabrat $version) 9.1" >exp
compare exp first || fail=1
# Messages name the program as it was called, as GNU's do.
returns_ 1 g/gcat nosuch 2>err >/dev/null || fail=1
echo "g/gcat: nosuch: No such file or directory" >exp
compare exp err || fail=1
# Still unknown: 127.
ln -s "$bin" g/gfrob || framework_failure_
returns_ 127 g/gfrob 2>err || fail=1
echo 'grabrat: applet not found: gfrob' >exp
compare exp err || fail=1
Exit $fail
