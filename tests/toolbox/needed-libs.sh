#!/bin/sh
# Start-up stays cheap: the binary links only libc and libpcre2-8 (no
# Hyperscan/C++ runtime, no libxxhash: xxhash is inlined, libhs dlopen'ed).
. "${srcdir=.}/tests/init.sh"

command -v readelf >/dev/null || skip_ "readelf missing"
fail=0
readelf -d "$abs_top_builddir/src/grabrat" >dyn || fail_ "readelf failed"
sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' dyn | sed 's/\.so.*//' | $REF_SORT >got
# A sanitizer build links its runtime: nothing to learn from it.
grep -E '^lib(a|ub|t)san$' got >/dev/null && skip_ "sanitizer build"
for lib in $(cat got); do
  case $lib in
    libc|libpcre2-8) ;;
    libpthread|libdl|libm|librt) ;;  # folded into libc on glibc >= 2.34
    *) echo "unexpected dependency: $lib"; fail=1 ;;
  esac
done
grep '^libc$' got >/dev/null || fail=1
Exit $fail
