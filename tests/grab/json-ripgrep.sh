#!/bin/sh
# --json prints ripgrep 15.2's records field by field (times aside) on a tree with invalid UTF-8 in lines and names, CR LF, NULs: with -r, context, -m, -v, -i, -x, -z, standard input, each engine, 1 and N threads, in walk order and unordered (each file's records together).
#
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
. "${srcdir=.}/tests/init.sh"
. "$srcdir/tests/lib/mktree.sh"
. "$srcdir/tests/lib/grab-json.sh"
json_require_perl_
json_require_rg_
fail=0
sample_stride_ 4

mktree_
printf 'foo in a badly named file\n' >"tree/bad$(printf '\377')name.txt" \
  || framework_failure_

N=${GRAB_TEST_THREADS-4}
engines=$(grab_engine_opts_)
# rg: no ignore files, hidden files too, no binary detection (grab's
# default is --binary-files=text), no configuration file.
rg_ () { "$RG" --json -uu -a --no-config "$@"; }

# Times stripped: what two runs of grab must print alike.
untimed_ () { sed 's/"elapsed[a-z_]*":{[^}]*}/T/g' "$@"; }

# case_ LOCALE OPTS PATTERN: compare with rg in walk order, and unordered
# (records grouped by file, files sorted).  One run of grab goes through
# the parser; the other engines and thread counts must print the same
# bytes but for times.
case_ ()
{
  in_sample_ "o:$1:$2" "p:$1:$3" || return 0
  c_loc=$1 c_opts=$2 c_pat=$3
  rg_ --sort path $c_opts -e "$c_pat" tree >rg.raw
  json_norm_ <rg.raw >exp || { echo "rg: $c_opts '$c_pat'"; fail=1; }
  json_norm_ -s <rg.raw >exps || fail=1
  c_ref=
  # By default (init.cfg's in_turn_) one engine and thread count a case,
  # in turns, besides the unordered run below.
  turn_case_
  set -- $engines
  c_k=$#
  for e in $engines; do
    for n in 1 $N; do
      in_turn_ $((2 * c_k)) || continue
      LC_ALL=$c_loc grab $(engine_opt_ $e) -n $n --sort=path -r --json \
        $c_opts -e "$c_pat" tree >got.raw
      untimed_ got.raw >got.untimed
      if test -z "$c_ref"; then
        json_norm_ <got.raw >got || fail=1
        compare exp got || { echo "$c_loc $c_opts '$c_pat'"; fail=1; }
        mv got.untimed ref.untimed && c_ref=yes
      else
        compare ref.untimed got.untimed \
          || { echo "$c_loc $e -n $n $c_opts '$c_pat'"; fail=1; }
      fi
    done
  done
  # Unordered, with each engine in turn.
  set -- $engines
  shift $((t_case_ % $#))
  LC_ALL=$c_loc grab $(engine_opt_ $1) -n $N -r --json $c_opts -e "$c_pat" \
    tree >got.raw
  json_norm_ -s <got.raw >gots || fail=1
  compare exps gots || { echo "$c_loc $1 -n $N $c_opts '$c_pat'"; fail=1; }
}

# Patterns that mean the same to ripgrep's engine and to PCRE2 in both
# locales.  -m with context and -m with -v are left out: see
# json-max-count.sh.
for opts in '' -v -C1 -A2 -B1 '-v -C2' -m2 -i -x; do
  for pat in foo 'the|end' 'é|日本' '^a|x$'; do
    case_ C.UTF-8 "$opts" "$pat"
  done
done
for opts in '' -v -C1; do
  case_ C "$opts" 'foo|é'
done
# Empty matches, iterated as rg does: none where the previous match ended
# or at the line's very end, a byte further after each (in the C locale,
# where grab's engine reads bytes as rg's does; in UTF-8 PCRE2 finds no
# match inside a character).
for pat in 'o*' '$' 'x?|foo' 'a*?'; do
  case_ C '' "$pat"
done

# Standard input: named "<stdin>", with '-' and with no operand.
cat tree/crlf.txt tree/x/blank.txt tree/x/y/f4 >in || framework_failure_
for opts in '' -C1 -v; do
  "$RG" --json --no-config -a $opts foo - <in | json_norm_ >exp || fail=1
  for e in $engines; do
    grab $(engine_opt_ $e) --json $opts foo - <in | json_norm_ >got || fail=1
    compare exp got || fail=1
    grab $(engine_opt_ $e) --json $opts foo <in | json_norm_ >got || fail=1
    compare exp got || fail=1
  done
done

# -z: records end at NUL bytes (rg's --null-data).
rg_ --sort path --null-data -e foo tree | json_norm_ >exp || fail=1
for e in $engines; do
  grab $(engine_opt_ $e) -n $N --sort=path -r --json -z -e foo tree >got.raw
  json_norm_ <got.raw >got || fail=1
  compare exp got || fail=1
done

# No match anywhere: the summary alone, and status 1.
rg_ nosuchthing tree | json_norm_ >exp || fail=1
returns_ 1 grab -n $N -r --json nosuchthing tree >got.raw || fail=1
json_norm_ <got.raw >got || fail=1
compare exp got || fail=1

Exit $fail
