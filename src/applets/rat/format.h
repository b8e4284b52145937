/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* format.h: cat's formatting options (-b -E -n -s -T -v) and rat's line
   prefixes and colours (--timestamp, --color) applied to a stream of input
   chunks.  The state (line number, run of empty lines, a CR held back at a
   chunk's end, a coloured line still open) carries from chunk to chunk and
   file to file, as in GNU cat.  Output goes to one descriptor through the
   module's buffer; write failures come back as errno values, nothing is
   printed here.  */

#ifndef GRABRAT_RAT_FORMAT_H
#define GRABRAT_RAT_FORMAT_H

#include <stdbool.h>
#include <time.h>

#include "idx.h"

struct color_rules;

struct fmt_opts
{
  bool number;            /* -n: number output lines */
  bool number_nonblank;   /* -b: only the non-empty ones (sets number) */
  bool squeeze;           /* -s: one empty line of each run */
  bool show_ends;         /* -E: $ (or ^M$) before each newline */
  bool show_nonprinting;  /* -v: ^X and M-X notation */
  bool show_tabs;         /* -T: TAB as ^I */
  char const *timestamp;  /* --timestamp: strftime format, or NULL */
  struct color_rules *color;  /* --color: the rules, or NULL */
};

struct fmt;

/* A formatter writing to FD that writes once FLUSH_SIZE bytes are
   queued.  OPTS (and what it points to) must outlive it.  Dies on memory
   exhaustion.  */
struct fmt *fmt_xnew (struct fmt_opts const *opts, int fd, idx_t flush_size);

/* Free F (without writing what it holds).  */
void fmt_free (struct fmt *f);

/* fmt_feed may read this many bytes past the input it is given: it
   scans 16 bytes at a time.  Their values do not change the result, but
   they must be initialized (or valgrind rightly complains that a branch
   depends on them).  */
enum { FMT_SLACK = 16 };

/* Format the LEN input bytes at BUF, read at time *WHEN (NULL unless
   timestamps were asked for).  BUF[LEN] to BUF[LEN + FMT_SLACK - 1] must
   be readable and initialized.  Return 0, or the errno value of a failed
   write (the output is then in an undefined state).  */
int fmt_feed (struct fmt *f, char const *buf, idx_t len,
              struct timespec const *when);

/* Write everything formatted so far.  If DECIDE (the input may block),
   a line held back for its colour gets the colour of what it has so far
   and is written too.  Return 0 or an errno value.  */
int fmt_flush (struct fmt *f, bool decide);

/* From now on, write once SIZE bytes are queued.  */
void fmt_set_flush_size (struct fmt *f, idx_t size);

/* All input is done: write a CR still held back, close an open colour,
   and flush.  Return 0 or an errno value.  */
int fmt_end (struct fmt *f);

#endif
