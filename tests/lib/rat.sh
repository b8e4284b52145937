# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/lib/rat.sh: helpers for the rat tests (sourced after init.sh).
# The oracle is GNU cat, found in PATH as 'cat' (src/ holds no cat), so
# that its messages start with "cat:" and can be renamed to rat's.

# rat_inputs_: make the inputs of the differential tests in the current
# directory.  Deterministic: a fixed pseudo-random sequence.
rat_inputs_ ()
{
  awk 'BEGIN { for (i = 0; i < 256; i++) printf "%c", i
               printf "\n"
               for (i = 255; 0 <= i; i--) printf "%c", i }' >all256 \
    || framework_failure_
  : >empty
  printf 'a\r\nb\rc\r\n\r\n\r\r\n\n\n\nx\r' >crlf
  printf '\n\n\na\n\n\n\nb\n\n \n\t\n\n' >blank
  printf 'no newline at end' >nonl
  printf '\r' >cr
  printf '\n' >nl
  printf '\tx\ty\t\n\t\n' >tabs
  printf 'caf\303\251 na\303\257ve \344\270\255\n\377\376\n' >utf8
  # Long lines whose CR LF straddle the 32, 64 and 128 KiB marks (CR at
  # offsets 32767, 65535, 131071), where reads may cut them.
  awk 'BEGIN { for (i = 0; i < 32767; i++) printf "a"; printf "\r\n"
               for (i = 0; i < 32766; i++) printf "b"; printf "\r\n"
               for (i = 0; i < 65534; i++) printf "c"; printf "\r\n\n\n"
               for (i = 0; i < 300000; i++) printf "d"; printf "\r" }' \
    >long || framework_failure_
  awk 'function rnd(n) { seed = (seed * 1103515245 + 12345) % 2147483648
                         return int(seed / 65536) % n }
       BEGIN { seed = 7
               split("97 98 10 10 13 9 0 127 128 255 32 200 27 10", b, " ")
               for (i = 0; i < 200000; i++) printf "%c", b[1 + rnd(14)] }' \
    >rand || framework_failure_
}

# rat_vs_cat_ ARGS...: run 'cat ARGS' and 'rat ARGS', standard input
# from $rat_stdin (default /dev/null); return 1 and show the difference
# unless stdout, stderr (cat's name changed to rat's) and status agree.
rat_vs_cat_ ()
{
  cat "$@" <"${rat_stdin-/dev/null}" >exp 2>exp.raw
  es=$?
  rat "$@" <"${rat_stdin-/dev/null}" >got 2>got.err
  gs=$?
  sed "s/^cat: /rat: /; s/'cat --help'/'rat --help'/" exp.raw >exp.err \
    || framework_failure_
  diff_same_ "rat $*" && return 0
  # The callers fail at once: say it here.
  sed -n '/^=== rat /,$p' mismatches | tail -n 14 >&2
  return 1
}

# strace_ ARGS...: strace quietly, output to strace.log.
strace_ ()
{
  strace -qq -o strace.log "$@"
}

# For the fault-injection tests: skip without strace; make ./big, a
# 4.7 MB file that takes several splice calls.
rat_injection_setup_ ()
{
  require_strace_
  seq 700000 >big || framework_failure_
}
