/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* compare.h: how two lines compare under the options: each key in turn,
   then the last-resort comparison of whole lines (GNU sort's keycompare
   and compare), plus the "abbreviated key" the sorter uses to settle
   most comparisons with two integer compares.  Everything here only
   reads the options and the lines, so threads may call it at once.  */

#ifndef GRABRAT_SORT_COMPARE_H
#define GRABRAT_SORT_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

#include "opts.h"

/* Where key K starts (GNU sort's begfield) and ends (limfield) in the
   LEN bytes at TEXT.  The end may come before the start: the key is
   then empty.  */
char *compare_key_beg (struct sort_opts const *o, struct sort_key const *k,
                       char *text, idx_t len);
char *compare_key_lim (struct sort_opts const *o, struct sort_key const *k,
                       char *text, idx_t len);

/* Compare lines A and B: negative, zero or positive.  Zero means "keep
   input order" (-s), "duplicates" (-u), or identical lines.  May die
   (status 2) if the locale cannot collate or transform a key.  */
int compare_lines (struct sort_opts const *o,
                   struct line const *a, struct line const *b);

/* The same, for lines whose abbreviations (see below) are both K0 and
   A->k1: the first key is then not hashed again (-R), or not compared
   at all when the abbreviation is exact.  */
int compare_lines_tied (struct sort_opts const *o,
                        struct line const *a, struct line const *b,
                        uint64_t k0);

/* Abbreviate LINE's first key (the whole line if there are no keys):
   return the first word and store the second in LINE->k1.  For any two
   lines, if (k0, k1) of A is less than that of B, compare_lines (A, B)
   is negative; first keys that compare equal have equal words.  Keys
   abbreviate to their digest (-R), their number (-n, -h, -g, -M), or
   the first 15 bytes and length of their bytes (text in the C locale)
   or of their collation transform (text in other locales); -V keys
   abbreviate to 0.  */
uint64_t compare_abbrev (struct sort_opts const *o, struct line *line);

/* Whether abbreviations at LEVEL carry information (not for -V).  */
bool compare_level_abbreviates (struct sort_opts const *o, idx_t level);

/* compare_abbrev for the key of LEVEL (the whole line at the last
   level), for lines equal before LEVEL.  */
uint64_t compare_abbrev_at (struct sort_opts const *o, struct line *line,
                            idx_t level);

/* compare_lines_tied for lines known equal before LEVEL and sharing
   the abbreviation W0, W1 at LEVEL.  */
int compare_lines_tied_at (struct sort_opts const *o,
                           struct line const *a, struct line const *b,
                           idx_t level, uint64_t w0, uint64_t w1);

/* Whether the abbreviation W0, W1 at LEVEL is exact: lines that share it
   compare equal at LEVEL.  */
bool compare_level_exact (struct sort_opts const *o, idx_t level,
                          uint64_t w0, uint64_t w1);

/* Whether lines A and B compare equal at LEVEL alone (their keys there,
   or at the last level, their bytes).  */
bool compare_level_equal (struct sort_opts const *o, struct line const *a,
                          struct line const *b, idx_t level);

/* Whether, for lines sharing an inexact abbreviation at LEVEL, checking
   with compare_level_equal that their keys are equal tends to pay: true
   for text keys, whose long collation transforms make abbreviations
   inexact although the keys are often equal.  */
bool compare_level_worth_checking (struct sort_opts const *o, idx_t level);

#endif
