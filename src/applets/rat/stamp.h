/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* stamp.h: rat's --timestamp text: strftime of a time, with gnulib's %N
   (nanoseconds; %3N milli-, %6N microseconds), in the TZ time zone.  The
   text is cached and made again only when the time changes (to the second
   unless the format shows fractions).  Knows nothing of lines.  */

#ifndef GRABRAT_RAT_STAMP_H
#define GRABRAT_RAT_STAMP_H

#include <time.h>

#include "idx.h"

struct stamp;

/* A stamp maker for the strftime FORMAT, which must outlive it.  Dies on
   memory exhaustion.  */
struct stamp *stamp_xnew (char const *format);

void stamp_free (struct stamp *s);

/* The text for time T (no trailing space or NUL), valid until the next
   call; its length in *LEN.  Dies on memory exhaustion.  */
char const *stamp_text (struct stamp *s, struct timespec t, idx_t *len);

#endif
