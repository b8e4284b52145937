/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* vercmp.h: -V's order, as GNU sort 9.1 has it.  */

#ifndef GRABRAT_SORT_VERCMP_H
#define GRABRAT_SORT_VERCMP_H

#include "idx.h"

/* Compare the version strings A[0..ALEN) and B[0..BLEN) as GNU sort 9.1
   does: less than, equal to or greater than zero.  */
int sort_vercmp (char const *a, idx_t alen, char const *b, idx_t blen);

#endif
