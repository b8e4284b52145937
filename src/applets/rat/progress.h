/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* progress.h: rat's --progress meter, a pv-style line on a terminal:
   bytes copied, elapsed time, average rate and, when the total is known, a
   bar, the percentage and the time left.  Redrawn at most 10 times a
   second, so counting costs one clock read per call.  Writes only to its
   own descriptor; knows nothing of how the bytes move.  */

#ifndef GRABRAT_RAT_PROGRESS_H
#define GRABRAT_RAT_PROGRESS_H

#include <stdint.h>

#include "idx.h"

struct progress;

/* A meter drawing on FD for a copy of TOTAL bytes (negative: unknown).
   While it exists, diagnostics from error () start on a fresh line.
   Dies on memory exhaustion.  Only one meter may exist at a time.  */
struct progress *progress_xnew (intmax_t total, int fd);

/* N more bytes were copied; redraw if the last drawing is old enough.  */
void progress_add (struct progress *p, idx_t n);

/* The copy is over: draw the final line, end it, and free P.  */
void progress_end (struct progress *p);

#endif
