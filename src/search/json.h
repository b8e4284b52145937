/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* json.h: the pieces of JSON that grab --json writes, in ripgrep's
   spelling (its printer's serde_json output, byte for byte where the
   values agree): strings escaped as serde_json escapes them, ripgrep's
   "arbitrary data" objects ({"text":...} for valid UTF-8, else
   {"bytes":BASE64}), durations and the stats objects of the end and
   summary records.  Appends to an outbuf; no I/O, no state: safe in any
   thread.  The records themselves are print-json.c's.  */

#ifndef GRABRAT_SEARCH_JSON_H
#define GRABRAT_SEARCH_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "idx.h"

#include "io/outbuf.h"

/* ripgrep's stats object (its printer's Stats): per file in an end
   record, summed over the run in the summary.  */
struct json_stats
{
  struct timespec elapsed;
  intmax_t searches;
  intmax_t searches_with_match;
  intmax_t bytes_searched;
  intmax_t bytes_printed;
  intmax_t matched_lines;
  intmax_t matches;
};

/* Whether P[0..N) is valid UTF-8 as Rust's str::from_utf8 says (RFC
   3629: no overlong forms, no surrogates, nothing past U+10FFFF), which
   decides between "text" and "bytes".  */
bool json_utf8_valid (char const *p, idx_t n);

/* Append P[0..N), valid UTF-8, to OB as a JSON string, quotes
   included.  */
void json_put_string (struct outbuf *ob, char const *p, idx_t n);

/* Append P[0..N) to OB as ripgrep's arbitrary-data object.  */
void json_put_data (struct outbuf *ob, char const *p, idx_t n);

/* Add FROM's counts and time to *TO.  */
void json_stats_add (struct json_stats *to, struct json_stats const *from);

/* Append ST to OB as the stats object of an end record (ripgrep's field
   order) or, if SORTED, of the summary record (whose keys ripgrep
   writes sorted).  */
void json_put_stats (struct outbuf *ob, struct json_stats const *st,
                     bool sorted);

/* Append the summary record for the run's totals ST and its time TOTAL,
   newline included, to OB.  */
void json_put_summary (struct outbuf *ob, struct json_stats const *st,
                       struct timespec total);

/* The time from START to now (CLOCK_MONOTONIC).  */
struct timespec json_elapsed (struct timespec start);

/* Now, on CLOCK_MONOTONIC.  */
struct timespec json_now (void);

#endif
