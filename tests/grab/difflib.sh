# tests/grab/difflib.sh: run grab and GNU grep -P -a on the same inputs and
# compare (sourced by the differential tests).  Option sets are written in
# grep's letters and translated to grab's; output is compared sorted for
# parallel runs and as is for -n 1 when ORDERED=yes.

# grep's option letters -> grab's long options where the letters differ.
to_grab_ ()
{
  printf '%s\n' "$1" | sed -e 's/-n\b/--line-number/g' \
    -e 's/-L\b/--files-without-match/g' -e 's/-b -o/-O -o/g' \
    -e 's/-H\b/--with-filename/g' -e 's/-s\b/--no-messages/g'
}

# diff_run_ LOCALE OPTS PATTERN OPERANDS...: compare one case.  Failures are
# appended to ./mismatches.
diff_run_ ()
{
  d_loc_=$1 d_opts_=$2 d_pat_=$3
  shift 3
  d_gopts_=$(to_grab_ "$d_opts_")
  # shellcheck disable=SC2086
  LC_ALL=$d_loc_ grep -P -a $d_opts_ -e "$d_pat_" "$@" >exp.raw 2>exp.err
  estatus=$?
  tr '\0' '\n' <exp.raw | LC_ALL=C $REF_SORT >exp
  for n in ${THREADS-1 4}; do
    # shellcheck disable=SC2086
    LC_ALL=$d_loc_ grab -n $n $d_gopts_ -e "$d_pat_" "$@" >got.raw 2>got.err
    gstatus=$?
    tr '\0' '\n' <got.raw | LC_ALL=C $REF_SORT >got
    if test $gstatus != $estatus \
       || ! cmp -s exp got \
       || { test "$n" = 1 && test "${ORDERED-}" = yes \
            && ! cmp -s exp.raw got.raw; }; then
      {
        echo "=== LC_ALL=$d_loc_ grab -n $n $d_gopts_ -e '$d_pat_' $*"
        echo "    status grep=$estatus grab=$gstatus"
        diff exp.raw got.raw | head -n 10
      } >>mismatches
    fi
  done
}

# diff_report_: fail (showing the first mismatches) if there were any.
diff_report_ ()
{
  if test -s mismatches; then
    echo "$(grep -c '^===' mismatches) mismatches; the first ones:"
    head -n 60 mismatches
    return 1
  fi
  return 0
}
