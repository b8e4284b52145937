/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* output.h: where sorted lines go: the output (standard output, which
   -o has been made to point at) or a temporary run.  Lines are buffered
   and written with full writes; --debug annotations are added on
   standard output only.  Write errors are fatal with GNU sort's
   messages.  Main thread only.  */

#ifndef GRABRAT_SORT_OUTPUT_H
#define GRABRAT_SORT_OUTPUT_H

#include <stdbool.h>

#include "io/outbuf.h"
#include "opts.h"

struct sink
{
  struct sort_opts const *o;
  int fd;
  char const *name;   /* for messages; null for standard output */
  bool annotate;      /* --debug marks after each line */
  idx_t stdio_size;   /* the stdio buffer GNU sort would have for FD */
  idx_t stdio_room;   /* what it would have room for yet */
  struct outbuf ob;
};

/* Start writing to the output.  OUTFILE is the -o file (already on
   standard output) or null; like GNU sort, truncate it now, when all
   input has been read.  */
void sink_xopen_output (struct sink *s, struct sort_opts const *o,
                        char const *outfile);

/* Start writing to FD, the temporary file NAME.  */
void sink_open_temp (struct sink *s, struct sort_opts const *o, int fd,
                     char const *name);

/* Write LINE and the end-of-line byte.  */
void sink_xline (struct sink *s, struct line const *line);

/* Write what is buffered; close the file unless it is standard output
   (close_stdout does that at exit).  */
void sink_xclose (struct sink *s);

#endif
