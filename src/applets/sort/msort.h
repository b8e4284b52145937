/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* msort.h: the in-memory sort of an array of lines, on several threads
   for big arrays.  Stable (lines that compare equal keep their order),
   so the result is exactly GNU sort's for any input.  */

#ifndef GRABRAT_SORT_MSORT_H
#define GRABRAT_SORT_MSORT_H

#include <stdint.h>

#include "opts.h"

/* One entry of the array being sorted: the line's abbreviated first key
   (see compare.h) next to the line, so most comparisons and the radix
   passes never touch the line itself.  */
struct sitem
{
  uint64_t k0;
  struct line *line;
};

/* Sort the N lines at LINES using up to NTHREADS threads: store them in
   order in ITEMS or in TMP (each with room for N items; the other one
   is scratch) and return the one holding the result.  Sets each line's
   K1.  The lines are only read (their K1 apart), by several threads.  */
struct sitem *msort_lines (struct sort_opts const *o, struct line *lines,
                           idx_t n, struct sitem *items, struct sitem *tmp,
                           idx_t nthreads);

#endif
