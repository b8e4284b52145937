/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* linescan.h: the next record (line) that starts with one of a set of
   bytes 0x80 or above: in UTF-8, the lines that start with an encoding
   error, which grep matches from after the bad bytes and which the
   search (search.c) and the PCRE2 engine handle alone.  Bytes only.  */

#ifndef GRABRAT_ENGINES_LINESCAN_H
#define GRABRAT_ENGINES_LINESCAN_H

#include <stdbool.h>

#include "idx.h"

/* The first record start in SUB[P..LIM) (records that start at or after
   P, which may be inside a record) whose first byte is in BYTES, a table
   whose bytes are all 0x80 or above; LIM if none.  Records end with the
   byte EOL.  */
idx_t linescan_next_start (char const *sub, idx_t p, idx_t lim, char eol,
                           bool const *bytes);

#endif
