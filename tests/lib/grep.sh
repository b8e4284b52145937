# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib/grep.sh: sourced by the grep tests after init.sh.  Makes
# gnu/grep (the system's GNU grep) and ours/grep (a link to grabrat), so
# that both run as 'grep' from PATH and their messages name the same
# program.
ref=/usr/bin/grep
test -x "$ref" || ref=/bin/grep
mkdir gnu ours || framework_failure_
ln -s "$ref" gnu/grep || framework_failure_
ln -s "$abs_top_builddir/src/grabrat" ours/grep || framework_failure_
: >mismatches || framework_failure_

# run_ LOCALE THREADS ARGS...: run GNU grep and ours with ARGS in LOCALE
# (standard input: the file $STDIN, else /dev/null) and append to
# ./mismatches what differs in output, diagnostics or status.  THREADS
# may be a list ("$test_threads", init.cfg): GNU grep runs once, ours
# once for each.
# A test that calls sample_stride_ (or GRAB_TEST_STRIDE) runs a fixed
# sample (init.cfg's in_sample_each_), with every argument (each option,
# pattern and file) at least once in each locale; in the default sample
# (not under GRAB_TEST_STRIDE, which asks for every thread count),
# ours runs at one of the THREADS in each case, taking turns (in_turn_).
run_ ()
{
  in_sample_each_ "$1:${STDIN-}" "$@" || return 0
  r_loc_=$1 r_ns_=$2
  shift 2
  turn_case_
  r_nn_=0
  for r_n_ in $r_ns_; do r_nn_=$((r_nn_ + 1)); done
  PATH=$PWD/gnu:$PATH LC_ALL=$r_loc_ grep "$@" <"${STDIN-/dev/null}" \
    >exp 2>exp.err
  es=$?
  for r_n_ in $r_ns_; do
    in_turn_ $r_nn_ || continue
    PATH=$PWD/ours:$PATH LC_ALL=$r_loc_ OMP_NUM_THREADS=$r_n_ grep "$@" \
      <"${STDIN-/dev/null}" >got 2>got.err
    gs=$?
    diff_same_ "LC_ALL=$r_loc_ OMP_NUM_THREADS=$r_n_ grep $*"
  done
}

