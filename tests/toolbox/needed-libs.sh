#!/bin/sh
# Start-up stays cheap: the binary links only libc (no Hyperscan/C++
# runtime, no libxxhash: xxhash is inlined; libpcre2-8 and libhs are
# dlopen'ed on first use), and an applet maps PCRE2 only when it uses it:
# rat maps it with a colour rule and not without, grab for a regular
# expression but not for a plain string (searched for without PCRE2);
# and when it cannot be loaded, grab fails with status 127 for a regular
# expression, and rat and a plain string search still work.
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

command -v readelf >/dev/null || skip_ "readelf missing"
fail=0
readelf -d "$abs_top_builddir/src/grabrat" >dyn || fail_ "readelf failed"
sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' dyn | sed 's/\.so.*//' | $REF_SORT >got
for lib in $(cat got); do
  case $lib in
    libc) ;;
    libpthread|libdl|libm|librt) ;;  # folded into libc on glibc >= 2.34
    libasan|libubsan|libtsan) ;;     # a sanitizer build's runtime
    *) echo "unexpected dependency: $lib"; fail=1 ;;
  esac
done
grep '^libc$' got >/dev/null || fail=1

# What each process has mapped, read by the process itself.
rat /proc/self/maps >maps-rat || fail=1
grep 'libpcre2-8' maps-rat && { echo "rat maps PCRE2 without a colour rule"; fail=1; }
rat --color=always --color-rule='x=1' /proc/self/maps >maps-rat-color \
  || fail=1
grep 'libpcre2-8' maps-rat-color >/dev/null \
  || { echo "rat --color-rule does not map PCRE2"; fail=1; }
sort /proc/self/maps >maps-sort || fail=1
grep 'libpcre2-8' maps-sort && { echo "sort maps PCRE2"; fail=1; }
# grab compiles its pattern before it reads the file.
grab 'libpcre2-[8]' /proc/self/maps >maps-grab \
  || { echo "grab does not map PCRE2"; fail=1; }
grab 'libpcre2-8' /proc/self/maps \
  && { echo "grab maps PCRE2 for a plain string"; fail=1; }

# A PCRE2 that cannot be loaded stops only the applets that need it, with
# the loader's exit status.
soname=$(sed -n 's/^#define PCRE2_SONAME "\(.*\)"$/\1/p' \
  "$abs_top_builddir/config.h")
test -n "$soname" || fail_ "PCRE2_SONAME not in config.h"
mkdir badlib && : >"badlib/$soname" || framework_failure_
LD_LIBRARY_PATH=badlib returns_ 127 grab 'x.' /dev/null 2>err || fail=1
grep "^grab: cannot load $soname: " err >/dev/null || { cat err; fail=1; }
echo ok | LD_LIBRARY_PATH=badlib grab -c ok >out || fail=1
echo 1 >exp
compare exp out || fail=1
echo ok | LD_LIBRARY_PATH=badlib rat >out || fail=1
echo ok >exp
compare exp out || fail=1
Exit $fail
