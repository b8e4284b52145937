/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* merge.h: merging sorted files: the runs sort spilled to temporary
   files, or the inputs of sort -m.  At most --batch-size files are open
   at once; more take extra passes through temporaries, grouped exactly
   as GNU sort groups them, so even unsorted -m inputs merge into the
   same output.  Main thread only.  */

#ifndef GRABRAT_SORT_MERGE_H
#define GRABRAT_SORT_MERGE_H

#include "opts.h"

struct tempfile;

/* A file to merge: a temporary (TEMP not null; NAME is its name) or an
   input.  */
struct mfile
{
  char const *name;
  struct tempfile *temp;
};

/* Merge the NFILES files FILES, whose first NTEMPS are temporaries
   (removed once merged), into OUTFILE (the -o file, already open on
   standard output, or null for standard output).  FILES is used as
   scratch.  Dies (status 2) on errors.  */
void merge_files (struct sort_opts const *o, struct sort_limits const *lim,
                  struct mfile *files, idx_t ntemps, idx_t nfiles,
                  char const *outfile);

#endif
