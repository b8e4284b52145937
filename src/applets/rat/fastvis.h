/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* fastvis.h: -v without state, made fast with SSSE3: when no option
   needs to know where lines start (-n, -b, -s, --timestamp, --color), -v
   (with or without -E and -T) rewrites each byte on its own, and 16 bytes
   can be expanded at once with byte shuffles.  Only for x86 processors
   that have SSSE3 (checked at run time); elsewhere fastvis_new returns
   NULL and format.c's general loop does the work.  */

#ifndef GRABRAT_RAT_FASTVIS_H
#define GRABRAT_RAT_FASTVIS_H

#include <stdbool.h>

#include "idx.h"

struct fastvis;

/* Tables for -v with TABS (-T) and ENDS (-E), or NULL if this processor
   or build cannot use them.  REP and REPLEN say what each byte but the
   newline becomes (format.c's tables; copied).  Dies on memory
   exhaustion.  */
struct fastvis *fastvis_new (bool tabs, bool ends, char const (*rep)[4],
                             unsigned char const *replen);

void fastvis_free (struct fastvis *v);

/* Write the bytes [P, Q) at O rewritten for -v, and return the end of
   what was written.  O must have room for 4 bytes a byte plus 16.  */
char *fastvis_run (struct fastvis const *v, char *o, char const *p,
                   char const *q);

#endif
