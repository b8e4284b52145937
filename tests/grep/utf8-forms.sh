#!/bin/sh
# grabrat grep decides what a character is in UTF-8 as GNU grep 3.8 does,
# through the C library: glibc takes 4-byte forms past U+10FFFF and 5- and
# 6-byte forms as characters (a line holding one is text), and rejects
# overlong forms, surrogates and cut-short forms.  Differential, over files
# holding each byte form at a line's start, middle and end, with -G, -E,
# -F and -P, in C.UTF-8 and en_US.UTF-8, at 1 and 4 threads.  (Matching
# does not always agree with printing there: PCRE2, and the DFA's '.',
# take a form past U+10FFFF for an error, so 'b.c' selects no line
# 'b\364\220\200\200c', while grep -o . prints the form on a line that
# '.' selects elsewhere: -o goes through regex, which asks mbrtowc.)
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"

. "$srcdir/tests/lib/grep.sh"
sample_stride_ 32

locales=
for l in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
  test "$(LC_ALL=$l locale charmap 2>/dev/null)" = UTF-8 || continue
  case " $locales " in
    *" ${l%%.*}."*) ;;   # C.utf8 is C.UTF-8 under another name
    *) locales="$locales $l" ;;
  esac
done
test -n "$locales" || skip_ "no UTF-8 locale"
echo "locales:$locales"

# NAME BYTES: every form the C library may judge, valid or not.
cat >forms <<'EOF' || framework_failure_
ascii x
valid2 \303\251
valid3 \342\202\254
valid4 \360\237\230\200
max4 \364\217\277\277
big4 \364\220\200\200
f5 \365\200\200\200
f7 \367\207\236\273
f7max \367\277\277\277
five \370\210\200\200\200
fivemax \373\277\277\277\277
over5 \370\207\277\277\277
six \374\204\200\200\200\200
sixmax \375\277\277\277\277\277
over6 \374\203\277\277\277\277
over2 \300\200
c1 \301\277
over3 \340\237\277
over4 \360\217\277\277
surr \355\240\200
surrmax \355\277\277
cut2 \303
cut3 \342\202
cut4 \364\220\200
cut5 \370\210\200\200
cut6 \374\204\200\200\200
badtail4 \364\220\200A
badtail5 \370\210\200\200\300
badtail6 \374\204\200\200\200\177
fe \376
ff \377
cont \200
EOF
files=
while read -r name bytes; do
  # shellcheck disable=SC2059
  printf "${bytes}ab cd\nab${bytes}cd\nab cd${bytes}\nxy zz\n${bytes}\nw${bytes}w ${bytes}_x\nzz ab${bytes}" \
    >"f-$name" || framework_failure_
  files="$files f-$name"
done <forms

cases=0
for loc in $locales; do
  for mode in -G -E -F -P; do
    for opts in '' -v -o -c -h -w -i -z -x '-o -i' '-w -o' '-c -v' \
                '-o -b'; do
      for pat in '' ab zz '\W' '[^a-z]' . 'b.c' '^.' '.$' '\w' '..' \
                 '\bab'; do
        case $mode$pat in
          -F*[.\\[]*) continue ;;
        esac
        # shellcheck disable=SC2086
        run_ "$loc" "$test_threads" $mode $opts -e "$pat" $files
        cases=$((cases + 2))
      done
    done
  done
done

# The forms as patterns, or in them.
for loc in $locales; do
  while read -r name bytes; do
    case $name in
      ascii|valid2|valid3|cut*|badtail*|cont|ff) continue ;;
    esac
    # shellcheck disable=SC2059
    form=$(printf "$bytes")
    for mode in -G -E -F -P; do
      for opts in '' -o -c -i -w -x '-v -c'; do
        # shellcheck disable=SC2086
        run_ "$loc" "$test_threads" $mode $opts -e "$form" $files
        # shellcheck disable=SC2086
        run_ "$loc" 4 $mode $opts -e "b${form}c" -e "w${form}" $files
        cases=$((cases + 3))
      done
    done
  done <forms
done

# Binary files by their bytes (--binary-files=text, -a, -U, -I) and the
# counts near such lines.
for loc in $locales; do
  for opts in -a -I '--binary-files=without-match' '-c -a' '-a -o' \
              '-a -v -c'; do
    for mode in -G -P; do
      # shellcheck disable=SC2086
      run_ "$loc" "$test_threads" $mode $opts -e ab $files
      cases=$((cases + 2))
    done
  done
done

if test -s mismatches; then
  head -n 120 mismatches
  fail=1
fi
echo "$cases cases"
Exit ${fail-0}
