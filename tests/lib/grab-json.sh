# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib/grab-json.sh: what the --json tests share (sourced): the JSON
# parser they need (Perl's JSON::PP, which every Perl has: .ci/run
# installs perl), ripgrep 15.2 as the peer, and json_norm_, which checks
# and normalises JSON Lines (tests/lib/json-norm.pl says how).

# Skip unless Perl can parse JSON.
json_require_perl_ ()
{
  perl -MJSON::PP -e 1 2>/dev/null || skip_ 'Perl with JSON::PP required'
}

# Set RG to ripgrep 15.2.0, the peer --json follows, or skip: it sits in
# ../shared/peers beside the source tree, here and in CI (GRAB_TEST_RG
# overrides, as for the walk's tests).
json_require_rg_ ()
{
  RG=${GRAB_TEST_RG-$abs_top_srcdir/../shared/peers/rg-15.2.0}
  test -x "$RG" || skip_ "ripgrep 15.2.0 required ($RG)"
  case $("$RG" --version) in
    'ripgrep 15.2.0'*) ;;
    *) skip_ "$RG is not ripgrep 15.2.0" ;;
  esac
}

# json_norm_ [-p] [-s] <JSONL: check and normalise (json-norm.pl).
json_norm_ ()
{
  perl "$abs_top_srcdir/tests/lib/json-norm.pl" "$@"
}
