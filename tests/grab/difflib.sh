# tests/grab/difflib.sh: run grab and GNU grep -P -a on the same inputs and
# compare (sourced by the differential tests).  Option sets are written in
# grep's letters and translated to grab's; output is compared sorted for
# parallel runs and as is for -n 1 when ORDERED=yes.  Every case runs with
# each engine grab has (ENGINES overrides) and with -n 1 and -n 4
# (THREADS overrides; GRAB_TEST_THREADS=N, which all grab tests honour,
# makes it -n 1 and -n N).  GRAB_TEST_STRIDE=K runs only a fixed sample
# of about one case in K (slow builds: .ci/run's ThreadSanitizer step).

# grep's option letters -> grab's long options where the letters differ.
to_grab_ ()
{
  printf '%s\n' "$1" | sed -e 's/-n\b/--line-number/g' \
    -e 's/-L\b/--files-without-match/g' -e 's/-b -o/-O -o/g' \
    -e 's/-H\b/--with-filename/g' -e 's/-s\b/--no-messages/g'
}

# diff_run_ LOCALE OPTS PATTERN OPERANDS...: compare one case.  Failures are
# appended to ./mismatches.  With COMPARE_STDERR=yes, diagnostics must be
# the same too (grep: becomes grab:).  Standard input is the caller's
# (use DIFF_STDIN=FILE to give both the same file).  REF_MODE=-E compares
# with grep -E instead (grep -P takes only one pattern).  GRAB_OPTS are
# given to grab only, GREP_OPTS to grep only.
diff_run_ ()
{
  if test "${GRAB_TEST_STRIDE-1}" != 1; then
    # A fixed sample, spread over patterns and options alike.
    d_sum_=$(printf '%s\n' "${GRAB_OPTS-}:${DIFF_STDIN-}:$*" | cksum)
    test $((${d_sum_%% *} % GRAB_TEST_STRIDE)) = 0 || return 0
  fi
  d_loc_=$1 d_opts_=$2 d_pat_=$3
  shift 3
  d_gopts_=$(to_grab_ "$d_opts_")
  # shellcheck disable=SC2086
  LC_ALL=$d_loc_ grep ${REF_MODE--P} -a ${GREP_OPTS-} $d_opts_ -e "$d_pat_" "$@" \
    <"${DIFF_STDIN-/dev/null}" >exp.raw 2>exp.err
  estatus=$?
  tr '\0' '\n' <exp.raw | LC_ALL=C $REF_SORT >exp
  for e in ${ENGINES-$(grab_engine_opts_)}; do
  e=$(engine_opt_ $e)
  for n in ${THREADS-1 ${GRAB_TEST_THREADS-4}}; do
    # shellcheck disable=SC2086
    LC_ALL=$d_loc_ grab $e -n $n ${GRAB_OPTS-} $d_gopts_ -e "$d_pat_" "$@" \
      <"${DIFF_STDIN-/dev/null}" >got.raw 2>got.err
    gstatus=$?
    tr '\0' '\n' <got.raw | LC_ALL=C $REF_SORT >got
    if test "${COMPARE_STDERR-}" = yes; then
      sed 's/^grep:/grab:/' exp.err >exp.err2
      LC_ALL=C $REF_SORT exp.err2 >exp.errs
      LC_ALL=C $REF_SORT got.err >got.errs
    else
      : >exp.errs; : >got.errs
    fi
    if test $gstatus != $estatus \
       || ! cmp -s exp got || ! cmp -s exp.errs got.errs \
       || { test "$n" = 1 && test "${ORDERED-}" = yes \
            && ! cmp -s exp.raw got.raw; }; then
      {
        echo "=== LC_ALL=$d_loc_ grab $e -n $n $d_gopts_ -e '$d_pat_' $*"
        echo "    status grep=$estatus grab=$gstatus"
        diff exp.raw got.raw | head -n 10
        diff exp.errs got.errs | head -n 6
      } >>mismatches
    fi
  done
  done
}
