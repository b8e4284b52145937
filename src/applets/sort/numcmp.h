/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* numcmp.h: the key comparisons of sort that read numbers and month
   names (-n, -h, -g, -M), and for each an "abbreviation": two 64-bit
   words that order keys the same way the comparison does wherever they
   differ.  The sorter compares abbreviations first and calls the full
   comparison only on a tie.  Keys are byte ranges [P, LIM); nothing
   here writes to them, allocates or fails.  */

#ifndef GRABRAT_SORT_NUMCMP_H
#define GRABRAT_SORT_NUMCMP_H

#include <stdint.h>

#include "opts.h"

/* Compare the keys [A, ALIM) and [B, BLIM) as GNU sort -n does (leading
   blanks skipped, optional '-', digits with the locale's thousands
   separator, decimal point, fraction; anything else ends the number and
   no number is zero).  Return <0, 0 or >0.  */
int numcmp_numeric (struct sort_opts const *o,
                    char const *a, char const *alim,
                    char const *b, char const *blim);

/* The same for -h: first by the SI/IEC unit that follows the number
   (none < K < M < G < ... < Y, negated for negative numbers), then as -n.  */
int numcmp_human (struct sort_opts const *o,
                  char const *a, char const *alim,
                  char const *b, char const *blim);

/* Compare the NUL-terminated keys A and B as -g does: strings that are
   not numbers first, then NaNs (by bit pattern), then numbers, -0 == 0.  */
int numcmp_general (char const *a, char const *b);

/* The month number (1 to 12) of the key [P, LIM) after leading blanks,
   or 0.  If END is not null and a month matched, store there the end of
   the matched name (for --debug).  */
int numcmp_month (struct sort_opts const *o, char const *p, char const *lim,
                  char const **end);

/* Store in K the abbreviation of a -n, -h or -g key: K[0] then K[1]
   order keys as the comparison does wherever they differ.  (-M keys are
   their month number.)  numcmp_general_abbrev needs a NUL-terminated
   key.  */
void numcmp_numeric_abbrev (struct sort_opts const *o,
                            char const *p, char const *lim, uint64_t k[2]);
void numcmp_human_abbrev (struct sort_opts const *o,
                          char const *p, char const *lim, uint64_t k[2]);
void numcmp_general_abbrev (char const *s, uint64_t k[2]);

/* Whether the abbreviation K of a key of kind KIND (not reversed) is
   exact: any key with the same abbreviation compares equal to it.  */
bool numcmp_abbrev_exact (enum key_kind kind, uint64_t const k[2]);

/* For --debug: where the number GNU sort reads at P ends (after an
   optional '-'; for HUMAN including the unit letter), or null if P
   starts no number.  Reads no further than LIM.  */
char const *numcmp_number_end (struct sort_opts const *o, char const *p,
                               char const *lim, bool human);

#endif
