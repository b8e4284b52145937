# shellcheck shell=sh
# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tests/env.sh: a predictable environment for every test (sourced by the
# harness before each one).  Tests that want a UTF-8 locale set it
# themselves.
LC_ALL=C; export LC_ALL
TZ=UTC0; export TZ
unset GREP_COLORS GREP_COLOR POSIXLY_CORRECT NO_COLOR TMPDIR _POSIX2_VERSION
