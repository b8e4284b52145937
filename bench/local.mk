## Copyright (C) 2026 the grabrat authors
## SPDX-License-Identifier: GPL-3.0-or-later
## bench/local.mk: benchmark scripts (run by hand, never by make check).
EXTRA_DIST += bench/lib.sh bench/startup.sh bench/grab.sh bench/grep.sh \
  bench/corpus.sh \
  bench/table.awk bench/to-doc.sh bench/floor.c \
  bench/rat.sh bench/sort.sh
