# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib/grab-diff.sh: run grab and GNU grep -P -a on the same inputs and
# compare (sourced by the differential tests).  Option sets are written in
# grep's letters and translated to grab's; output is compared sorted for
# parallel runs and as is for -n 1 when ORDERED=yes.  Every case runs with
# each engine grab has (ENGINES overrides) at -n 1, and with one of them,
# in turn, at -n 4 (THREADS overrides, for every engine;
# GRAB_TEST_THREADS=N, which all grab tests honour, makes it -n N).
# A test that calls sample_stride_ K (init.cfg), or GRAB_TEST_STRIDE=K,
# runs only a fixed sample of about one case in K, and every pattern,
# option set and operand once.

# grep's option letters -> grab's long options where the letters differ.
to_grab_ ()
{
  printf '%s\n' "$1" | sed -e 's/-n\b/--line-number/g' \
    -e 's/-L\b/--files-without-match/g' -e 's/-b -o/-O -o/g' \
    -e 's/-H\b/--with-filename/g' -e 's/-s\b/--no-messages/g'
}

# diff_run_ LOCALE OPTS PATTERN OPERANDS...: compare one case, through
# init.cfg's diff_same_ (failures are appended to ./mismatches).  With COMPARE_STDERR=yes, diagnostics must be
# the same too (grep: becomes grab:).  Standard input is the caller's
# (use DIFF_STDIN=FILE to give both the same file).  REF_MODE=-E compares
# with grep -E instead (grep -P takes only one pattern).  GRAB_OPTS are
# given to grab only, GREP_OPTS to grep only.
# The differential tests run tens of thousands of cases, and a case's time
# was mostly the helpers around the two tools (tr, sort, cmp, subshells):
# the engine list and the option translation are computed once, sorting
# happens only when the raw outputs differ and order may differ (threads,
# or ORDERED unset), and two empty outputs need no cmp at all.
d_engines_= d_neng_=0 d_case_=0
d_last_opts_='(none)' d_last_gopts_=
diff_run_ ()
{
  # A fixed sample (init.cfg's in_sample_), with each option set, each
  # pattern and each operand list at least once in each locale.
  in_sample_ "o:$1:$2" "p:$1:$3" \
    "f:$1:${GRAB_OPTS-}:${DIFF_STDIN-}:$(($# > 3 ? 4 : 0))${4+:$4}" ||
    return 0
  d_loc_=$1 d_opts_=$2 d_pat_=$3
  shift 3
  if test "x$d_opts_" != "x$d_last_opts_"; then
    d_last_gopts_=$(to_grab_ "$d_opts_") d_last_opts_=$d_opts_
  fi
  d_gopts_=$d_last_gopts_
  if test $d_neng_ = 0; then
    d_engines_=${ENGINES-$(grab_engine_opts_)}
    for e in $d_engines_; do d_neng_=$((d_neng_ + 1)); done
  fi
  # shellcheck disable=SC2086
  LC_ALL=$d_loc_ grep ${REF_MODE--P} -a ${GREP_OPTS-} $d_opts_ -e "$d_pat_" "$@" \
    <"${DIFF_STDIN-/dev/null}" >exp.raw 2>exp.err
  es=$?
  d_exp_sorted_=
  if test "${COMPARE_STDERR-}" = yes; then
    sed 's/^grep:/grab:/' exp.err | LC_ALL=C $REF_SORT >exp.errs
  fi
  d_case_=$((d_case_ + 1)) d_i_=0
  turn_case_
  for e in $d_engines_; do
  # engine_opt_ (init.cfg) without its subshell: one a run was too many.
  test "x$e" = x- && e=
  # Without THREADS, each engine runs at -n 1 and one engine, taking turns
  # case by case, at -n N too: matching is checked in every case with
  # every engine, the threaded walk and its output in every case once.
  # In the default sample (init.cfg's sampling_), one run a case: the
  # engines and the two thread counts take turns over the cases.
  d_i_=$((d_i_ + 1)) d_threads_=1
  { test $(((d_case_ + d_i_) % d_neng_)) = 0 || sampling_; } &&
    d_threads_="1 ${GRAB_TEST_THREADS-4}"
  for n in ${THREADS-$d_threads_}; do
    test -n "${THREADS-}" || in_turn_ $((2 * d_neng_)) || continue
    # shellcheck disable=SC2086
    LC_ALL=$d_loc_ grab $e -n $n ${GRAB_OPTS-} $d_gopts_ -e "$d_pat_" "$@" \
      <"${DIFF_STDIN-/dev/null}" >got.raw 2>got.err
    gs=$?
    if test $gs = $es && test "${COMPARE_STDERR-}" != yes &&
       { { ! test -s exp.raw && ! test -s got.raw; } ||
         cmp -s exp.raw got.raw; }; then
      continue
    fi
    # The raw outputs, unless they differ where threads may print files
    # in another order: then their lines sorted.
    d_exp_=exp.raw d_got_=got.raw
    if test $gs = $es && ! cmp -s exp.raw got.raw &&
       ! { test "$n" = 1 && test "${ORDERED-}" = yes; }; then
      if test -z "$d_exp_sorted_"; then
        tr '\0' '\n' <exp.raw | LC_ALL=C $REF_SORT >exp
        d_exp_sorted_=yes
      fi
      tr '\0' '\n' <got.raw | LC_ALL=C $REF_SORT >got
      d_exp_=exp d_got_=got
    fi
    d_ee_=/dev/null d_ge_=/dev/null
    if test "${COMPARE_STDERR-}" = yes; then
      LC_ALL=C $REF_SORT got.err >got.errs
      d_ee_=exp.errs d_ge_=got.errs
    fi
    diff_same_ "LC_ALL=$d_loc_ grab $e -n $n $d_gopts_ -e '$d_pat_' $*" \
      "$d_exp_" "$d_got_" "$d_ee_" "$d_ge_"
  done
  done
}
