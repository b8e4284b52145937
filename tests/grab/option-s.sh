#!/bin/sh
# -s: stop searching each file after its first match (grep's -s is
# --no-messages here).
. "${srcdir=.}/tests/init.sh"
printf 'xx foo\nbar\nfoo foo\n' >a || framework_failure_
printf 'a.b\naxb\n' >b || framework_failure_
for e in $(grab_engine_opts_); do
for n in 1 4; do
  grab $(engine_opt_ $e) -n $n --sort=path -s 'foo|a' a b >out || fail=1
  printf 'a:xx foo\nb:a.b\n' >exp
  compare exp out || fail=1
  grab $(engine_opt_ $e) -n $n -s -c 'foo|a' a b | LC_ALL=C $REF_SORT >out || fail=1
  printf 'a:1\nb:1\n' >exp
  compare exp out || fail=1
done
done
Exit ${fail-0}
